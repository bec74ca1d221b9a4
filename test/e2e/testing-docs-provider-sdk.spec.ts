import { createServer } from 'node:http';
import { test, expect, passChallenge } from '@gateway/sdk/testing';

// Your checkout page as it is: it loads the provider's SDK and calls window.PagSeguro.
const page = `<!doctype html><html lang="pt-BR"><body><input id="card" aria-label="Card"><button id="pay">Pay</button>
<output id="result"></output><script src="https://assets.pagseguro.com.br/checkout-sdk-js/rc/dist/browser/pagseguro.min.js"></script><script>
  const post = (path, body) => fetch(path, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
  pay.onclick = async () => {
    const { session, publicKey } = await post('/checkout', {});
    const card = PagSeguro.encryptCard({ publicKey, holder: 'Maria Silva', number: document.getElementById('card').value, expMonth: '12', expYear: '2030', securityCode: '123' });
    PagSeguro.setUp({ session, env: PagSeguro.env.SANDBOX });
    const data = { customer: { name: 'Maria Silva', email: 'maria@example.com', phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }] },
      billingAddress: { street: 'Av. Paulista', number: '1000', city: 'São Paulo', regionCode: 'SP', country: 'BRA', postalCode: '01310100' },
      amount: { value: 15000, currency: 'BRL' }, paymentMethod: { type: 'CREDIT_CARD', installments: 1, card: { encrypted: card.encryptedCard } } };
    const { id } = await PagSeguro.authenticate3DS({ data, dataOnly: false });
    result.textContent = (await post('/pay', { encrypted: card.encryptedCard, id })).status;
  };
</script></body></html>`;

let server: ReturnType<typeof createServer>;
test.afterEach(() => void server.close());

test.beforeEach(async ({ page: tab, gateway }) => {
  await gateway.routeProviderSdk(tab); // the provider's script URL now serves this SDK, pointed at the sandbox
  // Your server, configured with the sandbox's URL and token instead of the provider's.
  const api = (path: string, body: object) =>
    fetch(`${gateway.apiUrl}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { Authorization: `Bearer ${gateway.token}`, 'Content-Type': 'application/json' },
    }).then((r) => r.json());
  server = createServer(async (req, res) => {
    if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    let body = '';
    for await (const chunk of req) body += chunk;
    const { encrypted, id } = JSON.parse(body || '{}');
    const order = {
      customer: { name: 'Maria Silva', email: 'maria@example.com', tax_id: '12345678909' },
      charges: [
        {
          amount: { value: 15000, currency: 'BRL' },
          payment_method: {
            type: 'CREDIT_CARD',
            installments: 1,
            capture: true,
            card: { encrypted },
            authentication_method: { type: 'THREEDS', id },
          },
        },
      ],
    };
    const answer =
      req.url === '/checkout'
        ? {
            session: (await api('/checkout-sdk/sessions', {})).session,
            publicKey: (await api('/public-keys', { type: 'card' })).public_key,
          }
        : { status: (await api('/orders', order)).charges[0].status };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  await tab.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
});

test('the checkout written for the provider pays with a challenge card', async ({ page }) => {
  await page.getByLabel('Card').fill('4000000000002503');
  await page.getByRole('button', { name: 'Pay' }).click();
  await passChallenge(page);
  await expect(page.locator('#result')).toHaveText('PAID');
});

test('the checkout written for the provider pays with a frictionless card', async ({ page }) => {
  await page.getByLabel('Card').fill('4000000000002370');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.locator('#result')).toHaveText('PAID');
});
