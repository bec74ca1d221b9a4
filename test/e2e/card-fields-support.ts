import type { Page } from '@playwright/test';
import type { Sandbox } from '../../dist/sandbox/index.js';
import { newSession } from './challenge-support';
import { expect } from './fixtures';
import type { MerchantServer } from './merchant-server';

/** The merchant's public key, as its server would hand it to the page. */
export async function publicKeyOf(sandbox: Sandbox): Promise<string> {
  const res = await fetch(`${sandbox.apiUrl}/public-keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.token}`, 'Content-Type': 'application/json' },
    body: '{"type":"card"}',
  });
  return ((await res.json()) as { public_key: string }).public_key;
}

/** A checkout with a container per field, the SDK from the sandbox, and the page's own controls before and after. */
export function cardFieldsHtml(sandbox: Sandbox, head = ''): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Checkout</title>${head}</head>
<body><main><h1>Checkout</h1>
<label for="email">E-mail</label> <input id="email" value="maria@example.com">
<div id="card-number"></div><div id="card-expiry"></div><div id="card-cvv"></div><div id="card-holder"></div>
<button id="pay" type="button">Pagar</button></main>
<script src="${sandbox.sdkUrl}"></script></body></html>`;
}

export interface FieldsOptions {
  holder?: boolean;
  locale?: 'pt-BR' | 'en';
  style?: object;
  timeout?: number;
}

/**
 * Opens the page, sets the SDK up and creates the fields; every event is logged in
 * `window.__fieldEvents` (name and payload as JSON) and the fields are `window.__fields`.
 */
export async function openCardFields(
  page: Page,
  merchant: MerchantServer,
  sandbox: Sandbox,
  options: FieldsOptions & { path?: string; headers?: Record<string, string>; waitReady?: boolean } = {},
): Promise<{ session: string; publicKey: string }> {
  const [session, publicKey] = await Promise.all([newSession(sandbox), publicKeyOf(sandbox)]);
  await page.goto(
    merchant.page(options.path ?? '/fields', { html: cardFieldsHtml(sandbox), headers: options.headers }),
  );
  await page.evaluate(
    ({ session, publicKey, o }) => {
      const w = window as unknown as Record<string, unknown> & {
        Gateway: {
          setUp(x: object): void;
          createCardFields(x: object): { on(e: string, h: (p: unknown) => void): void };
        };
      };
      w.Gateway.setUp({ session, env: 'SANDBOX', ...(o.timeout && { timeout: o.timeout }) });
      const events: Array<{ event: string; payload: string }> = [];
      w.__fieldEvents = events;
      const fields = w.Gateway.createCardFields({
        publicKey,
        fields: {
          number: { container: '#card-number' },
          expiry: { container: '#card-expiry' },
          securityCode: { container: '#card-cvv' },
          ...(o.holder && { holderName: { container: '#card-holder' } }),
        },
        ...(o.locale && { locale: o.locale }),
        ...(o.style && { style: o.style }),
      });
      w.__fields = fields;
      for (const event of ['ready', 'change', 'focus', 'blur', 'submit', 'error'])
        fields.on(event, (payload) =>
          events.push({
            event,
            payload: JSON.stringify(payload, (k, v) => (k === 'error' ? { code: v.code, message: v.message } : v)),
          }),
        );
    },
    { session, publicKey, o: options },
  );
  if (options.waitReady !== false) await expect.poll(() => eventNames(page)).toContain('ready');
  return { session, publicKey };
}

export const eventNames = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    ((window as unknown as { __fieldEvents: Array<{ event: string }> }).__fieldEvents ?? []).map((e) => e.event),
  );

export const fieldEvents = (page: Page): Promise<Array<{ event: string; payload: string }>> =>
  page.evaluate(
    () => (window as unknown as { __fieldEvents: Array<{ event: string; payload: string }> }).__fieldEvents,
  );

/** Calls fields.encrypt() in the page. */
export const encryptFields = (page: Page, holderName?: string) =>
  page.evaluate(
    (holderName) =>
      (window as unknown as { __fields: { encrypt(o?: object): Promise<unknown> } }).__fields.encrypt(
        holderName === undefined ? undefined : { holderName },
      ),
    holderName,
  ) as Promise<{
    hasErrors: boolean;
    encryptedCard?: string;
    card?: { brand: string; firstDigits: string; lastDigits: string; expMonth: number; expYear: number };
    errors: Array<{ code: string; parameterName: string; message: string }>;
  }>;
