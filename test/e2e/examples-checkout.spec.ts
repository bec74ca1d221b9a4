// examples/checkout in Chromium: the page with the SDK's script tag, its merchant server
// (startCheckout) and a sandbox: three origins, as a merchant runs it.
import { createHmac } from 'node:crypto';
import { startSandbox } from '../../dist/sandbox/index.js';
import { CARD_FIELD_HOOKS, expirePixCode, readCardFields } from '../../dist/testing/index.js';
import { startCheckout } from '../../examples/checkout/server.mjs';
import {
  answerChallenge,
  CARD,
  expect,
  expectAxeClean,
  openExample,
  readOrder,
  shopperJourneys,
  shownOrderId,
  startPix,
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

test('12x with interest: Parcelas shows every plan of the cart from the API; 3DS authenticates and the order charges the plan with interest', async ({
  page,
  sandbox,
  checkout,
}) => {
  // The plans as the merchant's token reads them from the API, the example's offer: 12x, 3 without interest.
  const res = await fetch(
    `${sandbox.apiUrl}/charges/fees/calculate?payment_methods=CREDIT_CARD&value=13480&max_installments=12&max_installments_no_interest=3&credit_card_bin=400000`,
    { headers: { Authorization: `Bearer ${sandbox.token}` } },
  );
  const plans = (await res.json()).payment_methods.credit_card.visa.installment_plans;
  const twelve = plans.at(-1);
  expect(twelve).toMatchObject({ installments: 12, interest_free: false });
  expect(twelve.amount.value).toBeGreaterThan(13_480);

  await openExample(page, checkout.url);
  const select = page.getByLabel('Parcelas');
  const reais = (cents: number) => `R$ ${(cents / 100).toFixed(2).replace('.', ',')}`;
  await expect(select.locator('option')).toHaveText(
    plans.map(
      (p: { installments: number; installment_value: number; interest_free: boolean; amount: { value: number } }) =>
        p.interest_free
          ? `${p.installments}x de ${reais(p.installment_value)} sem juros`
          : `${p.installments}x de ${reais(p.installment_value)} (total ${reais(p.amount.value)})`,
    ),
  );
  await expect(select.locator('option').nth(2)).toHaveText('3x de R$ 44,94 sem juros');
  await select.selectOption('12');
  await expect(page.getByRole('button', { name: `Pagar ${reais(twelve.amount.value)}` })).toBeVisible();

  await typeCard(page, CARD.challenge);
  const authentication = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/checkout-sdk/3ds/authentications'),
  );
  await page.getByRole('button', { name: /^Pagar R\$/ }).click();
  const sent = (await authentication).postDataJSON();
  expect(sent.data.amount).toEqual({ value: twelve.amount.value, currency: 'BRL' });
  expect(sent.data.paymentMethod.installments).toBe(12);
  await answerChallenge(page, '123456');

  const result = page.locator('#status .result.success');
  await expect(result.getByRole('heading', { name: 'Pagamento aprovado' })).toBeVisible();
  await expect(result.locator('.plan')).toHaveText(`12x de ${reais(twelve.installment_value)} com juros`);
  await expect(result).toContainText(reais(twelve.amount.value));
  const order = await readOrder(sandbox, await shownOrderId(page));
  expect(order.charges[0]).toMatchObject({
    status: 'PAID',
    amount: { value: twelve.amount.value, currency: 'BRL' },
    payment_method: {
      type: 'CREDIT_CARD',
      installments: 12,
      authentication_method: { type: 'THREEDS', status: 'AUTHENTICATED' },
    },
  });
});

