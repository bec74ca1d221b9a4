import { createServer } from 'node:http';
import { test, expect, fillCardFields, readCardFields, passChallenge } from '@gateway/sdk/testing';

// Your server's calls, with the merchant's token: the public key the page encrypts with, and a session.
const publicKey = async (apiUrl: string, token: string) => {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  return (await (await fetch(`${apiUrl}/public-keys`, { method: 'POST', headers, body: '{"type":"card"}' })).json())
    .public_key;
};

const checkout = (sdkUrl: string, session: string, key: string) => `<!doctype html><html lang="en"><body>
<div id="number"></div><div id="expiry"></div><div id="cvv"></div><button id="pay">Pay</button><output id="result"></output>
<script src="${sdkUrl}"></script><script>
  Gateway.setUp({ session: '${session}', env: 'SANDBOX' });
  const fields = Gateway.createCardFields({ publicKey: ${JSON.stringify(key)},
    fields: { number: { container: '#number' }, expiry: { container: '#expiry' }, securityCode: { container: '#cvv' } } });
  const customer = { name: 'Maria Silva', email: 'maria@example.com', phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }] };
  const billingAddress = { street: 'Av. Paulista', number: '1000', city: 'São Paulo', regionCode: 'SP', country: 'BRA', postalCode: '01310100' };
  pay.onclick = async () => {
    const card = await fields.encrypt({ holderName: 'Maria Silva' });
    if (card.hasErrors) return (result.textContent = card.errors.map((e) => e.parameterName).join());
    const r = await Gateway.authenticate3DS({ dataOnly: false, data: { customer, billingAddress, amount: { value: 15000, currency: 'BRL' },
      paymentMethod: { type: 'CREDIT_CARD', installments: 1, card: { encrypted: card.encryptedCard } } } }).catch((e) => e);
    result.textContent = r.authenticationStatus ?? r.code;
  };
</script></body></html>`;

test.beforeEach(async ({ page, gateway }) => {
  const html = checkout(gateway.sdkUrl, await gateway.newSession(), await publicKey(gateway.apiUrl, gateway.token));
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  await page.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
  server.close();
});

test('hosted card fields: one call types the card, then the shopper passes the challenge', async ({ page }) => {
  await fillCardFields(page, 'challenge');
  expect((await readCardFields(page)).number).toEqual({ value: '4000 0000 0000 2503', message: '', invalid: false });
  await page.getByRole('button', { name: 'Pay' }).click();
  await passChallenge(page);
  await expect(page.locator('#result')).toHaveText('AUTHENTICATED');
});

test('hosted card fields: a mistyped number is shown to the shopper and named by encrypt()', async ({ page }) => {
  await fillCardFields(page, { number: '4000000000002504', expiry: '12/30', securityCode: '123' });
  expect((await readCardFields(page)).number).toMatchObject({ invalid: true });
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.locator('#result')).toHaveText('number');
});
