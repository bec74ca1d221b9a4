// Figure of the challenge flow: time from calling authenticate3DS to the issuer page's code field
// being visible, in headless Chromium on loopback, over three origins (merchant page, API,
// challenge). One warm-up run, then 20 measured; prints median and max. Needs `npm run build`.
//
//   npm run bench:challenge            (CHROMIUM_PATH overrides /usr/bin/chromium)
import { createServer } from 'node:http';
import { chromium } from '@playwright/test';
import { startSandbox } from '../dist/sandbox/index.js';

const RUNS = 20;
const TARGET_MS = 300;
const CARD = '4000000000002503';

const sandbox = await startSandbox();
const page = `<!doctype html><html><head><meta charset="utf-8"><title>Checkout</title></head><body><h1>Checkout</h1><script src="${sandbox.sdkUrl}"></script></body></html>`;
const merchant = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(page);
});
await new Promise((resolve) => merchant.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

try {
  const tab = await browser.newPage();
  await tab.goto(`http://127.0.0.1:${merchant.address().port}/checkout`);
  const res = await fetch(`${sandbox.apiUrl}/checkout-sdk/sessions`, { method: 'POST', headers: { Authorization: `Bearer ${sandbox.token}` } });
  const { session } = await res.json();
  const code = tab.frameLocator('dialog iframe').frameLocator('#acs').locator('#code');

  const once = async () => {
    const started = performance.now();
    await tab.evaluate(
      ({ session, card }) => {
        const G = window.Gateway;
        G.setUp({ session, env: 'SANDBOX' });
        window.__settled = G.authenticate3DS({
          dataOnly: false,
          data: {
            customer: { name: 'Maria Silva', email: 'maria@example.com.br', phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }] },
            paymentMethod: { type: 'CREDIT_CARD', installments: 1, card: { number: card, expMonth: 12, expYear: 2099, holder: { name: 'Maria Silva' } } },
            amount: { value: 15000, currency: 'BRL' },
            billingAddress: { street: 'Avenida Paulista', number: '1000', city: 'São Paulo', regionCode: 'SP', country: 'BRA', postalCode: '01310100' },
          },
        }).catch((e) => e.code);
      },
      { session, card: CARD },
    );
    await code.waitFor({ state: 'visible' });
    const ms = performance.now() - started;
    await tab.getByRole('button', { name: 'Fechar e cancelar a verificação' }).click();
    const end = await tab.evaluate(() => window.__settled);
    if (end !== 'CHALLENGE_CANCELED') throw new Error(`run ended with ${end}`);
    return ms;
  };

  await once();
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  const median = (times[RUNS / 2 - 1] + times[RUNS / 2]) / 2;
  const max = times[RUNS - 1];
  console.log(`challenge: authenticate3DS -> issuer code field visible, ${RUNS} runs (after 1 warm-up), headless Chromium, loopback`);
  console.log(`  median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms, min ${times[0].toFixed(1)} ms (target: median <= ${TARGET_MS} ms)`);
  if (median > TARGET_MS) process.exitCode = 1;
} finally {
  await browser.close();
  merchant.close();
  await sandbox.close();
}
