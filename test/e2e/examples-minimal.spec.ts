// examples/minimal in Chromium, run as a newcomer runs it: `node examples/minimal/server.mjs` with
// GATEWAY_API_URL and GATEWAY_TOKEN from a sandbox, and its page. Three origins: the example's
// server, the sandbox API and the sandbox challenge origin. The guide (README.md) quotes these files.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../dist/sandbox/index.js';
import { cancelChallenge, challengeDialog, submitChallengeCode, waitForChallenge } from '../../dist/testing/index.js';
import { holdRequests } from './examples-support';
import { expect, test as base } from './fixtures';

const SERVER = fileURLToPath(new URL('../../examples/minimal/server.mjs', import.meta.url));

/** The sandbox cards of docs/sandbox.md used here. */
const CARD = {
  frictionless: '4000000000002370',
  challenge: '4000000000002503',
  notSupported: '4000000000002719',
  denied: '4000000000003006',
  /** Frictionless 3DS, then the issuer declines the payment (docs/orders-and-charges.md). */
  declined: '4000000000000002',
} as const;

interface Minimal {
  url: string;
  process: ChildProcess;
}

/** Starts examples/minimal/server.mjs on a free port against `sandbox`; resolves with the URL it prints. */
async function startMinimal(sandbox: Sandbox): Promise<Minimal> {
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, GATEWAY_API_URL: sandbox.apiUrl, GATEWAY_TOKEN: sandbox.token, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const found = /Open (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (found) resolve(found);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`examples/minimal/server.mjs exited (${code}): ${output}`)));
  });
  return { url, process: child };
}

const test = base.extend<object, { minimal: Minimal }>({
  minimal: [
    async ({ sandbox }, use) => {
      const minimal = await startMinimal(sandbox);
      await use(minimal);
      const exited = new Promise((resolve) => minimal.process.once('exit', resolve));
      minimal.process.kill('SIGTERM');
      await exited;
    },
    { scope: 'worker' },
  ],
});

const answer = (page: Page) => page.locator('#answer');

async function pay(page: Page, card: string, type: 'Credit' | 'Debit' = 'Credit'): Promise<void> {
  await page.getByLabel('Type').selectOption({ label: type });
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Pay R$ 134,80' }).click();
}

async function readOrder(sandbox: Sandbox, page: Page): Promise<any> {
  const id = /Order (ORDE_[0-9a-f-]{36})/.exec(await answer(page).innerText())?.[1];
  expect(id).toBeDefined();
  const res = await fetch(`${sandbox.apiUrl}/orders/${id}`, { headers: { Authorization: `Bearer ${sandbox.token}` } });
  expect(res.status).toBe(200);
  return res.json();
}

