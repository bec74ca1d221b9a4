// examples/checkout in Chromium: the page with the SDK's script tag, its merchant server
// (startCheckout) and a sandbox: three origins, as a merchant runs it.
import { startSandbox } from '../../dist/sandbox/index.js';
import { startCheckout } from '../../examples/checkout/server.mjs';
import {
  answerChallenge,
  CARD,
  expect,
  openExample,
  readOrder,
  shopperJourneys,
  shownOrderId,
  test,
  typeCard,
} from './examples-support';

shopperJourneys(test, '/');

test('an SDK session that expired while the shopper filled the form: a new session, setUp, and the payment goes through', async ({
  page,
}) => {
  // Its own sandbox: moving the clock must not touch other tests' sessions.
  const sandbox = await startSandbox();
  const checkout = await startCheckout(sandbox);
  try {
    const sessions: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/session') && sessions.push(r.method()));
    await openExample(page, checkout.url);
    sandbox.clock.advance(31 * 60_000);
    await typeCard(page, CARD.frictionless);
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    await expect(page.locator('#status')).toContainText('Pagamento aprovado');
    expect(await shownOrderId(page)).toMatch(/^ORDE_/);
    expect(sessions).toEqual(['POST', 'POST']);
  } finally {
    await checkout.close();
    await sandbox.close();
  }
});

test('an account without PCI homologation takes the same payments: the card reaches the order only encrypted, and is stored', async ({
  page,
}) => {
  const sandbox = await startSandbox({ merchant: { pciHomologated: false } });
  const checkout = await startCheckout(sandbox);
  try {
    await openExample(page, checkout.url);
    await typeCard(page, CARD.challenge);
    await page.getByLabel('Salvar este cartão para a próxima compra').check();
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    await answerChallenge(page, '123456');
    await expect(page.locator('#status')).toContainText('Pagamento aprovado');
    const order = await readOrder(sandbox, await shownOrderId(page));
    expect(order.charges[0]).toMatchObject({
      status: 'PAID',
      payment_method: { card: { id: expect.stringMatching(/^CARD_/), last_digits: '2503' } },
    });
  } finally {
    await checkout.close();
    await sandbox.close();
  }
});

test('a merchant who chooses to charge NOT_AUTHENTICATED credit cards (threeDsPolicy): the failed challenge is charged, and the order says NOT_AUTHENTICATED', async ({
  page,
}) => {
  const sandbox = await startSandbox();
  const checkout = await startCheckout({ ...sandbox, threeDsPolicy: { chargeNotAuthenticated: true } });
  try {
    await openExample(page, checkout.url);
    await typeCard(page, CARD.challenge);
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    await answerChallenge(page, '000000');
    await expect(page.locator('#status')).toContainText('Pagamento aprovado');
    const order = await readOrder(sandbox, await shownOrderId(page));
    expect(order.charges[0]).toMatchObject({
      payment_method: { authentication_method: { type: 'THREEDS', status: 'NOT_AUTHENTICATED' } },
    });
  } finally {
    await checkout.close();
    await sandbox.close();
  }
});

test('the server applies the default policy itself: a page told otherwise still gets no charge for a failed challenge', async ({
  page,
  checkout,
}) => {
  // A page that believes NOT_AUTHENTICATED may be charged (a stale or altered page) sends the order.
  await page.route('**/api/config', async (route) => {
    const res = await route.fetch();
    await route.fulfill({
      response: res,
      json: { ...(await res.json()), threeDsPolicy: { chargeNotAuthenticated: true } },
    });
  });
  // Counted when sent (synchronously), and the one answer awaited: reading bodies in a 'response'
  // handler raced the page, which could show the status before the test had parsed the body.
  const orders: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/orders') && orders.push(r.method()));
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/orders'));
  await openExample(page, checkout.url);
  await typeCard(page, CARD.notAuthenticated);
  await page.getByRole('button', { name: /^Pagar R\$/ }).click();
  await answerChallenge(page, '123456');
  await expect(page.locator('#status')).toContainText('Seu banco não confirmou a compra');
  expect(await (await answer).json()).toEqual({ ok: false, notAuthenticated: true });
  expect(orders).toEqual(['POST']);
});
