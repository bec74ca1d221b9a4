// examples/checkout in Chromium: the page with the SDK's script tag, its merchant server
// (startCheckout) and a sandbox: three origins, as a merchant runs it.
import { startSandbox } from '../../dist/sandbox/index.js';
import { startCheckout } from '../../examples/checkout/server.mjs';
import { issuerFrame } from './challenge-support';
import { answerChallenge, CARD, expect, keepScreenshot, openExample, readOrder, shopperJourneys, shownOrderId, test, typeCard } from './examples-support';

shopperJourneys(test, '/');

test('an SDK session that expired while the shopper filled the form: a new session, setUp, and the payment goes through', async ({ page }) => {
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
    await expect(page.locator('#status')).toContainText('Pagamento aprovado!');
    expect(await shownOrderId(page)).toMatch(/^ORDE_/);
    expect(sessions).toEqual(['POST', 'POST']);
  } finally {
    await checkout.close();
    await sandbox.close();
  }
});

test('an account without PCI homologation takes the same payments: the card reaches the order only encrypted, and is stored', async ({ page }) => {
  const sandbox = await startSandbox({ merchant: { pciHomologated: false } });
  const checkout = await startCheckout(sandbox);
  try {
    await openExample(page, checkout.url);
    await typeCard(page, CARD.challenge);
    await page.getByLabel('Salvar este cartão para a próxima compra').check();
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    await answerChallenge(page, '123456');
    await expect(page.locator('#status')).toContainText('Pagamento aprovado!');
    const order = await readOrder(sandbox, await shownOrderId(page));
    expect(order.charges[0]).toMatchObject({ status: 'PAID', payment_method: { card: { id: expect.stringMatching(/^CARD_/), last_digits: '2503' } } });
  } finally {
    await checkout.close();
    await sandbox.close();
  }
});

for (const [name, viewport] of [
  ['1280', { width: 1280, height: 800 }],
  ['320', { width: 320, height: 640 }],
] as const) {
  test(`screenshots at ${name} px: the checkout and its challenge dialog (docs/screenshots)`, async ({ page, checkout }, testInfo) => {
    await page.setViewportSize(viewport);
    await openExample(page, checkout.url);
    // Nothing overflows sideways, down to 320 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await keepScreenshot(page, testInfo, `checkout-${name}`, true);

    await typeCard(page, CARD.challenge);
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    await page.getByRole('button', { name: 'Continuar para o banco' }).click();
    await issuerFrame(page).getByLabel('Código de verificação').fill('123456');
    await keepScreenshot(page, testInfo, `checkout-challenge-${name}`);
  });
}
