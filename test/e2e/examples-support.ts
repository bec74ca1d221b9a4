import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { rollup } from 'rollup';
import { loadConfigFile } from 'rollup/loadConfigFile';
import type { Sandbox } from '../../dist/sandbox/index.js';
import { startCheckout, type Checkout } from '../../examples/checkout/server.mjs';
// The bank's challenge is driven only through the public testing entry, as integrators do.
import {
  cancelChallenge,
  challengeDialog,
  fillCardFields,
  submitChallengeCode,
  TEST_CARDS,
  waitForChallenge,
} from '../../dist/testing/index.js';
import { decodeQrPng } from '../sandbox/support/pix-decoding';
import { expect, test as base } from './fixtures';

/** The example checkout's test cards (the page's own list, and the 3DS test set of docs/rules.md). */
export const CARD = {
  frictionless: TEST_CARDS.frictionless.number,
  challenge: TEST_CARDS.challenge.number,
  notEligible: TEST_CARDS.notSupported.number,
  denied: TEST_CARDS.denied.number,
  /** A challenge that ends NOT_AUTHENTICATED whatever the shopper types. */
  notAuthenticated: TEST_CARDS.challengeNotAuthenticated.number,
  /** Frictionless 3DS, then the issuer declines the payment (docs/orders-and-charges.md: Sandbox declines). */
  declined: '4000000000000002',
} as const;

interface ExampleFixtures {
  /** Where the ESM example's bundle is; undefined: the script-tag page only. */
  esmDir: string | undefined;
  /** examples/checkout/server.mjs against this worker's sandbox, on a free port. */
  checkout: Checkout;
}

/** The fixtures' test, plus the example checkout started with startCheckout against the worker's sandbox. */
export const test = base.extend<object, ExampleFixtures>({
  esmDir: [undefined, { scope: 'worker', option: true }],
  checkout: [
    async ({ sandbox, esmDir }, use) => {
      const checkout = await startCheckout({ ...sandbox, esmDir });
      await use(checkout);
      await checkout.close();
    },
    { scope: 'worker' },
  ],
});
export { expect };

/**
 * Builds the ESM example with its own rollup config (examples/esm/rollup.config.mjs) into
 * `outDir`: one folder per page, as `npm run build:examples` does into examples/esm/dist.
 */
export async function buildEsmExample(outDir: string): Promise<void> {
  const { options, warnings } = await loadConfigFile(
    fileURLToPath(new URL('../../examples/esm/rollup.config.mjs', import.meta.url)),
    {},
  );
  warnings.flush();
  for (const config of options) {
    const bundle = await rollup(config);
    for (const output of config.output) await bundle.write({ ...output, dir: join(outDir, basename(output.dir!)) });
    await bundle.close();
  }
}

/** Opens a page of the example and waits until it has its SDK session. */
export async function openExample(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('form[data-ready=true]')).toBeAttached();
}

/** Types the card as a shopper does, in the hosted card fields (the other fields come filled in). */
export async function typeCard(page: Page, number: string): Promise<void> {
  await fillCardFields(page, { number, expiry: '12/30', securityCode: '123' });
}

/** Answers the bank's challenge: the notice first, then the code in the issuer page inside the SDK's dialog. */
export async function answerChallenge(page: Page, code: string): Promise<void> {
  await page.getByRole('button', { name: 'Continuar para o banco' }).click();
  await submitChallengeCode(page, code);
}

/** While the bank's challenge is open: the page says it waits for the bank, with no Pay button and no "Processando". */
export async function expectWaitingForBank(page: Page): Promise<void> {
  await expect(challengeDialog(page)).toBeVisible();
  await expect(page.locator('#progress')).toHaveText('Aguardando a confirmação do seu banco…');
  await expect(page.locator('#progress')).toBeVisible();
  await expect(page.locator('#pay')).toBeHidden();
}

/** Holds the page's requests to `url` until `release()`: a state that lasts a moment stays to be looked at. */
export async function holdRequests(page: Page, url: string): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** The order id behind the success screen (the shopper reads the short reference instead). */
export async function shownOrderId(page: Page): Promise<string> {
  const id = await page.locator('#status .result.success').getAttribute('data-order-id');
  if (!id?.startsWith('ORDE_')) throw new Error(`no order id on the result: ${id}`);
  return id;
}

