import type { Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openCheckout } from './challenge-support';
import { expect, test } from './fixtures';

// The script-tag build fetches its card-encryption code (gateway-encrypt.js) only on the first
// encryptCard call, from beside gateway.js, pinned by the integrity hash gateway.js carries.

const CARD = {
  holder: 'Maria Silva',
  number: '4000000000002503',
  expMonth: '12',
  expYear: '2099',
  securityCode: '123',
};

/** Calls encryptCard in the page with the sandbox's public key (or `publicKey`). */
const encrypt = (page: Page, publicKey: string, card: Record<string, string> = CARD) =>
  page.evaluate(
    ({ publicKey, card }) =>
      (window as unknown as { Gateway: { encryptCard(i: object): Promise<unknown> } }).Gateway.encryptCard({
        publicKey,
        ...card,
      }),
    { publicKey, card },
  ) as Promise<{
    hasErrors: boolean;
    encryptedCard?: string;
    errors: Array<{ code: string; parameterName: string; message: string }>;
  }>;

const publicKeyOf = async (apiUrl: string, token: string): Promise<string> => {
  const res = await fetch(`${apiUrl}/public-keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: '{"type":"card"}',
  });
  return ((await res.json()) as { public_key: string }).public_key;
};

test('gateway.js carries no card-encryption code; the first encryptCard loads it once, with integrity, and every rule still answers', async ({
  page,
  merchant,
  sandbox,
}) => {
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
  const script = readFileSync('dist/gateway.js', 'utf8');
  expect(script).not.toContain('RSA-OAEP');
  const sri = `sha384-${createHash('sha384').update(readFileSync('dist/gateway-encrypt.js')).digest('base64')}`;
  expect(script).toContain(sri);

  await openCheckout(page, merchant, sandbox, { path: '/checkout-encrypt' });
  expect(loaded).not.toContain('/sdk/gateway-encrypt.js');
  const key = await publicKeyOf(sandbox.apiUrl, sandbox.token);
  const sealed = await encrypt(page, key);
  expect(sealed).toMatchObject({ hasErrors: false, errors: [] });
  expect(sealed.encryptedCard).toMatch(/^[A-Za-z0-9+/]+=*$/);
  // Every problem at once, from the loaded code, as before it moved out of gateway.js.
  const bad = await encrypt(page, key, {
    holder: '',
    number: '4111',
    expMonth: '13',
    expYear: '20',
    securityCode: '1',
  });
  expect(bad.errors.map((e) => e.code)).toEqual([
    'INVALID_NUMBER',
    'INVALID_SECURITY_CODE',
    'INVALID_EXPIRATION_MONTH',
    'INVALID_EXPIRATION_YEAR',
    'INVALID_HOLDER',
  ]);
  expect(JSON.stringify(bad)).not.toContain('4111');
  expect(loaded.filter((p) => p === '/sdk/gateway-encrypt.js')).toHaveLength(1);
  expect(await page.evaluate(() => document.querySelectorAll('script[src*="gateway-encrypt"]').length)).toBe(0);
});

test('a card-encryption code that cannot load resolves ENCRYPTION_UNAVAILABLE, and the next call tries again', async ({
  page,
  merchant,
  sandbox,
}) => {
  await page.route('**/sdk/gateway-encrypt.js', (route) => route.abort('connectionreset'));
  await openCheckout(page, merchant, sandbox, { path: '/checkout-encrypt-offline' });
  const key = await publicKeyOf(sandbox.apiUrl, sandbox.token);
  const failed = await encrypt(page, key);
  expect(failed).toMatchObject({
    hasErrors: true,
    errors: [{ code: 'ENCRYPTION_UNAVAILABLE', parameterName: 'publicKey' }],
  });
  expect(failed.errors[0]!.message).toContain('gateway-encrypt.js');
  expect(JSON.stringify(failed)).not.toContain(CARD.number);

  await page.unroute('**/sdk/gateway-encrypt.js');
  expect(await encrypt(page, key)).toMatchObject({ hasErrors: false });
});

test('a gateway-encrypt.js that is not the one gateway.js was built with is refused (subresource integrity)', async ({
  page,
  merchant,
  sandbox,
}) => {
  await page.route('**/sdk/gateway-encrypt.js', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      headers: { 'access-control-allow-origin': '*' },
      body: `${readFileSync('dist/gateway-encrypt.js', 'utf8')}\n// changed`,
    }),
  );
  await openCheckout(page, merchant, sandbox, { path: '/checkout-encrypt-tampered' });
  const result = await encrypt(page, await publicKeyOf(sandbox.apiUrl, sandbox.token));
  expect(result).toMatchObject({ hasErrors: true, errors: [{ code: 'ENCRYPTION_UNAVAILABLE' }] });
});
