// Every state a shopper can meet on the example checkout, at a phone's 375 px and a desktop's
// 1280 px: each one axe-clean (the SDK's dialog and the bank's frames included), and each
// kept as a screenshot checkout-<state>-<width>.png (docs/screenshots/ with UPDATE_DOC_SCREENSHOTS=1,
// for docs/example-checkout.md).
import type { Page } from '@playwright/test';
import { CHALLENGE_HOOKS, challengeDialog, issuerFrame, waitForChallenge } from '../../dist/testing/index.js';
import {
  answerChallenge,
  CARD,
  expect,
  expectAxeClean,
  expectWaitingForBank,
  holdRequests,
  openExample,
  startPix,
  test,
  typeCard,
} from './examples-support';
import { keepScreenshot } from './doc-screenshot';

const pay = (page: Page) => page.getByRole('button', { name: /^Pagar R\$/ }).click();
const heading = (page: Page, name: string) =>
  expect(page.locator('#status').getByRole('heading', { name })).toBeVisible();

/** Each state: how the shopper gets there from a fresh page, and what shows it is reached. */
const STATES: Array<[string, (page: Page) => Promise<void>]> = [
  ['form', async () => {}],
  [
    'invalid',
    async (page) => {
      await page.getByLabel('CPF').fill('123.456.789-00');
      await page.getByLabel('Nome completo').fill('Maria');
      await pay(page);
      await expect(page.locator('#error-summary')).toBeFocused();
    },
  ],
  [
    'bank-notice',
    async (page) => {
      await typeCard(page, CARD.challenge);
      await pay(page);
      await expect(page.getByRole('button', { name: 'Continuar para o banco' })).toBeFocused();
    },
  ],
  [
    'challenge',
    async (page) => {
      await typeCard(page, CARD.challenge);
      await pay(page);
      await page.getByRole('button', { name: 'Continuar para o banco' }).click();
      await waitForChallenge(page);
      await issuerFrame(page).locator(CHALLENGE_HOOKS.code).fill('123456');
      await expectWaitingForBank(page);
    },
  ],
  [
    // The shopper answered the bank: now, and only now, the page is processing the payment.
    'processing',
    async (page) => {
      await typeCard(page, CARD.challenge);
      await pay(page);
      // The order call stays held (never released): the state lasts while it is checked and shot.
      await holdRequests(page, '**/api/orders');
      await answerChallenge(page, '123456');
      await expect(page.locator('#progress')).toHaveText('Processando o pagamento…');
      await expect(challengeDialog(page)).toHaveCount(0);
      await page.locator('#progress').scrollIntoViewIfNeeded();
    },
  ],
  [
    'paid',
    async (page) => {
      await typeCard(page, CARD.challenge);
      await pay(page);
      await answerChallenge(page, '123456');
      await heading(page, 'Pagamento aprovado');
    },
  ],
  [
    'installments',
    async (page) => {
      await page.getByLabel('Parcelas').selectOption('12');
      await page.getByLabel('Parcelas').scrollIntoViewIfNeeded();
      await expect(page.getByRole('button', { name: 'Pagar R$ 162,48' })).toBeVisible();
    },
  ],
  [
    'paid-12x',
    async (page) => {
      await page.getByLabel('Parcelas').selectOption('12');
      await typeCard(page, CARD.frictionless);
      await pay(page);
      await heading(page, 'Pagamento aprovado');
      await expect(page.locator('#status .plan')).toHaveText('12x de R$ 13,54 com juros');
    },
  ],
  [
    'boleto',
    async (page) => {
      await page.getByLabel('Boleto').check();
      await page.getByRole('button', { name: 'Gerar boleto' }).click();
      await heading(page, 'Boleto gerado');
    },
  ],
  [
    // Paid: what happened and what comes next, nothing left to pay or copy.
    'boleto-paid',
    async (page) => {
      await page.getByLabel('Boleto').check();
      await page.getByRole('button', { name: 'Gerar boleto' }).click();
      await heading(page, 'Boleto gerado');
      await page.getByRole('button', { name: 'Simular pagamento' }).click();
      await heading(page, 'Boleto pago');
    },
  ],
  [
    'pix',
    async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const { panel } = await startPix(page);
      await panel.getByRole('button', { name: 'Copiar código Pix' }).click();
      await expect(panel.getByRole('status')).toHaveText(/^Código copiado/);
    },
  ],
  [
    'pix-paid',
    async (page) => {
      const { panel } = await startPix(page);
      await panel.getByRole('button', { name: 'Simular pagamento' }).click();
      await heading(page, 'Pagamento aprovado');
    },
  ],
  [
    'pix-expired',
    async (page) => {
      // The time is up (30 real minutes): once the code shows, the server's answer stands in for it.
      let timeUp = false;
      await page.route('**/api/orders/*/pix', (route) =>
        timeUp ? route.fulfill({ json: { status: 'EXPIRED' } }) : route.continue(),
      );
      await startPix(page);
      timeUp = true;
      await heading(page, 'O código Pix expirou');
    },
  ],
  [
    'not-authenticated',
    async (page) => {
      await typeCard(page, CARD.challenge);
      await pay(page);
      await answerChallenge(page, '000000');
      await heading(page, 'Seu banco não confirmou a compra');
    },
  ],
  [
    'declined',
    async (page) => {
      await typeCard(page, CARD.declined);
      await pay(page);
      await heading(page, 'Pagamento recusado pelo banco');
    },
  ],
  [
    'denied',
    async (page) => {
      await typeCard(page, CARD.denied);
      await pay(page);
      await heading(page, 'Seu banco não autorizou este cartão');
    },
  ],
  [
    'canceled',
    async (page) => {
      await typeCard(page, CARD.challenge);
      await pay(page);
      await page.getByRole('button', { name: 'Continuar para o banco' }).click();
      await page.getByRole('button', { name: 'Fechar e cancelar a verificação' }).click();
      await heading(page, 'Pagamento não concluído');
    },
  ],
  [
    'error',
    async (page) => {
      // The payment service out of reach: not the shopper's doing, so a support code is shown.
      await page.route('**/checkout-sdk/3ds/authentications', (route) => route.abort('connectionrefused'));
      await typeCard(page, CARD.frictionless);
      await pay(page);
      await heading(page, 'Não foi possível concluir o pagamento');
      await expect(page.locator('#status')).toContainText('Código para o atendimento');
    },
  ],
];

for (const [width, height] of [
  [375, 812],
  [1280, 800],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });
    for (const [state, reach] of STATES) {
      test(`state ${state}: axe-clean, nothing overflows sideways, screenshot`, async ({
        page,
        checkout,
      }, testInfo) => {
        await openExample(page, checkout.url);
        await reach(page);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
        ).toBe(true);
        await expectAxeClean(page);
        await keepScreenshot(page, testInfo, `checkout-${state}-${width}`);
      });
    }
  });
}