test('debit stays 1x: Parcelas is fixed at 1x and the cart total is charged', async ({ page, sandbox, checkout }) => {
  await openExample(page, checkout.url);
  await page.getByLabel('Parcelas').selectOption('12');
  await page.getByLabel('Cartão de débito').check();
  await expect(page.getByLabel('Parcelas')).toBeDisabled();
  await expect(page.getByLabel('Parcelas')).toHaveValue('1');
  await typeCard(page, '5200000000001104');
  await page.getByRole('button', { name: 'Pagar R$ 134,80' }).click();
  await expect(page.locator('#status')).toContainText('Pagamento aprovado');
  const order = await readOrder(sandbox, await shownOrderId(page));
  expect(order.charges[0]).toMatchObject({
    amount: { value: 13_480 },
    payment_method: { type: 'DEBIT_CARD', installments: 1 },
  });
});

test('an alphanumeric CNPJ, typed in lower case without punctuation, is formatted, accepted and reaches the order', async ({
  page,
  sandbox,
  checkout,
}) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await openExample(page, checkout.url);
    const taxId = page.getByLabel('CPF ou CNPJ');
    // The Receita Federal's example of the alphanumeric CNPJ (IN RFB 2.229/2024).
    await taxId.fill('12abc34501de35');
    await taxId.blur();
    await expect(taxId).toHaveValue('12.ABC.345/01DE-35');
    await expect(taxId).not.toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: `test-results/examples-checkout/cnpj-${width}.png` });
    await expectAxeClean(page);
    await typeCard(page, CARD.frictionless);
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    await expect(page.locator('#status')).toContainText('Pagamento aprovado');
    const order = await readOrder(sandbox, await shownOrderId(page));
    expect(order.customer.tax_id).toBe('12ABC34501DE35');
  }
});

test('the server charges the plan it reads from the API, whatever the page sends: a count with no plan is refused', async ({
  page,
  checkout,
}) => {
  await openExample(page, checkout.url);
  const res = await page.request.post(`${checkout.url}/api/orders`, {
    data: { method: 'CREDIT_CARD', installments: 13, card: { encrypted: 'x' }, customer: {}, address: {} },
  });
  expect((await res.json()).fields).toContain('installments');
});

