import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { payCheckout } from '../../dist/testing/index.js';
import type { Sandbox } from '../../dist/sandbox/index.js';
import { keepScreenshot } from './doc-screenshot';
import { expect, test } from './fixtures';
import type { MerchantServer } from './merchant-server';

// The hosted checkout's pay page over three origins: the merchant's server (which creates the
// checkout and is where the shopper returns), the API (which serves the page at the PAY link) and
// the challenge origin (card fields, 3-D Secure).

const api = async (sandbox: Sandbox, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

/** What the merchant's server sends, as the provider's reference writes it; the shopper returns to the merchant's /obrigado. */
async function createCheckout(sandbox: Sandbox, merchant: MerchantServer, extra: Record<string, unknown> = {}) {
  const redirect = merchant.page('/obrigado', { html: '<!doctype html><title>Obrigado</title><h1>Obrigado!</h1>' });
  const { status, body } = await api(sandbox, 'POST', '/checkouts', {
    reference_id: 'pedido-3001',
    items: [
      { reference_id: 'sku-1', name: 'Camiseta', quantity: 2, unit_amount: 5000 },
      { name: 'Caneca', quantity: 1, unit_amount: 3500 },
    ],
    discount_amount: 1000,
    shipping: { type: 'FIXED', amount: 1500 },
    payment_methods_configs: [
      {
        type: 'CREDIT_CARD',
        config_options: [
          { option: 'INSTALLMENTS_LIMIT', value: '6' },
          { option: 'INTEREST_FREE_INSTALLMENTS', value: '3' },
        ],
      },
    ],
    redirect_url: redirect,
    ...extra,
  });
  expect(status).toBe(201);
  return body as { id: string; links: Array<{ rel: string; href: string }> };
}
const payLink = (c: { links: Array<{ rel: string; href: string }> }) => c.links.find((l) => l.rel === 'PAY')!.href;

/** Every host the page asked for, to check it asked none but the sandbox's two origins. */
function watchHosts(page: Page): Set<string> {
  const hosts = new Set<string>();
  page.on('request', (r) => hosts.add(new URL(r.url()).origin));
  return hosts;
}

test('card, frictionless: the order is PAID, the checkout lists it and the shopper is back at redirect_url', async ({
  page,
  sandbox,
  merchant,
}) => {
  const checkout = await createCheckout(sandbox, merchant);
  const hosts = watchHosts(page);
  await page.goto(payLink(checkout));
  await expect(page.locator('[data-pay-total]')).toHaveText('R$ 140,00');
  const paid = await payCheckout(page, { method: 'CREDIT_CARD' });
  expect(paid.result).toBe('PAID');
  await page.waitForURL(`${merchant.url}/obrigado`);
  const read = await api(sandbox, 'GET', `/checkouts/${checkout.id}`);
  expect(read.body.orders).toHaveLength(1);
  expect(read.body.orders[0]).toMatchObject({
    id: paid.orderId,
    reference_id: 'pedido-3001',
    charges: [
      {
        status: 'PAID',
        amount: { value: 14000 },
        payment_method: { type: 'CREDIT_CARD', installments: 1, authentication_method: { type: 'THREEDS' } },
      },
    ],
  });
  expect([...hosts].filter((h) => h !== sandbox.apiUrl && h !== sandbox.challengeUrl && h !== merchant.url)).toEqual(
    [],
  );
});

test("card on a checkout whose customer the merchant set: the page asks no name, the card's holder is that customer (or the page says it cannot be)", async ({
  page,
  sandbox,
  merchant,
}) => {
  const checkout = await createCheckout(sandbox, merchant, {
    customer: {
      name: 'Maria da Silva',
      email: 'maria@example.com',
      tax_id: '12345678909',
      phone: { country: '55', area: '11', number: '999999999' },
    },
  });
  await page.goto(payLink(checkout));
  await expect(page.locator('#pay-form')).toContainText('Pagando como Maria da Silva');
  await expect(page.locator('#f-name')).toHaveCount(0);
  const paid = await payCheckout(page, { method: 'CREDIT_CARD' });
  expect(paid.result).toBe('PAID');
  const order = (await api(sandbox, 'GET', `/orders/${paid.orderId}`)).body;
  expect(order.charges[0].payment_method.card.holder.name).toBe('Maria da Silva');

  // A customer's name the API takes (up to 120 characters) and no card carries (over 64): the page
  // says so, not "try again".
  const long = `Maria ${'Aparecida '.repeat(7)}da Silva`;
  const company = await createCheckout(sandbox, merchant, {
    customer: { name: long, email: 'maria@example.com', tax_id: '12345678909' },
  });
  await page.goto(payLink(company));
  await expect(payCheckout(page, { method: 'CREDIT_CARD' })).resolves.toEqual({ result: 'ERROR' });
  await expect(page.locator('[data-pay-result="ERROR"]')).toContainText(
    `O nome ${long} não serve como titular de cartão: escolha outra forma de pagamento.`,
  );
  expect((await api(sandbox, 'GET', `/checkouts/${company.id}`)).body.orders).toEqual([]);
});

test('card with a challenge in 6 installments: the plan with interest is what is charged', async ({
  page,
  sandbox,
  merchant,
}) => {
  const checkout = await createCheckout(sandbox, merchant, { redirect_url: undefined });
  await page.goto(payLink(checkout));
  const options = await page.locator('[data-pay-installments] option').allTextContents();
  expect(options).toHaveLength(6);
  expect(options[2]).toBe('3x de R$ 46,67 sem juros');
  expect(options[5]).toMatch(/^6x de R\$ [\d,]+ com juros \(total R\$ [\d.,]+\)$/);
  // While the bank's challenge shows, the method holds still: the page reads it again after.
  const methodDuringChallenge = page
    .locator('dialog[data-gateway="challenge"]')
    .waitFor()
    .then(() => page.locator('[data-pay-method="PIX"]').isDisabled());
  const paid = await payCheckout(page, { method: 'CREDIT_CARD', card: 'challenge', installments: 6 });
  expect(paid.result).toBe('PAID');
  expect(await methodDuringChallenge).toBe(true);
  const read = await api(sandbox, 'GET', `/checkouts/${checkout.id}`);
  const charge = read.body.orders[0].charges[0];
  expect(charge.payment_method).toMatchObject({ installments: 6, authentication_method: { status: 'AUTHENTICATED' } });
  expect(charge.amount.value).toBeGreaterThan(14000);
});

test('debit card: one installment, authenticated, PAID; a card without 3-D Secure is refused on the page', async ({
  page,
  sandbox,
  merchant,
}) => {
  const checkout = await createCheckout(sandbox, merchant, {
    redirect_url: undefined,
    payment_methods: [{ type: 'DEBIT_CARD' }],
    payment_methods_configs: undefined,
  });
  await page.goto(payLink(checkout));
  await expect(page.locator('[data-pay-installments]')).toBeHidden();
  const paid = await payCheckout(page, { method: 'DEBIT_CARD', card: 'frictionlessMastercard' });
  expect(paid.result).toBe('PAID');
  // The paid state (no redirect_url: the page stays), checked as a screen reader meets it.
  await expect(page.locator('[data-pay-result]')).toBeFocused();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  const read = await api(sandbox, 'GET', `/checkouts/${checkout.id}`);
  expect(read.body.orders[0].charges[0].payment_method).toMatchObject({
    type: 'DEBIT_CARD',
    installments: 1,
    authentication_method: { type: 'THREEDS', status: 'AUTHENTICATED' },
  });
  await page.goto(payLink(checkout));
  const refused = await payCheckout(page, { method: 'DEBIT_CARD', card: 'notSupported' });
  expect(refused).toEqual({ result: 'DECLINED' });
  await expect(page.locator('[data-pay-result]')).toContainText('Seu banco não autorizou este cartão');
  // The shopper may pick another method again.
  await expect(page.locator('[data-pay-method="DEBIT_CARD"]')).toBeEnabled();
  expect((await api(sandbox, 'GET', `/checkouts/${checkout.id}`)).body.orders).toHaveLength(1);
});

test('Pix: the page shows the code, follows it until the simulator pays it, and sends the shopper back', async ({
  page,
  sandbox,
  merchant,
}) => {
  const checkout = await createCheckout(sandbox, merchant, {
    payment_methods: [{ type: 'PIX' }],
    payment_methods_configs: undefined,
  });
  await page.goto(payLink(checkout));
  await expect(page.locator('[data-pay-method]')).toHaveCount(1);
  const paid = await payCheckout(page, { method: 'PIX' });
  expect(paid.result).toBe('PAID');
  await page.waitForURL(`${merchant.url}/obrigado`);
  const read = await api(sandbox, 'GET', `/checkouts/${checkout.id}`);
  expect(read.body.orders[0].charges[0]).toMatchObject({ status: 'PAID', payment_method: { type: 'PIX' } });
});

test('boleto: the page shows the digit line and the PDF link', async ({ page, sandbox, merchant }) => {
  const checkout = await createCheckout(sandbox, merchant, {
    payment_methods: [{ type: 'BOLETO' }, { type: 'PIX' }],
    payment_methods_configs: undefined,
  });
  await page.goto(payLink(checkout));
  const issued = await payCheckout(page, { method: 'BOLETO' });
  expect(issued.result).toBe('WAITING');
  await expect(page.locator('[data-pay-boleto-line]')).toHaveText(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  const pdf = await page.locator('[data-pay-boleto-pdf]').getAttribute('href');
  const file = await page.request.get(pdf!);
  expect(file.headers()['content-type']).toBe('application/pdf');
  const read = await api(sandbox, 'GET', `/checkouts/${checkout.id}`);
  expect(read.body.orders[0].charges[0]).toMatchObject({ status: 'WAITING', payment_method: { type: 'BOLETO' } });
});

test('a field the API refuses is shown beside it and in the summary, and nothing is charged', async ({
  page,
  sandbox,
  merchant,
}) => {
  const checkout = await createCheckout(sandbox, merchant, {
    customer: { name: 'Maria da Silva', email: 'maria@example.com', tax_id: '12345678909' },
    customer_modifiable: true,
    payment_methods: [{ type: 'BOLETO' }],
    payment_methods_configs: undefined,
  });
  await page.goto(payLink(checkout));
  await page.locator('#pay-form[data-ready="true"]').waitFor();
  await page.getByLabel('CPF ou CNPJ').fill('111.111.111-12');
  for (const [label, value] of [
    ['CEP', '01310-100'],
    ['UF', 'SP'],
    ['Rua', 'Avenida Paulista'],
    ['Número', '1000'],
    ['Bairro', 'Bela Vista'],
    ['Cidade', 'São Paulo'],
  ])
    await page.getByLabel(label!, { exact: true }).fill(value!);
  await page.locator('[data-pay-submit]').click();
  await expect(page.locator('#error-summary')).toBeFocused();
  await expect(page.locator('#f-tax_id')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#error-summary-list')).toContainText('CPF ou CNPJ');
  expect((await api(sandbox, 'GET', `/checkouts/${checkout.id}`)).body.orders).toEqual([]);
});

test('payCheckout fails naming the field the page refused, instead of waiting for a result or a challenge', async ({
  page,
  sandbox,
  merchant,
}) => {
  const checkout = await createCheckout(sandbox, merchant, {
    payment_methods: [{ type: 'PIX' }],
    payment_methods_configs: undefined,
  });
  await page.goto(payLink(checkout));
  await page.locator('#pay-form[data-ready="true"]').waitFor();
  // A CPF whose check digits are wrong: the kit keeps what the test typed, the API refuses it.
  await page.getByLabel('CPF ou CNPJ').fill('111.111.111-12');
  await expect(payCheckout(page, { method: 'PIX' })).rejects.toThrow(
    'payCheckout: the page refused a field: CPF ou CNPJ: Confira este campo.',
  );
  expect((await api(sandbox, 'GET', `/checkouts/${checkout.id}`)).body.orders).toEqual([]);

  // A challenge card: the page refuses the holder's name before 3-D Secure, so no challenge comes to pass.
  const byCard = await createCheckout(sandbox, merchant);
  await page.goto(payLink(byCard));
  await page.locator('#pay-form[data-ready="true"]').waitFor();
  await page.getByLabel('Nome completo').fill('M4ria');
  await expect(payCheckout(page, { method: 'CREDIT_CARD', card: 'challenge' })).rejects.toThrow(
    /^payCheckout: the page refused a field: Nome completo: \S/,
  );
  await expect(page.locator('#f-name')).toHaveAttribute('aria-invalid', 'true');
  expect((await api(sandbox, 'GET', `/checkouts/${byCard.id}`)).body.orders).toEqual([]);
});

test('an inactive checkout says so and takes no payment; payCheckout names why', async ({
  page,
  sandbox,
  merchant,
}) => {
  const checkout = await createCheckout(sandbox, merchant);
  await api(sandbox, 'POST', `/checkouts/${checkout.id}/inactivate`);
  await page.goto(payLink(checkout));
  await expect(page.getByRole('alert')).toContainText('Este link de pagamento está desativado');
  await expect(page.locator('#pay-form')).toHaveCount(0);
  await expect(payCheckout(page, { method: 'PIX' })).rejects.toThrow(/takes no payment \(INACTIVE\)/);
});

for (const width of [375, 1280]) {
  test(`the page at ${width} px: the customer asked, keyboard and screen-reader friendly (axe), screenshots`, async ({
    page,
    sandbox,
    merchant,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const checkout = await createCheckout(sandbox, merchant);
    await page.goto(payLink(checkout));
    await page.locator('#pay-form[data-ready="true"]').waitFor();
    // Keyboard: from the top, Tab reaches the name field first, and the method radios are reachable.
    await page.keyboard.press('Tab');
    await expect(page.locator('#f-name')).toBeFocused();
    await page.locator('[data-pay-method="PIX"]').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('[data-pay-method="BOLETO"]')).toBeChecked();
    await expect(page.locator('#card')).toBeHidden();
    await page.locator('[data-pay-method="CREDIT_CARD"]').check();
    // An empty form: each field named beside it and in a summary that takes the focus.
    await page.locator('[data-pay-submit]').click();
    await expect(page.locator('#error-summary')).toBeFocused();
    await expect(page.locator('#f-name')).toHaveAttribute('aria-invalid', 'true');
    // The card's fields are in the summary too, in the page's order, each frame saying why in it.
    const listed = await page.locator('#error-summary-list a').allTextContents();
    const labels = listed.map((t) => t.split(':')[0]);
    expect(labels.slice(0, 4)).toEqual(['Nome completo', 'E-mail', 'CPF ou CNPJ', 'Celular com DDD']);
    expect(labels.slice(4, 6)).toEqual(['CEP', 'UF']);
    expect(labels.slice(-3)).toEqual(['Número do cartão', 'Validade', 'CVV']);
    const cvv = page.locator('iframe[data-gateway-card-field="securityCode"]').contentFrame().locator('input');
    await expect(cvv).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('link', { name: /^CVV:/ }).click();
    await expect(cvv).toBeFocused();
    // The whole page in the viewport (Chromium's full-page capture leaves cross-origin frames below
    // the fold blank), and the card fields' frames drawn, before the picture is taken.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height });
    await page.locator('iframe[data-gateway-card-field="securityCode"]').contentFrame().locator('input').waitFor();
    await keepScreenshot(page, testInfo, `checkout-pay-page-${width}`);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
}
