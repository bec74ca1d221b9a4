// The hosted card fields' sandbox side (docs/card-fields.md#how-it-works): where the SDK frames them
// (GET /checkout-sdk/card-fields) and the field page itself, with its parameters and CSP.
import { createHash } from 'node:crypto';
import { describe, expect } from 'vitest';
import { createSession } from './support/sdk-client';
import { it } from './support/sandbox-test';

const PARENT = 'http://shop.example:8080';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('GET /checkout-sdk/card-fields', () => {
  it("answers the field page's address on the challenge origin, to a session only, with CORS for the page", async ({
    sandbox,
  }) => {
    const session = await createSession(sandbox);
    const res = await fetch(`${sandbox.apiUrl}/checkout-sdk/card-fields`, {
      headers: { 'x-gateway-session': session, origin: PARENT },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(await res.json()).toEqual({ field_url: `${sandbox.challengeUrl}/card-fields/field` });
    const anonymous = await fetch(`${sandbox.apiUrl}/checkout-sdk/card-fields`);
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /card-fields/field', () => {
  const page = (sandbox: { challengeUrl: string }, query: Record<string, string>) =>
    fetch(`${sandbox.challengeUrl}/card-fields/field?${new URLSearchParams(query)}`, {
      headers: { accept: 'text/html' },
    });

  it('is the field, its script and stylesheet inline and allowed by hash, framed by the parent only, connecting nowhere', async ({
    sandbox,
  }) => {
    const res = await page(sandbox, { field: 'securityCode', parent: PARENT, locale: 'en' });
    expect(res.status).toBe(200);
    const html = await res.text();
    const csp = res.headers.get('content-security-policy')!;
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(csp).toBe(
      `default-src 'none'; script-src ${sha256(script)}; style-src ${sha256(style)}; font-src https:; ` +
        `base-uri 'none'; form-action 'none'; frame-ancestors ${PARENT}`,
    );
    expect(html).toContain(`data-field="securityCode" data-parent="${PARENT}" data-locale="en"`);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    // No address of another origin anywhere in the page: nothing third-party loads.
    expect(html.match(/https?:\/\/[^"'\s)]+/g)?.filter((u) => !u.startsWith(PARENT)) ?? []).toEqual([]);
  });

  it('refuses a missing or bad field and parent with 400 naming each, a bad locale too', async ({ sandbox }) => {
    const none = await fetch(`${sandbox.challengeUrl}/card-fields/field`);
    expect(none.status).toBe(400);
    expect(
      ((await none.json()) as { error_messages: Array<{ parameter_name: string }> }).error_messages.map(
        (e) => e.parameter_name,
      ),
    ).toEqual(['field', 'parent']);
    const bad = await fetch(`${sandbox.challengeUrl}/card-fields/field?field=pin&parent=javascript:1&locale=fr`);
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error_messages: Array<{ parameter_name: string }> }).error_messages.map(
        (e) => e.parameter_name,
      ),
    ).toEqual(['field', 'parent', 'locale']);
    // A browser gets the error as a page.
    const html = await page(sandbox, { field: 'pin', parent: PARENT });
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('GET /card-fields/field with --cors-origin', () => {
  it('serves only the checkout origins the sandbox allows', async ({ startSandbox }) => {
    const sandbox = await startSandbox({ corsOrigins: [PARENT] });
    const allowed = await fetch(
      `${sandbox.challengeUrl}/card-fields/field?field=number&parent=${encodeURIComponent(PARENT)}`,
    );
    expect(allowed.status).toBe(200);
    const other = await fetch(
      `${sandbox.challengeUrl}/card-fields/field?field=number&parent=${encodeURIComponent('https://evil.example')}`,
    );
    expect(other.status).toBe(403);
  });
});
