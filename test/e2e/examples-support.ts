import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';
import { rollup } from 'rollup';
import { loadConfigFile } from 'rollup/loadConfigFile';
import type { Sandbox } from '../../dist/sandbox/index.js';
import { startCheckout, type Checkout } from '../../examples/checkout/server.mjs';
import { issuerFrame } from './challenge-support';
import { expect, test as base } from './fixtures';

/** The example checkout's test cards (the page's own list, and the 3DS test set of docs/rules.md). */
export const CARD = {
  frictionless: '4000000000002370',
  challenge: '4000000000002503',
  notEligible: '4000000000002719',
  denied: '4000000000003006',
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
  const { options, warnings } = await loadConfigFile(fileURLToPath(new URL('../../examples/esm/rollup.config.mjs', import.meta.url)), {});
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

/** Types the card as a shopper does (the other fields come filled in). */
export async function typeCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Número do cartão').fill(number);
}

/** Answers the bank's challenge: the notice first, then the code in the issuer page inside the SDK's dialog. */
export async function answerChallenge(page: Page, code: string): Promise<void> {
  await page.getByRole('button', { name: 'Continuar para o banco' }).click();
  const acs = issuerFrame(page);
  await acs.getByLabel('Código de verificação').fill(code);
  await acs.getByRole('button', { name: 'Confirmar' }).click();
}

/** The order id the success message shows. */
export async function shownOrderId(page: Page): Promise<string> {
  const text = await page.locator('#status').innerText();
  const id = /Pedido (ORDE_[0-9a-f-]{36})/.exec(text)?.[1];
  if (!id) throw new Error(`no order id in: ${text}`);
  return id;
}

/** The order as the merchant reads it from the API with its token. */
export async function readOrder(sandbox: Sandbox, id: string): Promise<any> {
  const res = await fetch(`${sandbox.apiUrl}/orders/${id}`, { headers: { Authorization: `Bearer ${sandbox.token}` } });
  expect(res.status).toBe(200);
  return res.json();
}

/** Collects the merchant page's CSP violations, read back with {@link cspViolations}. */
export async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

export const cspViolations = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

/** Saves a screenshot in the test's output and as docs/screenshots/<name>.png for the README. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string, fullPage = false): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  const docs = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
  mkdirSync(docs, { recursive: true });
  copyFileSync(file, join(docs, `${name}.png`));
}

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

    t('frictionless card: paid at once; the order carries the 3DS id and the encrypted card', async ({ page, sandbox }) => {
      await typeCard(page, CARD.frictionless);
      await pay(page);
      await expect(status(page)).toContainText('Pagamento aprovado! Obrigado pela compra.');
      await expect(page.locator('#checkout')).toBeHidden();
      await expect(page.locator('dialog')).toHaveCount(0);
      const order = await readOrder(sandbox, await shownOrderId(page));
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
    });

    t('challenge card: brand and issuer shown before the dialog opens; the code typed in the issuer frame pays', async ({ page, sandbox }) => {
      await typeCard(page, CARD.challenge);
      await pay(page);
      await expect(page.locator('#bank-notice-text')).toHaveText('Cartão VISA do Banco Exemplo: seu banco vai pedir uma confirmação da compra.');
      // beforeChallenge holds the dialog until the shopper opens it.
      await expect(page.locator('dialog')).toHaveCount(0);
      await answerChallenge(page, '123456');
      await expect(status(page)).toContainText('Pagamento aprovado!');
      await expect(page.locator('dialog')).toHaveCount(0);
      const order = await readOrder(sandbox, await shownOrderId(page));
      expect(order.charges[0]).toMatchObject({ status: 'PAID', payment_method: { card: { last_digits: '2503' }, authentication_method: { type: 'THREEDS', status: 'AUTHENTICATED' } } });
      // The page's CSP (script-src, connect-src, frame-src: the README's lines) let every step through.
      expect(await cspViolations(page)).toEqual([]);
    });

    t('boleto: the order shows the digit line and a PDF link that answers application/pdf', async ({ page, sandbox }) => {
      await page.getByLabel('Boleto').check();
      await expect(page.getByLabel('Número do cartão')).toBeHidden();
      await page.getByRole('button', { name: 'Gerar boleto' }).click();
      await expect(status(page)).toContainText('Pedido criado! Pague o boleto até o vencimento.');
      const line = await page.locator('#status .digits').innerText();
      expect(line).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
      const order = await readOrder(sandbox, await shownOrderId(page));
      expect(order.charges[0]).toMatchObject({ status: 'WAITING', payment_method: { type: 'BOLETO', boleto: { formatted_barcode: line } } });

      const link = page.getByRole('link', { name: 'Abrir o boleto (PDF)' });
      const pdf = await page.request.get((await link.getAttribute('href'))!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    });

    t('a declined card: the shopper reads that the bank refused and may try again', async ({ page }) => {
      await typeCard(page, CARD.declined);
      await pay(page);
      await expect(status(page)).toContainText('Pagamento recusado pelo banco. Nada foi cobrado. Tente outro cartão ou pague com boleto.');
      await expect(page.locator('#checkout')).toBeVisible();
      await expect(page.getByRole('button', { name: /^Pagar R\$/ })).toBeEnabled();
    });

    t('a wrong phone: the GatewayError becomes words and a marked field, no developer text', async ({ page }) => {
      await page.getByLabel('Celular com DDD').fill('11 123');
      await pay(page);
      await expect(status(page)).toContainText('Confira os dados destacados e tente de novo.');
      await expect(status(page)).toContainText('Confira: Celular com DDD.');
      await expect(page.getByLabel('Celular com DDD')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('Celular com DDD')).toBeFocused();
      const text = await status(page).innerText();
      expect(text).not.toMatch(/data\.|must|VALIDATION/);
      expect(text).toMatch(/Código de atendimento: [0-9a-f-]{36}/);
    });

    t('the shopper closes the bank challenge: CHALLENGE_CANCELED in words, nothing charged', async ({ page }) => {
      await typeCard(page, CARD.challenge);
      await pay(page);
      await page.getByRole('button', { name: 'Continuar para o banco' }).click();
      await expect(issuerFrame(page).getByLabel('Código de verificação')).toBeVisible();
      await page.getByRole('button', { name: 'Fechar e cancelar a verificação' }).click();
      await expect(status(page)).toContainText('Você fechou a confirmação do banco. Nada foi cobrado; tente de novo quando quiser.');
      await expect(page.locator('dialog')).toHaveCount(0);
    });

    t('the bank denies authentication: the shopper is asked for another payment method', async ({ page }) => {
      await typeCard(page, CARD.denied);
      await pay(page);
      await expect(status(page)).toContainText('Seu banco não autorizou este cartão. Nada foi cobrado. Escolha outra forma de pagamento.');
    });

    t('a debit card not eligible for 3DS: the payment ends, as docs/rules.md requires', async ({ page }) => {
      await page.getByLabel('Cartão de débito').check();
      await expect(page.locator('select[name=installments]')).toBeDisabled();
      await typeCard(page, CARD.notEligible);
      await pay(page);
      await expect(status(page)).toContainText('Este cartão de débito não pode ser usado nesta compra. Use um cartão de crédito ou boleto.');
    });
  });
}
