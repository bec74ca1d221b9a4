// The hosted card fields (Gateway.createCardFields, docs/card-fields.md) in Chromium, over three
// origins: the merchant's page, the API, and the challenge origin that serves the fields.
import AxeBuilder from '@axe-core/playwright';
import { fillCardFields, readCardFields, CARD_FIELD_HOOKS, passChallenge } from '../../dist/testing/index.js';
import { startRun, settled } from './challenge-support';
import { encryptFields, eventNames, fieldEvents, openCardFields } from './card-fields-support';
import { expect, test } from './fixtures';

const input = (page: import('@playwright/test').Page, field: string) =>
  page
    .locator(CARD_FIELD_HOOKS.frame(field as 'number'))
    .contentFrame()
    .locator(CARD_FIELD_HOOKS.input);

test('a shopper types a card; encrypt() gives the ciphertext and summary, which pass a 3DS challenge and pay an order', async ({
  page,
  merchant,
  sandbox,
}) => {
  const { session } = await openCardFields(page, merchant, sandbox, { holder: true });
  await fillCardFields(page, {
    number: '4000000000002503',
    expiry: '12/30',
    securityCode: '123',
    holderName: 'Maria Silva',
  });
  expect(await readCardFields(page)).toEqual({
    number: { value: '4000 0000 0000 2503', message: '', invalid: false },
    expiry: { value: '12/30', message: '', invalid: false },
    securityCode: { value: '123', message: '', invalid: false },
    holderName: { value: 'Maria Silva', message: '', invalid: false },
  });
  const state = await page.evaluate(() =>
    (window as unknown as { __fields: { getState(): unknown } }).__fields.getState(),
  );
  expect(state).toMatchObject({
    complete: true,
    card: { brand: 'visa', firstDigits: '400000', lastDigits: '2503' },
    fields: { number: { valid: true, complete: true, empty: false, focused: false } },
  });
  const sealed = await encryptFields(page);
  expect(sealed).toMatchObject({
    hasErrors: false,
    errors: [],
    card: { brand: 'visa', firstDigits: '400000', lastDigits: '2503', expMonth: 12, expYear: 2030 },
  });
  // The ciphertext works unchanged in authenticate3DS (card.encrypted): a challenge, passed.
  await startRun(page, session, { card: '4000000000002503', encrypted: sealed.encryptedCard });
  await passChallenge(page);
  const outcome = await settled(page);
  expect(outcome).toMatchObject({
    ok: true,
    result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
  });
  // And in POST /orders.
  const order = await fetch(`${sandbox.apiUrl}/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      reference_id: 'fields-1',
      customer: {
        name: 'Maria Silva',
        email: 'maria@example.com.br',
        tax_id: '12345678909',
        phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
      },
      items: [{ reference_id: 'sku-1', name: 'Tênis', quantity: 1, unit_amount: 15_000 }],
      charges: [
        {
          amount: { value: 15_000, currency: 'BRL' },
          payment_method: {
            type: 'CREDIT_CARD',
            installments: 1,
            capture: true,
            card: { encrypted: sealed.encryptedCard },
            authentication_method: { type: 'THREEDS', id: (outcome as { result: { id: string } }).result.id },
          },
        },
      ],
    }),
  });
  const body = (await order.json()) as { charges: Array<{ status: string; payment_response: unknown }> };
  expect(order.status, JSON.stringify(body)).toBe(201);
  expect(body.charges[0]!.status).toBe('PAID');
});

test('typing as a shopper expects: grouping by brand, lengths, the expiry slash, paste, and red only once a field is left or cannot become valid', async ({
  page,
  merchant,
  sandbox,
}) => {
  await openCardFields(page, merchant, sandbox);
  const number = input(page, 'number');
  await expect(number).toHaveAttribute('inputmode', 'numeric');
  await expect(number).toHaveAttribute('autocomplete', 'cc-number');
  await expect(input(page, 'expiry')).toHaveAttribute('autocomplete', 'cc-exp');
  await expect(input(page, 'securityCode')).toHaveAttribute('autocomplete', 'cc-csc');
  // Amex: 4-6-5, 15 digits at most, a code of 4; letters never get in.
  await number.pressSequentially('3782a8224631000599');
  await expect(number).toHaveValue('3782 822463 10005');
  await expect.poll(() => page.evaluate(() => (window as any).__fields.getState().card.brand)).toBe('amex');
  const cvv = input(page, 'securityCode');
  await cvv.pressSequentially('12345');
  await expect(cvv).toHaveValue('1234');
  // Elo and Hipercard, from the shared BIN rules; a pasted, formatted number is regrouped.
  await number.fill('');
  await number.focus();
  await page.keyboard.insertText('6505-0500-0000-1109');
  await expect(number).toHaveValue('6505 0500 0000 1109');
  await expect.poll(() => page.evaluate(() => (window as any).__fields.getState().card.brand)).toBe('elo');
  await number.fill('6062825624254001');
  await expect.poll(() => page.evaluate(() => (window as any).__fields.getState().card.brand)).toBe('hipercard');
  // An invalid number stays quiet while it can still become valid, and shows once left.
  await number.fill('');
  await number.pressSequentially('4111 1111 1111 1112');
  await expect(number).not.toHaveAttribute('aria-invalid', 'true');
  await number.press('Tab');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  expect((await readCardFields(page)).number!.message).toBe('Número do cartão inválido: confira os dígitos.');
  // Expiry: the slash is added, a month above 12 cannot become valid (red at once), a past date is refused.
  const expiry = input(page, 'expiry');
  await expiry.pressSequentially('1');
  await expect(expiry).toHaveValue('1');
  await expiry.pressSequentially('2');
  await expect(expiry).toHaveValue('12/');
  await expiry.pressSequentially('20');
  await expect(expiry).toHaveValue('12/20');
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  expect((await readCardFields(page)).expiry!.message).toBe('Este cartão está vencido.');
  await expiry.fill('');
  await expiry.pressSequentially('13');
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  await expiry.fill('');
  await expiry.pressSequentially('5');
  await expect(expiry).toHaveValue('05/');
  // Enter in a field is `submit` for the page.
  await expiry.press('Enter');
  await expect.poll(() => eventNames(page)).toContain('submit');
  // encrypt() names every field that is not valid, in the locale, and never rejects.
  const refused = await encryptFields(page, 'Maria Silva');
  expect(refused.hasErrors).toBe(true);
  expect(refused.errors.map((e) => [e.code, e.parameterName])).toEqual([
    ['INVALID_NUMBER', 'number'],
    ['INVALID_EXPIRATION_MONTH', 'expiry'],
  ]);
});

test('English labels and messages; the inputs fill the container width at a fixed height, the frames 4 px beyond for the focus ring; axe finds nothing serious', async ({
  page,
  merchant,
  sandbox,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openCardFields(page, merchant, sandbox, { locale: 'en', holder: true });
  const frame = page.locator(CARD_FIELD_HOOKS.frame('number'));
  await expect(frame).toHaveAttribute('title', 'Secure field: card number');
  const box = await frame.boundingBox();
  const container = await page.locator('#card-number').boundingBox();
  // The frame reaches 4 px past its container on each side (the ring's room): the input's edges are the container's.
  expect(box!.width).toBe(container!.width + 8);
  expect(box!.x).toBe(container!.x - 4);
  // The default style: a label, the input and two lines of message, 94 px of the page's layout.
  expect(box!.height).toBe(102);
  expect(box!.y).toBe(container!.y - 4);
  expect((await page.locator('#card-expiry').boundingBox())!.y - container!.y).toBe(94);
  const inner = frame.contentFrame();
  const input = await inner.locator(CARD_FIELD_HOOKS.input).evaluate((el) => el.getBoundingClientRect().toJSON());
  expect(box!.x + input.x).toBe(container!.x);
  expect(input.width).toBe(container!.width);
  await expect(inner.locator('label')).toHaveText('Card number');
  await expect(inner.getByLabel('Card number')).toBeVisible();
  await fillCardFields(page, { number: '4000000000002504', expiry: '12/30', securityCode: '12', holderName: 'M' });
  expect(await readCardFields(page)).toMatchObject({
    number: { message: 'Invalid card number: check the digits.', invalid: true },
    securityCode: { message: 'The security code is incomplete.', invalid: true },
  });
  await inner.locator('body').screenshot({ path: 'test-results/card-fields-number-375.png' });
  await page.screenshot({ path: 'test-results/card-fields-page-375.png', fullPage: true });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

test('Tab and Shift+Tab move from the page into each field in turn and back out to the page', async ({
  page,
  merchant,
  sandbox,
}) => {
  await openCardFields(page, merchant, sandbox, { holder: true });
  await page.locator('#email').focus();
  const order: string[] = [];
  const where = () =>
    page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      return active?.dataset.gatewayCardField ?? active?.id ?? '';
    });
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    order.push(await where());
  }
  expect(order).toEqual(['number', 'expiry', 'securityCode', 'holderName', 'pay']);
  const back: string[] = [];
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Shift+Tab');
    back.push(await where());
  }
  expect(back).toEqual(['holderName', 'securityCode', 'expiry', 'number', 'email']);
  await expect.poll(() => eventNames(page)).toContain('focus');
});

test('creating again in the same containers replaces the fields; destroy() removes the frames and listeners, and encrypt() then resolves FIELDS_UNAVAILABLE', async ({
  page,
  merchant,
  sandbox,
}) => {
  const { publicKey } = await openCardFields(page, merchant, sandbox);
  await page.evaluate((publicKey) => {
    const w = window as any;
    w.__second = w.Gateway.createCardFields({
      publicKey,
      fields: {
        number: { container: '#card-number' },
        expiry: { container: '#card-expiry' },
        securityCode: { container: '#card-cvv' },
      },
    });
    w.__secondReady = new Promise((resolve) => w.__second.on('ready', resolve));
  }, publicKey);
  await page.evaluate(() => (window as any).__secondReady);
  await expect(page.locator('iframe[data-gateway-card-field]')).toHaveCount(3);
  expect(await encryptFields(page)).toMatchObject({ hasErrors: true, errors: [{ code: 'FIELDS_UNAVAILABLE' }] });
  await page.evaluate(() => (window as any).__second.destroy());
  await expect(page.locator('iframe[data-gateway-card-field]')).toHaveCount(0);
  const after = await page.evaluate(() => (window as any).__second.encrypt());
  expect(after).toMatchObject({ hasErrors: true, errors: [{ code: 'FIELDS_UNAVAILABLE', parameterName: 'number' }] });
});

test("a frame the page's CSP blocks gives an error event within setUp's timeout, and encrypt() resolves with the field named", async ({
  page,
  merchant,
  sandbox,
}) => {
  await openCardFields(page, merchant, sandbox, {
    path: '/fields-blocked',
    timeout: 1500,
    waitReady: false,
    headers: {
      'content-security-policy': `default-src 'self'; script-src 'self' 'unsafe-inline' ${sandbox.apiUrl}; connect-src ${sandbox.apiUrl}; frame-src 'none'`,
    },
  });
  await expect.poll(() => eventNames(page)).toContain('error');
  const errors = (await fieldEvents(page)).filter((e) => e.event === 'error').map((e) => JSON.parse(e.payload));
  expect(errors.map((e) => e.field).sort()).toEqual(['expiry', 'number', 'securityCode']);
  expect(errors[0].error.code).toBe('CARD_FIELDS_ERROR');
  expect(await encryptFields(page, 'Maria Silva')).toMatchObject({
    hasErrors: true,
    errors: [{ code: 'FIELDS_UNAVAILABLE' }],
  });
  expect(await eventNames(page)).not.toContain('ready');
});

test('a page of another origin that embeds the field page gets nothing: frame-ancestors refuses it, and a field answers no window but its parent', async ({
  page,
  merchant,
  sandbox,
}) => {
  const other = `http://localhost:${new URL(merchant.url).port}`;
  // The field page names the merchant's origin as parent; framed by another origin, the browser refuses it.
  const url = `${sandbox.challengeUrl}/card-fields/field?field=number&parent=${encodeURIComponent(merchant.url)}#x`;
  await page.goto(`${other}/fields-blocked-embed`).catch(() => {});
  // The frame's load event (the browser's error page, once it refused the field page) says it is over, at any speed.
  merchant.page('/embed', {
    html: `<!doctype html><title>x</title><iframe id="f" onload="document.body.dataset.loaded = 'yes'" src="${url}"></iframe>`,
  });
  const messages: unknown[] = [];
  await page.exposeFunction('__record', (data: unknown) => messages.push(data));
  await page.addInitScript(() =>
    addEventListener('message', (e) => (window as any).__record({ origin: e.origin, data: e.data })),
  );
  await page.goto(`${other}/embed`);
  await expect(page.locator('body[data-loaded=yes]')).toBeAttached();
  const frame = page.frames().find((f) => f.url().includes('/card-fields/field'));
  const hasInput = frame
    ? await frame
        .locator('input')
        .count()
        .catch(() => 0)
    : 0;
  expect(hasInput).toBe(0);
  expect(messages).toEqual([]);
  // The field page's CSP names only the parent.
  const res = await fetch(url);
  expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors ${merchant.url}`);
  expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
});
