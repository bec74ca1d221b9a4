import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// No 'unsafe-eval', no 'unsafe-inline': every script is an external file from the page's origin.
const STRICT_CSP = "script-src 'self'; object-src 'none'";

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

const file = (name: string) => fileURLToPath(new URL(`./pages/${name}`, import.meta.url));
const html = (scripts: string[]) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Strict CSP checkout</title><script src="/csp/csp-listener.js"></script></head><body><h1>Checkout</h1>${scripts.map((s) => `<script src="${s}"></script>`).join('')}<script src="/csp/csp-canary.js"></script></body></html>`;

/**
 * Every violation the page raised. Fires the canary (one known violation) and waits for it:
 * violation events arrive in order, so by then every earlier one has been recorded too.
 */
async function violations(page: Page): Promise<Violation[]> {
  await page.evaluate(() => (window as unknown as { __canary(): void }).__canary());
  await page.waitForFunction(() =>
    (window as unknown as { __violations: Violation[] }).__violations.some((v) => v.blocked === 'inline'),
  );
  const all = await page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations);
  return all.filter((v) => v.blocked !== 'inline');
}

test.beforeEach(({ merchant }) => {
  for (const name of ['csp-listener.js', 'csp-canary.js', 'csp-checkout.js', 'csp-eval-probe.js'])
    merchant.file(`/csp/${name}`, file(name), 'text/javascript');
});

test('the CSP test sees an eval probe (the check can fail)', async ({ page, merchant }) => {
  await page.goto(
    merchant.page('/csp/probe', {
      html: html(['/csp/csp-eval-probe.js']),
      headers: { 'Content-Security-Policy': STRICT_CSP },
    }),
  );
  expect(await violations(page)).toEqual([expect.objectContaining({ blocked: 'eval' })]);
});

test('loading the SDK and validating requests raises no CSP violation and leaves the page zod configuration as it was', async ({
  page,
  merchant,
}) => {
  const url = merchant.page('/csp/checkout', {
    html: html(['/gateway.js', '/csp/csp-checkout.js']),
    headers: { 'Content-Security-Policy': STRICT_CSP },
  });
  const response = await page.goto(url);
  expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP);
  await page.waitForFunction(() => Array.isArray((window as unknown as { __checkout?: unknown[] }).__checkout));

  const results = await page.evaluate(
    () =>
      (
        window as unknown as {
          __checkout: Array<{
            ok: boolean;
            error?: { code: string; detail: { errorMessages: Array<{ parameterName: string; description: string }> } };
          }>;
        }
      ).__checkout,
  );
  // The invalid request failed validation, with the SDK's own messages, not the page's zod ones.
  expect(results[0]!.ok).toBe(false);
  expect(results[0]!.error!.code).toBe('VALIDATION_ERROR');
  expect(results[0]!.error!.detail.errorMessages.map((e) => e.parameterName)).toEqual([
    'data.customer.name',
    'data.amount.value',
  ]);
  expect(JSON.stringify(results[0])).not.toContain('PAGE-ZOD-MESSAGE');
  // The valid one passed validation and went to the API (the merchant origin answers 404).
  expect(results[1]!.ok).toBe(false);
  expect(results[1]!.error!.code).toBe('REQUEST_REJECTED');

  expect(await violations(page)).toEqual([]);

  const config = await page.evaluate(() => {
    const w = window as unknown as {
      __zod_globalConfig: Record<string, unknown>;
      __pageZodConfig: object;
      __pageCustomError: unknown;
      __postProcessed: number;
    };
    return {
      sameObject: w.__zod_globalConfig === w.__pageZodConfig,
      keys: Object.keys(w.__zod_globalConfig),
      jitless: w.__zod_globalConfig.jitless,
      sameCustomError: w.__zod_globalConfig.customError === w.__pageCustomError,
      postProcessed: w.__postProcessed,
    };
  });
  // The SDK carries no zod (its request check walks the shape of core/authentication-request.ts
  // by hand): it neither reads nor sets the page-wide configuration a merchant's zod uses, never
  // hands a schema to the page's post-processor (zod/compile's hook), and the page's customError
  // never replaces one of its messages.
  expect(config).toEqual({
    sameObject: true,
    keys: ['jitless', 'customError', 'postProcessor'],
    jitless: false,
    sameCustomError: true,
    postProcessed: 0,
  });
});

test('on a page without any zod, the SDK leaves no zod global', async ({ page, merchant }) => {
  // No listener script here: it would set a configuration. The SDK alone, then a look.
  const plain = `<!doctype html><html><head><meta charset="utf-8"></head><body><script src="/gateway.js"></script><script src="/csp/csp-checkout.js"></script></body></html>`;
  await page.goto(merchant.page('/csp/plain', { html: plain, headers: { 'Content-Security-Policy': STRICT_CSP } }));
  await page.waitForFunction(() => Array.isArray((window as unknown as { __checkout?: unknown[] }).__checkout));
  const config = await page.evaluate(
    () => (globalThis as unknown as { __zod_globalConfig?: object }).__zod_globalConfig,
  );
  // The SDK carries no zod, so it creates no shared configuration: a merchant's zod loaded later
  // starts from its own defaults.
  expect(config).toBeUndefined();
});