test('Pix, learned from the notification: the order names the server as its notification URL, and only a signed notification counts', async ({
  page,
  checkout,
  sandbox,
}) => {
  await openExample(page, checkout.url);
  const { orderId } = await startPix(page);
  const order = await readOrder(sandbox, orderId);
  expect(order.notification_urls).toEqual([`${checkout.url}/api/notifications`]);
  const state = `${checkout.url}/api/orders/${orderId}/pix`;
  expect(await (await page.request.get(state)).json()).toMatchObject({ status: 'WAITING' });
  // Another shopper (no cookie of this one) learns nothing of this order.
  expect((await fetch(state)).status).toBe(404);

  // A notification the API never sent (the order, with a paid PIX charge): the server believes
  // only its signature. The API still says unpaid, so a PAID answer after the signed one comes
  // from the notification alone.
  const body = JSON.stringify({
    ...order,
    charges: [{ id: 'CHAR_test', status: 'PAID', payment_method: { type: 'PIX' } }],
  });
  const t = Math.floor(Date.now() / 1000);
  const notify = (signature: string) =>
    fetch(`${checkout.url}/api/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-gateway-signature': signature },
      body,
    });
  const sign = (secret: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  expect((await notify(`t=${t},v1=${sign('whsec_not_the_secret_at_all')}`)).status).toBe(401);
  expect((await notify('')).status).toBe(401);
  expect(await (await page.request.get(state)).json()).toMatchObject({ status: 'WAITING' });
  expect((await notify(`t=${t},v1=${sign(sandbox.webhookSecret)}`)).status).toBe(204);
  expect(await (await page.request.get(state)).json()).toEqual({ status: 'PAID' });
  await expect(page.locator('#status')).toContainText('Pagamento aprovado');
  expect((await readOrder(sandbox, orderId)).charges).toEqual([]);
});

test('Pix without notifications (no webhook secret): the server reads the order; a QR code expired by the sandbox ends in words, nothing charged, and a new code pays', async ({
  page,
}) => {
  const sandbox = await startSandbox();
  const checkout = await startCheckout({ ...sandbox, webhookSecret: undefined });
  try {
    await openExample(page, checkout.url);
    const first = await startPix(page);
    expect((await readOrder(sandbox, first.orderId)).notification_urls).toEqual([]);
    await expirePixCode(sandbox, (await readOrder(sandbox, first.orderId)).qr_codes[0].id);
    const status = page.locator('#status');
    await expect(status.getByRole('heading', { name: 'O código Pix expirou' })).toBeVisible();
    await expect(status).toContainText('nada foi cobrado');
    await expect(status).toBeFocused();
    await expect(first.panel).toBeHidden();
    await expect(page.locator('#checkout')).toBeVisible();
    expect((await readOrder(sandbox, first.orderId)).charges).toEqual([]);

    const second = await startPix(page, 'Gerar novo código Pix');
    expect(second.orderId).not.toBe(first.orderId);
    await second.panel.getByRole('button', { name: 'Simular pagamento' }).click();
    await expect(status).toContainText('Pagamento aprovado');
    expect((await readOrder(sandbox, second.orderId)).charges[0]).toMatchObject({ status: 'PAID' });
  } finally {
    await checkout.close();
    await sandbox.close();
  }
});

test('a boleto: the digit line is copied with one button, and the sandbox\'s "Simular pagamento" pays it as the bank would', async ({
  page,
  sandbox,
  checkout,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openExample(page, checkout.url);
  await page.getByLabel('Boleto').check();
  await page.getByRole('button', { name: 'Gerar boleto' }).click();
  const result = page.locator('#status');
  await expect(result.getByRole('heading', { name: 'Boleto gerado' })).toBeVisible();
  const line = (await result.locator('.digits').textContent())!;
  expect(line).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);

  await result.getByRole('button', { name: 'Copiar linha digitável' }).click();
  await expect(result.getByRole('status')).toHaveText(/^Linha digitável copiada/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);

  const orderId = await shownOrderId(page);
  expect((await readOrder(sandbox, orderId)).charges[0].status).toBe('WAITING');
  // Another shopper (no cookie of this one) cannot pay it through this server.
  const stranger = await page.request.fetch(`${checkout.url}/api/orders/${orderId}/boleto/pay`, {
    method: 'POST',
    headers: { cookie: '' },
  });
  expect(stranger.status()).toBe(404);

  const simulator = result.getByRole('group', { name: 'Só no ambiente de testes' });
  await simulator.getByRole('button', { name: 'Simular pagamento' }).click();
  // Paid: the screen says what happened and what comes next, in the status region, and no longer
  // asks for a payment (no due date to pay by, no line to copy, no simulator).
  await expect(result.getByRole('heading', { name: 'Boleto pago' })).toBeVisible();
  await expect(result).toBeFocused();
  await expect(result).toContainText(
    'Recebemos o pagamento do boleto, Maria. Seu pedido já está sendo preparado e a confirmação vai para maria@example.com.',
  );
  await expect(result.locator('.reference')).toHaveText(/^LE-/);
  await expect(result).not.toContainText('Pague até');
  await expect(result.getByRole('button')).toHaveCount(0);
  await expect(result.locator('.digits')).toHaveCount(0);
  expect((await readOrder(sandbox, orderId)).charges[0].status).toBe('PAID');
  await expectAxeClean(page);
  await page.screenshot({ path: 'test-results/examples-checkout/boleto-paid.png', fullPage: true });
});

test('the test-mode banner asks for the test cards only while they are on the page', async ({ page, checkout }) => {
  await openExample(page, checkout.url);
  const banner = page.getByRole('complementary', { name: 'Aviso de ambiente de testes' });
  const cardsHint = banner.getByText('Use os cartões de teste abaixo.');
  await expect(banner).toContainText('Ambiente de testes: nenhuma cobrança é real.');
  await expect(cardsHint).toBeVisible();
  await page.getByRole('radio', { name: 'Pix' }).check();
  await expect(cardsHint).toBeHidden();
  await page.getByRole('radio', { name: 'Cartão de débito' }).check();
  await expect(cardsHint).toBeVisible();
  await page.getByRole('radio', { name: 'Boleto' }).check();
  await expect(cardsHint).toBeHidden();
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check();
  await typeCard(page, CARD.frictionless);
  await page.getByRole('button', { name: /^Pagar R\$/ }).click();
  await expect(page.locator('#status')).toContainText('Pagamento aprovado');
  // The result: no card list on the page, so no word about it.
  await expect(cardsHint).toBeHidden();
  await expect(banner).toBeVisible();
});

test('the cart keeps "500 g" on one line, at a phone\'s width too', async ({ page, checkout }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await openExample(page, checkout.url);
  const item = page.locator('#cart-items li').filter({ hasText: 'Café especial' }).locator('span').first();
  await expect(item).toHaveText(/500\u00a0g/);
  // One box for the quantity and its unit: the line never breaks between them.
  const boxes = await item.evaluate((span) => {
    const text = span.firstChild as Text;
    const at = text.data.indexOf('500');
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + 5);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(boxes).toBe(1);
  await page.locator('.cart').screenshot({ path: 'test-results/examples-checkout/cart-320.png' });
});

test('the phone is shown as people write it, (11) 99999-8888, and reaches the order as digits', async ({
  page,
  sandbox,
  checkout,
}) => {
  await openExample(page, checkout.url);
  const phone = page.getByLabel('Celular com DDD');
  await expect(phone).toHaveValue('(11) 99999-8888');
  await phone.fill('2133334444');
  await phone.blur();
  await expect(phone).toHaveValue('(21) 3333-4444');
  await phone.fill('21987654321');
  await phone.blur();
  await expect(phone).toHaveValue('(21) 98765-4321');
  await page.screenshot({ path: 'test-results/examples-checkout/phone.png' });
  await typeCard(page, CARD.frictionless);
  await page.getByRole('button', { name: /^Pagar R\$/ }).click();
  await expect(page.locator('#status')).toContainText('Pagamento aprovado');
  const order = await readOrder(sandbox, await shownOrderId(page));
  expect(order.customer.phones[0]).toMatchObject({ country: '55', area: '21', number: '987654321' });
});

test('the card is typed in the hosted fields: an empty card is named in the summary, the page holds no card input, and screenshots at 1280 and 375 px', async ({
  page,
}) => {
  const sandbox = await startSandbox();
  const checkout = await startCheckout(sandbox);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openExample(page, checkout.url);
  // No input of the page takes the card number or code: they are in the gateway's frames.
  await expect(page.locator('input[autocomplete="cc-number"], input[autocomplete="cc-csc"]')).toHaveCount(0);
  expect(Object.keys(await readCardFields(page))).toEqual(['number', 'expiry', 'securityCode']);
  await page.getByRole('button', { name: /^Pagar R\$/ }).click();
  const summary = page.locator('#error-summary');
  // Each line once: the reason names its field, so the field's name is not said twice.
  await expect(summary.getByRole('link')).toHaveText([
    'Informe o número do cartão.',
    'Informe a validade do cartão.',
    'Informe o código de segurança.',
  ]);
  // Under each hosted field its message, as under the page's own fields.
  await expect(page.locator('#card-fields .field-error')).toHaveText([
    'Informe o número do cartão.',
    'Informe a validade do cartão.',
    'Informe o código de segurança.',
  ]);
  await page.locator('#card-fields').screenshot({ path: test.info().outputPath('checkout-card-fields-1280.png') });
  await summary.getByRole('link', { name: /número do cartão/ }).click();
  await expect(page.locator(CARD_FIELD_HOOKS.frame('number'))).toBeFocused();
  await typeCard(page, CARD.frictionless);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.locator('#card-fields').screenshot({ path: test.info().outputPath('checkout-card-fields-375.png') });
  await checkout.close();
  await sandbox.close();
});

test("the hosted card fields look like the page's own inputs (size, text, border, focus ring, invalid), and a placeholder of their final size holds their place while they load", async ({
  page,
  checkout,
}) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // The frames held back: the page shows its placeholders; released, nothing below them moves.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/card-fields/field**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(checkout.url);
    const holder = page.getByLabel('Nome impresso no cartão');
    await expect(page.locator('#card-fields.loading .hosted-field')).toHaveCount(3);
    await page.locator('#card-fields').scrollIntoViewIfNeeded();
    const before = await holder.boundingBox();
    await page.locator('#card-fields').screenshot({ path: test.info().outputPath(`card-fields-loading-${width}.png`) });
    release();
    await expect(page.locator('form[data-ready=true]')).toBeAttached();
    await page.unroute('**/card-fields/field**');
    expect(await holder.boundingBox()).toEqual(before);

    // The number's input and the holder's, side by side: same left edge, width, height, text and border.
    const frame = page.locator(CARD_FIELD_HOOKS.frame('number'));
    const hosted = frame.contentFrame().locator(CARD_FIELD_HOOKS.input);
    const look = (el: Element) => {
      const s = getComputedStyle(el);
      const label = el.id === 'field' ? el.ownerDocument.querySelector('label')! : el.closest('label')!;
      const l = getComputedStyle(label);
      return {
        input: [s.fontSize, s.fontWeight, s.lineHeight, s.padding, s.borderTopWidth, s.borderTopColor, s.borderRadius],
        label: [l.fontSize, l.fontWeight, l.lineHeight, l.color],
      };
    };
    // Label text is the label's first text: its own font, not the input's.
    expect(await hosted.evaluate(look)).toEqual(await holder.evaluate(look));
    const frameBox = (await frame.boundingBox())!;
    const inside = await hosted.evaluate((el) => el.getBoundingClientRect().toJSON());
    const own = (await holder.boundingBox())!;
    expect(Math.abs(frameBox.x + inside.x - own.x)).toBeLessThan(0.5);
    expect(Math.abs(inside.width - own.width)).toBeLessThan(0.5);
    expect(Math.abs(inside.height - own.height)).toBeLessThan(0.5);
    // The same rhythm down the form: label to next label, hosted as the page's own (holder to Parcelas).
    const hostedLabelTop = async (field: 'number' | 'expiry') =>
      (await page.locator(CARD_FIELD_HOOKS.frame(field)).boundingBox())!.y +
      (await page
        .locator(CARD_FIELD_HOOKS.frame(field))
        .contentFrame()
        .locator('label')
        .evaluate((el) => el.getBoundingClientRect().top));
    const ownLabelTop = async (name: string) => (await page.locator('label', { hasText: name }).boundingBox())!.y;
    const hostedStep = (await hostedLabelTop('expiry')) - (await hostedLabelTop('number'));
    const ownStep = (await ownLabelTop('Parcelas')) - (await ownLabelTop('Nome impresso no cartão'));
    expect(Math.abs(hostedStep - ownStep)).toBeLessThan(0.5);

    // Focus: the page's 3 px ring, 1 px out; invalid: the page's red border and shadow.
    const ring = (el: Element) => {
      const s = getComputedStyle(el);
      return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.outlineOffset];
    };
    await hosted.focus();
    const hostedRing = await hosted.evaluate(ring);
    await holder.focus();
    expect(hostedRing).toEqual(await holder.evaluate(ring));
    await holder.fill('');
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    await expect(holder).toHaveAttribute('aria-invalid', 'true');
    await expect(hosted).toHaveAttribute('aria-invalid', 'true');
    const invalid = (el: Element) => [getComputedStyle(el).borderTopColor, getComputedStyle(el).boxShadow];
    expect(await hosted.evaluate(invalid)).toEqual(await holder.evaluate(invalid));
    await page.locator('#card-fields').screenshot({ path: test.info().outputPath(`card-fields-invalid-${width}.png`) });
  }
});
