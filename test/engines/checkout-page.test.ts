// The hosted checkout's pay page (docs/checkouts.md#the-pay-page) in Firefox ESR and WebKitGTK: the
// page on the API's origin, the card fields and the challenge on the challenge origin. ENGINE picks
// the engine, as for checkout.test.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../dist/sandbox/index.js';
import { CARD, CODE, submitCode, until } from './checkout-support';
import type { EngineDriver } from './engine-driver';
import { launchEngine } from './launch-engine';

let driver: EngineDriver;
let sandbox: Sandbox;

beforeAll(async () => {
  [driver, sandbox] = await Promise.all([launchEngine(), startSandbox()]);
});

afterAll(async () => {
  await Promise.all([driver?.close(), sandbox?.close()]);
});

const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
};

const newCheckout = async (extra: Record<string, unknown>) =>
  (await api('POST', '/checkouts', {
    items: [{ name: 'Camiseta', quantity: 1, unit_amount: 15000 }],
    ...extra,
  })) as { id: string; links: Array<{ rel: string; href: string }> };

/** Clicks a field of the page and types into it, as the shopper does. */
async function fill(name: string, text: string) {
  await driver.click('page', `#pay-form [name="${name}"]`);
  await driver.type(text);
}

const shot = async (name: string) => {
  mkdirSync('test-results/engines', { recursive: true });
  writeFileSync(`test-results/engines/${name}-${driver.name}.png`, await driver.screenshot());
};

describe('the checkout pay page', () => {
  it('card with a challenge: the shopper types their data and the card, passes the challenge, the order is PAID', async () => {
    const checkout = await newCheckout({ payment_methods: [{ type: 'CREDIT_CARD' }, { type: 'PIX' }] });
    await driver.goto(checkout.links.find((l) => l.rel === 'PAY')!.href);
    await until(driver, 'page', `document.querySelector('#pay-form[data-ready=true]')`, 'pay page ready');
    for (const [name, text] of [
      ['name', 'Maria da Silva'],
      ['email', 'maria@example.com'],
      ['tax_id', '12345678909'],
      ['phone', '11912345678'],
      ['postal_code', '01310100'],
      ['region_code', 'SP'],
      ['street', 'Avenida Paulista'],
      ['number', '1000'],
      ['locality', 'Bela Vista'],
      ['city', 'São Paulo'],
    ])
      await fill(name!, text!);
    for (const [frame, text] of [
      ['card:number', CARD.challenge],
      ['card:expiry', '1230'],
      ['card:securityCode', '123'],
    ] as const) {
      await driver.click(frame, 'input');
      await driver.type(text);
    }
    await shot('checkout-pay-page');
    await driver.click('page', '[data-pay-submit]');
    await submitCode(driver, CODE.AUTHENTICATES);
    await until(driver, 'page', `document.querySelector('[data-pay-result=PAID]')`, 'the page shows PAID');
    const read = await api('GET', `/checkouts/${checkout.id}`);
    expect(read.orders[0].charges[0]).toMatchObject({
      status: 'PAID',
      payment_method: { type: 'CREDIT_CARD', authentication_method: { status: 'AUTHENTICATED' } },
    });
    // The page never holds the number.
    expect(await driver.evaluate('page', `document.documentElement.outerHTML.includes('${CARD.challenge}')`)).toBe(
      false,
    );
  });

  it("Pay with nothing typed: the summary takes the focus and lists every field, the card's last, each frame saying why", async () => {
    const checkout = await newCheckout({ payment_methods: [{ type: 'CREDIT_CARD' }] });
    await driver.goto(checkout.links.find((l) => l.rel === 'PAY')!.href);
    await until(driver, 'page', `document.querySelector('#pay-form[data-ready=true]')`, 'pay page ready');
    await driver.click('page', '[data-pay-submit]');
    await until(driver, 'page', `document.activeElement?.id === 'error-summary'`, 'the summary has the focus');
    const labels = await driver.evaluate<string[]>(
      'page',
      `[...document.querySelectorAll('#error-summary-list a')].map((a) => a.textContent.split(':')[0])`,
    );
    expect(labels.slice(0, 2)).toEqual(['Nome completo', 'E-mail']);
    expect(labels.slice(-3)).toEqual(['Número do cartão', 'Validade', 'CVV']);
    await until(
      driver,
      'card:securityCode',
      `document.querySelector('input')?.getAttribute('aria-invalid') === 'true'`,
    );
    await driver.evaluate('page', 'window.scrollTo(0, 0)');
    await shot('checkout-pay-problems');
  });

  it('Pix for a known customer: the code is shown, the sandbox pays it, the page follows it to PAID', async () => {
    const checkout = await newCheckout({
      customer: { name: 'Maria da Silva', email: 'maria@example.com', tax_id: '12345678909' },
      payment_methods: [{ type: 'PIX' }],
    });
    await driver.goto(checkout.links.find((l) => l.rel === 'PAY')!.href);
    await until(driver, 'page', `document.querySelector('#pay-form[data-ready=true]')`, 'pay page ready');
    await driver.click('page', '[data-pay-submit]');
    await until(driver, 'page', `document.querySelector('[data-pay-result=WAITING] img.qr')?.complete`, 'the QR code');
    await shot('checkout-pay-pix');
    await driver.click('page', '[data-pay-simulate]');
    await until(driver, 'page', `document.querySelector('[data-pay-result=PAID]')`, 'the page shows PAID');
    const read = await api('GET', `/checkouts/${checkout.id}`);
    expect(read.orders[0].charges[0]).toMatchObject({ status: 'PAID', payment_method: { type: 'PIX' } });
  });
});