/** Counts the page's 3DS authentication requests (each one may send the shopper to the bank). */
export function countAuthentications(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/checkout-sdk/3ds/authentications') && n++);
  return () => n;
}

/** True when the element's top is inside the viewport: what the shopper sees without scrolling. */
export const inViewport = (page: Page, selector: string): Promise<boolean> =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight;
  });

/** axe on the whole page, the SDK's dialog and frames included: no violation of any impact. */
export async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`),
  ).toEqual([]);
}

/** The order as the merchant reads it from the API with its token. */
export async function readOrder(sandbox: Sandbox, id: string): Promise<any> {
  const res = await fetch(`${sandbox.apiUrl}/orders/${id}`, { headers: { Authorization: `Bearer ${sandbox.token}` } });
  expect(res.status).toBe(200);
  return res.json();
}

/**
 * Chooses Pix and asks for the code (with `button`: "Gerar código Pix" under the form, or the
 * expired result's "Gerar novo código Pix"): the panel with the QR code, its text and the time left.
 */
export async function startPix(page: Page, button = 'Gerar código Pix'): Promise<{ orderId: string; panel: Locator }> {
  await page.getByLabel('Pix', { exact: true }).check();
  const created = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
  await page.getByRole('button', { name: button, exact: true }).click();
  const { orderId } = await (await created).json();
  const panel = page.getByRole('region', { name: 'Pague com Pix' });
  await expect(panel).toBeFocused();
  // The PNG came from the API's link and was drawn: the shopper's browser loads it without a token.
  await expect(panel.getByRole('img', { name: 'QR Code do Pix' })).toHaveJSProperty('complete', true);
  expect(await panel.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  return { orderId, panel };
}

/** Collects the merchant page's CSP violations, read back with {@link cspViolations}. */
export async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
}

export const cspViolations = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

/**
 * The shopper's journeys, the same on both pages of the example: the script tag (`/`) and the
 * ESM bundle (`/esm/`).
 */
export function shopperJourneys(t: typeof test, path: '/' | '/esm/'): void {
  const pay = (page: Page) => page.getByRole('button', { name: /^Pagar R\$/ }).click();
  const status = (page: Page) => page.locator('#status');

  t.describe(`the example checkout at ${path}`, () => {
    t.beforeEach(async ({ page, checkout }) => {
      await recordCspViolations(page);
      await openExample(page, checkout.url + path);
    });

    for (const [width, card] of [
      [375, CARD.challenge],
      [1280, CARD.challenge],
      [375, CARD.frictionless],
      [1280, CARD.frictionless],
    ] as const)
      t(
        `at ${width} px the card's success screen is announced (a status region) and in view with the focus (${card === CARD.challenge ? 'after the bank' : 'frictionless'})`,
        async ({ page }) => {
          await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
          await typeCard(page, card);
          await pay(page);
          if (card === CARD.challenge) await answerChallenge(page, '123456');
          const heading = status(page).getByRole('heading', { name: 'Pagamento aprovado' });
          await expect(heading).toBeVisible();
          // Announced: the heading sits in a polite live region with role=status, as the page had it.
          const region = page.locator('[role=status][aria-live=polite]', {
            has: page.getByRole('heading', { name: 'Pagamento aprovado' }),
          });
          await expect(region).toHaveCount(1);
          await expect(region).toBeFocused();
          // In view: the whole title inside the viewport, the result's top not scrolled off.
          await expect(heading).toBeInViewport({ ratio: 1 });
          const top = await status(page)
            .locator('.result')
            .evaluate((box) => box.getBoundingClientRect().top);
          expect(top).toBeGreaterThanOrEqual(0);
        },
      );

    t('the page says it is a test environment and which build of the SDK it runs', async ({ page }) => {
      await expect(page.locator('.sandbox-banner')).toContainText('Ambiente de testes');
      await expect(page.locator('.build')).toContainText(path === '/' ? 'Versão com a tag <script>' : 'Versão ESM');
    });

    t(
      'frictionless card: a success screen with the amount, the card and a short reference; the order carries the 3DS id and the encrypted card',
      async ({ page, sandbox }) => {
        await typeCard(page, CARD.frictionless);
        await pay(page);
        const result = status(page).locator('.result.success');
        await expect(result.getByRole('heading', { name: 'Pagamento aprovado' })).toBeVisible();
        await expect(result).toContainText('R$ 134,80');
        await expect(result).toContainText('Cartão de crédito Visa final 2370');
        await expect(result.locator('.reference')).toHaveText(/^LE-[2-9A-HJ-NP-Z]{6}$/);
        await expect(result).not.toContainText('ORDE_');
        await expect(page.locator('#checkout')).toBeHidden();
        await expect(challengeDialog(page)).toHaveCount(0);
        const order = await readOrder(sandbox, await shownOrderId(page));
        expect(order.reference_id).toBe(await result.locator('.reference').innerText());
        expect(order.charges[0]).toMatchObject({
          status: 'PAID',
          amount: { value: 13_480, currency: 'BRL' },
          payment_response: { code: '20000', message: 'SUCESSO' },
          payment_method: {
            type: 'CREDIT_CARD',
            card: { brand: 'visa', first_digits: '400000', last_digits: '2370' },
            authentication_method: { type: 'THREEDS', id: expect.stringMatching(/^3DS_/), status: 'AUTHENTICATED' },
          },
        });
        expect(await cspViolations(page)).toEqual([]);
      },
    );

    t(
      'challenge card: brand and issuer shown before the dialog opens, one state while waiting; the code typed in the issuer frame pays',
      async ({ page, sandbox }) => {
        await typeCard(page, CARD.challenge);
        await pay(page);
        await expect(page.locator('#bank-notice-text')).toHaveText(
          'Seu cartão Visa, emitido por Banco Exemplo, pede uma confirmação da compra. A página do banco abre nesta tela.',
        );
        // Waiting for the shopper: no Pay button and no "processing" beside the notice.
        await expect(page.locator('#pay')).toBeHidden();
        await expect(page.locator('#progress')).toBeHidden();
        // beforeChallenge holds the dialog until the shopper opens it.
        await expect(challengeDialog(page)).toHaveCount(0);
        await page.getByRole('button', { name: 'Continuar para o banco' }).click();
        await waitForChallenge(page);
        // The bank waits for the shopper: the page behind the dialog says so, and offers no Pay button.
        await expectWaitingForBank(page);
        // Once the shopper answered, the page processes the payment (the order call held to see it).
        const order = await holdRequests(page, '**/api/orders');
        await submitChallengeCode(page, '123456');
        await expect(page.locator('#progress')).toHaveText('Processando o pagamento…');
        await expect(page.locator('#pay')).toBeVisible();
        await expect(page.locator('#pay')).toBeDisabled();
        order.release();
        await expect(status(page)).toContainText('Pagamento aprovado');
        await expect(challengeDialog(page)).toHaveCount(0);
        const paid = await readOrder(sandbox, await shownOrderId(page));
        expect(paid.charges[0]).toMatchObject({
          status: 'PAID',
          payment_method: {
            card: { last_digits: '2503' },
            authentication_method: { type: 'THREEDS', status: 'AUTHENTICATED' },
          },
        });
        // The page's CSP (script-src, connect-src, frame-src: docs/csp.md's lines) let every step through.
        expect(await cspViolations(page)).toEqual([]);
      },
    );

    t(
      'a failed challenge (code 000000) is not charged: the shopper is asked for another card or method',
      async ({ page }) => {
        const orders: string[] = [];
        page.on('request', (r) => r.url().endsWith('/api/orders') && orders.push(r.url()));
        await typeCard(page, CARD.challenge);
        await pay(page);
        await answerChallenge(page, '000000');
        await expect(status(page).getByRole('heading', { name: 'Seu banco não confirmou a compra' })).toBeVisible();
        await expect(status(page)).toContainText('Nada foi cobrado. Use outro cartão ou pague com boleto.');
        await expect(status(page)).not.toContainText('aprovado');
        await expect(page.locator('#checkout')).toBeVisible();
        expect(orders).toEqual([]);
      },
    );

    t(
      'boleto: a screen with the digit line, due date, amount and a PDF link that answers application/pdf',
      async ({ page, sandbox }) => {
        await page.getByLabel('Boleto').check();
        await expect(page.getByLabel('Número do cartão')).toBeHidden();
        await page.getByRole('button', { name: 'Gerar boleto' }).click();
        await expect(status(page).getByRole('heading', { name: 'Boleto gerado' })).toBeVisible();
        await expect(status(page)).toContainText('R$ 134,80');
        const line = await page.locator('#status .digits').innerText();
        expect(line).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
        const order = await readOrder(sandbox, await shownOrderId(page));
        expect(order.charges[0]).toMatchObject({
          status: 'WAITING',
          payment_method: { type: 'BOLETO', boleto: { formatted_barcode: line } },
        });

        const link = page.getByRole('link', { name: 'Abrir o boleto (PDF)' });
        const pdf = await page.request.get((await link.getAttribute('href'))!);
        expect(pdf.status()).toBe(200);
        expect(pdf.headers()['content-type']).toBe('application/pdf');
        expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
      },
    );

    t(
      'a declined card: the result is scrolled into view and focused, with a support code; the shopper may try again',
      async ({ page }) => {
        await page.setViewportSize({ width: 375, height: 700 });
        await typeCard(page, CARD.declined);
        await pay(page);
        await expect(status(page).getByRole('heading', { name: 'Pagamento recusado pelo banco' })).toBeVisible();
        await expect(status(page)).toContainText('Nada foi cobrado. Use outro cartão ou pague com boleto.');
        await expect(status(page)).toContainText(/Código para o atendimento: [0-9a-f-]{36}/);
        await expect(status(page)).toBeFocused();
        expect(await inViewport(page, '#status')).toBe(true);
        await expect(page.locator('#checkout')).toBeVisible();
        await expect(page.getByRole('button', { name: /^Pagar R\$/ })).toBeEnabled();
      },
    );

    t(
      'an invalid CPF is caught before the bank: reason beside the field, a linked summary at the top, focused and in view; after the fix one challenge pays',
      async ({ page }) => {
        await page.setViewportSize({ width: 375, height: 700 });
        const authentications = countAuthentications(page);
        await page.getByLabel('CPF').fill('123.456.789-00');
        await typeCard(page, CARD.challenge);
        await pay(page);
        const summary = page.locator('#error-summary');
        await expect(summary).toBeFocused();
        await expect(summary).toContainText('Corrija 1 campo para continuar');
        expect(await inViewport(page, '#error-summary')).toBe(true);
        await expect(page.getByLabel('CPF')).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByLabel('CPF')).toHaveAccessibleDescription('CPF inválido: confira os 11 dígitos.');
        expect(authentications()).toBe(0);
        await expect(challengeDialog(page)).toHaveCount(0);
        await expect(page.locator('#bank-notice')).toBeHidden();
        await summary.getByRole('link', { name: 'CPF ou CNPJ: CPF inválido: confira os 11 dígitos.' }).click();
        await expect(page.getByLabel('CPF')).toBeFocused();

        await page.getByLabel('CPF').fill('123.456.789-09');
        await pay(page);
        await expect(summary).toBeHidden();
        await answerChallenge(page, '123456');
        await expect(status(page)).toContainText('Pagamento aprovado');
        expect(authentications()).toBe(1);
      },
    );

    t(
      'the server checks the same rules before the bank: a page that skipped them gets the reasons, and no authentication starts',
      async ({ page }) => {
        const authentications = countAuthentications(page);
        const res = await page.request.post(page.url().replace(/\/(esm\/)?$/, '/api/check'), {
          data: { customer: { name: 'Maria', email: 'x', taxId: '11111111111', phone: '1' }, address: {} },
        });
        const body = await res.json();
        expect(body.ok).toBe(false);
        expect(body.problems.map((p: { field: string }) => p.field)).toEqual([
          'name',
          'email',
          'taxId',
          'phone',
          'postalCode',
          'street',
          'number',
          'locality',
          'city',
          'regionCode',
        ]);
        expect(body.problems[2]).toEqual({ field: 'taxId', message: 'CPF inválido: confira os 11 dígitos.' });
        expect(authentications()).toBe(0);
      },
    );

    t('several wrong fields: every reason in the summary, no developer text, no support code', async ({ page }) => {
      await typeCard(page, CARD.frictionless);
      await page.getByLabel('Celular com DDD').fill('11 123');
      await page.getByLabel('Nome completo').fill('Maria');
      await pay(page);
      const summary = page.locator('#error-summary');
      await expect(summary).toContainText('Corrija 2 campos para continuar');
      await expect(summary).toContainText('Nome completo: Informe nome e sobrenome.');
      // The reason names its field: the line does not say the name twice.
      await expect(summary).toContainText('Informe o celular com DDD: 10 ou 11 dígitos.');
      await expect(summary).not.toContainText('Celular com DDD: Informe');
      await expect(page.getByLabel('Celular com DDD')).toHaveAttribute('aria-invalid', 'true');
      const text = await page.locator('main').innerText();
      expect(text).not.toMatch(/data\.|must|VALIDATION|Código para o atendimento/);
    });

    t(
      'the shopper closes the bank challenge: their own choice in words, nothing charged, no support code',
      async ({ page }) => {
        await typeCard(page, CARD.challenge);
        await pay(page);
        await page.getByRole('button', { name: 'Continuar para o banco' }).click();
        await waitForChallenge(page);
        await cancelChallenge(page, 'close-button');
        await expect(status(page)).toContainText(
          'Você fechou a confirmação do banco. Nada foi cobrado; tente de novo quando quiser.',
        );
        await expect(status(page)).not.toContainText('Código para o atendimento');
        await expect(challengeDialog(page)).toHaveCount(0);
      },
    );

    t('the bank denies authentication: the shopper is asked for another payment method', async ({ page }) => {
      await typeCard(page, CARD.denied);
      await pay(page);
      await expect(status(page).getByRole('heading', { name: 'Seu banco não autorizou este cartão' })).toBeVisible();
      await expect(status(page)).toContainText('Nada foi cobrado. Use outro cartão ou pague com boleto.');
      // The shopper did nothing wrong: the support code (the authentication's trace id) is shown.
      await expect(status(page)).toContainText(/Código para o atendimento: [0-9a-f-]{36}/);
    });

    t(
      'Pix: the QR code, its text copied and the time left; the sandbox button pays it; the server learns it and the success screen shows',
      async ({ page, context, sandbox }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.getByLabel('Pix', { exact: true }).check();
        await expect(page.getByLabel('Número do cartão')).toBeHidden();
        const { orderId, panel } = await startPix(page);
        await expect(page.locator('#checkout')).toBeHidden();
        const text = await panel.getByLabel('Pix copia e cola').inputValue();
        expect(text).toMatch(/^000201/);
        // The image on the page, read as a phone camera would: the same BR Code as the text.
        const image = await page.request.get((await panel.getByRole('img').getAttribute('src'))!);
        expect(decodeQrPng(await image.body())).toBe(text);
        // 30 minutes to pay, counted down every second.
        await expect(panel.locator('#pix-amount')).toHaveText('R$ 134,80');
        const timer = panel.getByRole('timer');
        await expect(timer).toHaveText(/^(29:[0-5]\d|30:00)$/);
        const first = await timer.innerText();
        await expect(timer).not.toHaveText(first);
        await panel.getByRole('button', { name: 'Copiar código Pix' }).click();
        await expect(panel.getByRole('status')).toHaveText(
          'Código copiado. Cole no app do seu banco, em Pix copia e cola.',
        );
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
        const waiting = await readOrder(sandbox, orderId);
        expect(waiting.charges).toEqual([]);
        expect(waiting.qr_codes[0]).toMatchObject({ text, amount: { value: 13_480 }, arrangements: ['PIX'] });

        await panel.getByRole('button', { name: 'Simular pagamento' }).click();
        const result = status(page).locator('.result.success');
        await expect(result.getByRole('heading', { name: 'Pagamento aprovado' })).toBeVisible();
        await expect(status(page)).toBeFocused();
        await expect(result).toContainText('R$ 134,80');
        await expect(result.locator('dd').nth(2)).toHaveText('Pix');
        await expect(result.locator('.reference')).toHaveText(/^LE-[2-9A-HJ-NP-Z]{6}$/);
        await expect(panel).toBeHidden();
        const paid = await readOrder(sandbox, orderId);
        expect(paid.reference_id).toBe(await result.locator('.reference').innerText());
        expect(paid.charges[0]).toMatchObject({
          status: 'PAID',
          amount: { value: 13_480 },
          payment_method: { type: 'PIX' },
        });
        expect(await cspViolations(page)).toEqual([]);
      },
    );

    t('a debit card not eligible for 3DS: the payment ends, as docs/rules.md requires', async ({ page }) => {
      await page.getByLabel('Cartão de débito').check();
      await expect(page.locator('select[name=installments]')).toBeDisabled();
      await typeCard(page, CARD.notEligible);
      await pay(page);
      await expect(
        status(page).getByRole('heading', { name: 'Este cartão de débito não pode ser usado' }),
      ).toBeVisible();
      await expect(status(page)).toContainText('Use um cartão de crédito ou pague com boleto.');
    });
  });
}
