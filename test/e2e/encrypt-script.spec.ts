import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openCheckout } from './challenge-support';
import { expect, test } from './fixtures';

// The script-tag build's encryptCard is in gateway.js itself and answers at once, as the
// provider's PagSeguro.encryptCard does: no script to fetch, no promise to wait for, and no
// WebCrypto needed (a page on plain http: has no crypto.subtle; the last test takes it away).

const CARD = {
  holder: 'Maria Silva',
  number: '4000000000002503',
  expMonth: '12',
  expYear: '2099',
  securityCode: '123',
};

interface Result {
  hasErrors: boolean;
  encryptedCard?: string;
  errors: Array<{ code: string; parameterName: string; message: string }>;
}

/** Calls encryptCard in the page and reads the result without awaiting it (plus whether it was a thenable). */
const encryptAtOnce = (page: Page, publicKey: string, card: Record<string, string> = CARD) =>
  page.evaluate(
    ({ publicKey, card }) => {
      const result = (window as unknown as { Gateway: { encryptCard(i: object): Result } }).Gateway.encryptCard({
        publicKey,
        ...card,
      });
      return { thenable: typeof (result as { then?: unknown }).then === 'function', result };
    },
    { publicKey, card },
  );

const publicKeyOf = async (apiUrl: string, token: string): Promise<string> => {
  const res = await fetch(`${apiUrl}/public-keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: '{"type":"card"}',
  });
  return ((await res.json()) as { public_key: string }).public_key;
};

test('gateway.js encrypts a card synchronously, loads no other script for it, and every rule still answers', async ({
  page,
  merchant,
  sandbox,
}) => {
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
  await openCheckout(page, merchant, sandbox, { path: '/checkout-encrypt' });
  const key = await publicKeyOf(sandbox.apiUrl, sandbox.token);
  const sealed = await encryptAtOnce(page, key);
  expect(sealed.thenable).toBe(false);
  expect(sealed.result).toMatchObject({ hasErrors: false, errors: [] });
  expect(sealed.result.encryptedCard).toMatch(/^[A-Za-z0-9+/]+=*$/);
  // `await` keeps working: awaiting a plain object gives it back.
  const awaited = await page.evaluate(
    async ({ publicKey, card }) =>
      (await (window as unknown as { Gateway: { encryptCard(i: object): Result } }).Gateway.encryptCard({
        publicKey,
        ...card,
      })) as Result,
    { publicKey: key, card: CARD },
  );
  expect(awaited.hasErrors).toBe(false);
  const bad = await encryptAtOnce(page, key, {
    holder: '',
    number: '4111',
    expMonth: '13',
    expYear: '20',
    securityCode: '1',
  });
  expect(bad.result.errors.map((e) => e.code)).toEqual([
    'INVALID_NUMBER',
    'INVALID_SECURITY_CODE',
    'INVALID_EXPIRATION_MONTH',
    'INVALID_EXPIRATION_YEAR',
    'INVALID_HOLDER',
  ]);
  expect(JSON.stringify(bad)).not.toContain('4111');
  // Only the page and gateway.js: no card-encryption script.
  expect(loaded.filter((p) => p.endsWith('.js'))).toEqual(['/sdk/gateway.js']);
  expect(readFileSync('dist/gateway.js', 'utf8')).toContain('encryptCard');
});

test('encryptCard works without crypto.subtle, as on a plain http: page that is not a secure context', async ({
  page,
  merchant,
  sandbox,
}) => {
  await openCheckout(page, merchant, sandbox, { path: '/checkout-encrypt-http' });
  const key = await publicKeyOf(sandbox.apiUrl, sandbox.token);
  // http://127.0.0.1 counts as a secure context, so WebCrypto's subtle API is taken away here,
  // as a page on http://shop.example has it: encryptCard needs only crypto.getRandomValues.
  const result = await page.evaluate(
    ({ publicKey, card }) => {
      Object.defineProperty(crypto, 'subtle', { value: undefined });
      return (window as unknown as { Gateway: { encryptCard(i: object): Result } }).Gateway.encryptCard({
        publicKey,
        ...card,
      });
    },
    { publicKey: key, card: CARD },
  );
  expect(result).toMatchObject({ hasErrors: false, errors: [] });
});