test.describe('examples/minimal', () => {
  test.beforeEach(async ({ page, minimal }) => {
    await page.goto(minimal.url);
    // The page shows the amount the server sent: the form is ready once it has its session.
    await expect(page.getByRole('button', { name: 'Pay R$ 134,80' })).toBeVisible();
  });

  test('frictionless: paid; the order carries the 3DS id, the server cart and the customer the page sent', async ({
    page,
    sandbox,
  }) => {
    await pay(page, CARD.frictionless);
    await expect(answer(page)).toHaveText(/^Paid! Order ORDE_/);
    await expect(challengeDialog(page)).toHaveCount(0);
    const order = await readOrder(sandbox, page);
    expect(order.customer).toMatchObject({ name: 'Maria Silva', email: 'maria@example.com.br', tax_id: '12345678909' });
    expect(order.items).toEqual([expect.objectContaining({ reference_id: 'sku-1', quantity: 2, unit_amount: 6740 })]);
    expect(order.charges[0]).toMatchObject({
      status: 'PAID',
      amount: { value: 13_480, currency: 'BRL' },
      payment_method: {
        type: 'CREDIT_CARD',
        installments: 1,
        card: { first_digits: '400000', last_digits: '2370' },
        authentication_method: { type: 'THREEDS', id: expect.stringMatching(/^3DS_/), status: 'AUTHENTICATED' },
      },
    });
  });

  test('challenge: the bank page opens in the SDK dialog; 123456 pays in the installments the shopper chose', async ({
    page,
    sandbox,
  }) => {
    await page.getByLabel('Installments').selectOption('3');
    await pay(page, CARD.challenge);
    await waitForChallenge(page);
    // The bank waits for the shopper: the page says so, not that it is paying.
    await expect(answer(page)).toHaveText("Waiting for your bank's confirmation…");
    const orders = await holdRequests(page, '**/api/orders');
    await submitChallengeCode(page, '123456');
    await expect(answer(page)).toHaveText('Paying…');
    orders.release();
    await expect(answer(page)).toHaveText(/^Paid! Order ORDE_/);
    await expect(challengeDialog(page)).toHaveCount(0);
    const order = await readOrder(sandbox, page);
    expect(order.charges[0]).toMatchObject({
      status: 'PAID',
      payment_method: {
        installments: 3,
        card: { last_digits: '2503' },
        authentication_method: { type: 'THREEDS', status: 'AUTHENTICATED' },
      },
    });
  });

  test('a failed challenge (000000) is not charged: the page stops, and the server refuses the id if the page is bypassed', async ({
    page,
    minimal,
  }) => {
    const orders: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/orders') && orders.push(r.url()));
    let threeDsId: string | undefined;
    page.on('response', async (r) => {
      if (r.url().endsWith('/checkout-sdk/3ds/authentications') && r.request().method() === 'POST')
        threeDsId = ((await r.json()) as { id: string }).id;
    });
    await pay(page, CARD.challenge);
    await submitChallengeCode(page, '000000');
    await expect(answer(page)).toHaveText(
      'Your bank did not confirm this purchase. Nothing was charged: try another card.',
    );
    expect(orders).toEqual([]);
    // A page that ignores the policy still gets no charge: the server reads the authentication itself.
    expect(threeDsId).toMatch(/^3DS_/);
    const bypass = await fetch(`${minimal.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        encrypted: 'x',
        threeDsId,
        attemptId: 'bypass-1',
        type: 'CREDIT_CARD',
        installments: 1,
        customer: {},
      }),
    });
    expect(bypass.status).toBe(402);
    expect(await bypass.json()).toMatchObject({ error: 'not authenticated' });
  });

  test('a challenge the shopper closes: the page says so in words, nothing is ordered, and paying again works', async ({
    page,
  }) => {
    const orders: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/orders') && orders.push(r.url()));
    await pay(page, CARD.challenge);
    await cancelChallenge(page);
    await expect(answer(page)).toHaveText(
      "You closed your bank's check. Nothing was charged: pay again when you are ready.",
    );
    await expect(challengeDialog(page)).toHaveCount(0);
    expect(orders).toEqual([]);
    await expect(page.getByRole('button', { name: 'Pay R$ 134,80' })).toBeEnabled();
    await pay(page, CARD.challenge);
    await submitChallengeCode(page, '123456');
    await expect(answer(page)).toHaveText(/^Paid! Order ORDE_/);
  });

  test('not supported, credit: paid without 3DS', async ({ page, sandbox }) => {
    await pay(page, CARD.notSupported);
    await expect(answer(page)).toHaveText(/^Paid! Order ORDE_/);
    const order = await readOrder(sandbox, page);
    expect(order.charges[0].status).toBe('PAID');
    expect(order.charges[0].payment_method.authentication_method).toBeUndefined();
  });

  test('not supported, debit: the payment ends, no order', async ({ page }) => {
    const orders: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/orders') && orders.push(r.url()));
    await pay(page, CARD.notSupported, 'Debit');
    await expect(answer(page)).toHaveText('This debit card cannot be used here. Use a credit card.');
    expect(orders).toEqual([]);
  });

  test('authentication denied: the shopper is asked for another payment method', async ({ page }) => {
    await pay(page, CARD.denied);
    await expect(answer(page)).toHaveText('Your bank refused this card. Choose another payment method.');
  });

  test('declined by the bank: the server answers and the page says so', async ({ page }) => {
    await pay(page, CARD.declined);
    await expect(answer(page)).toHaveText('Declined by the bank (NAO AUTORIZADA PELO EMISSOR). Nothing was charged.');
  });

  test('GatewayError: the code, the field to fix and the trace id, without any network call to the API', async ({
    page,
    sandbox,
  }) => {
    const apiCalls: string[] = [];
    page.on('request', (r) => r.url().startsWith(`${sandbox.apiUrl}/checkout-sdk/3ds`) && apiCalls.push(r.url()));
    await page.getByLabel('Mobile number').fill('123');
    await pay(page, CARD.frictionless);
    await expect(answer(page)).toHaveText(
      /^VALIDATION_ERROR: check data\.customer\.phones\[0\]\.number\. Support code: [0-9a-f-]{36}\.$/,
    );
    expect(apiCalls).toEqual([]);
  });

  test('an order the API refuses after 3DS: the server still answers, naming the field', async ({ page }) => {
    await page.getByLabel('CPF').fill('111.111.111-12');
    await pay(page, CARD.frictionless);
    await expect(answer(page)).toHaveText(
      /^The order was refused \(customer\.tax_id\)\. Support code: [0-9a-f-]{36}\.$/,
    );
  });
});

test('the server answers 502, not a hang, when the API goes away after start-up', async ({ page }) => {
  const sandbox = await startSandbox();
  const minimal = await startMinimal(sandbox);
  try {
    await page.goto(minimal.url);
    await expect(page.getByRole('button', { name: 'Pay R$ 134,80' })).toBeVisible();
    await sandbox.close();
    const res = await page.request.get(`${minimal.url}/api/checkout`);
    expect(res.status()).toBe(502);
    expect(await res.json()).toEqual({ error: 'the payment service did not answer' });
  } finally {
    minimal.process.kill('SIGTERM');
    await sandbox.close().catch(() => undefined);
  }
});
