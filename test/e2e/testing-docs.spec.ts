import { createServer } from 'node:http';
import { test, expect, waitForChallenge, passChallenge, cancelChallenge } from '@gateway/sdk/testing';

const checkout = (sdkUrl: string, session: string) => `<!doctype html><html lang="en"><body><input id="card" aria-label="Card">
<button id="pay">Pay</button><output id="result"></output><script src="${sdkUrl}"></script><script>
  Gateway.setUp({ session: '${session}', env: 'SANDBOX' });
  const customer = { name: 'Maria Silva', email: 'maria@example.com', phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }] };
  const billingAddress = { street: 'Av. Paulista', number: '1000', city: 'São Paulo', regionCode: 'SP', country: 'BRA', postalCode: '01310100' };
  const card = () => ({ number: document.getElementById('card').value, expMonth: 12, expYear: 2030, holder: { name: 'Maria Silva' } });
  pay.onclick = () => Gateway.authenticate3DS({ dataOnly: false, data: { customer, billingAddress, amount: { value: 15000, currency: 'BRL' },
      paymentMethod: { type: 'CREDIT_CARD', installments: 1, card: card() } } })
    .then((r) => r.authenticationStatus, (e) => e.code).then((text) => (result.textContent = text));
</script></body></html>`;

test.beforeEach(async ({ page, gateway }) => {
  const html = checkout(gateway.sdkUrl, await gateway.newSession()); // the session: your server makes it with its token
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  await page.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
  server.close(); // the page is loaded: the test needs nothing more from it
});

test('a challenge card: the shopper passes the challenge', async ({ page }) => {
  await page.getByLabel('Card').fill('4000000000002503');
  await page.getByRole('button', { name: 'Pay' }).click();
  expect(await waitForChallenge(page)).toEqual({ brand: 'visa', issuer: 'Banco Exemplo' });
  await passChallenge(page);
  await expect(page.locator('#result')).toHaveText('AUTHENTICATED');
});

test('a frictionless card: no challenge shows', async ({ page }) => {
  await page.getByLabel('Card').fill('4000000000002370');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.locator('#result')).toHaveText('AUTHENTICATED');
});

test('the shopper closes the challenge: the payment is canceled', async ({ page }) => {
  await page.getByLabel('Card').fill('4000000000002503');
  await page.getByRole('button', { name: 'Pay' }).click();
  await cancelChallenge(page, 'close-button');
  await expect(page.locator('#result')).toHaveText('CHALLENGE_CANCELED');
});
