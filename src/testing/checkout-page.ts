import type { Page } from '@playwright/test';
import { TEST_CARDS, type TestCardName } from '../sandbox/cards/sandbox-cards';
import { fillCardFields } from './card-fields';
import { passChallenge } from './challenge-helpers';
import { CHALLENGE_HOOKS, CHECKOUT_PAGE_HOOKS as HOOK } from './selectors';

/** How {@link payCheckout} pays. */
export interface PayCheckoutOptions {
  method: 'CREDIT_CARD' | 'DEBIT_CARD' | 'PIX' | 'BOLETO';
  /** A sandbox test card's name, for a card method: `'frictionless'` by default; a challenge card's challenge is passed. */
  card?: TestCardName;
  /** Installments of a credit card, among the page's options: 1 by default. */
  installments?: number;
}

/** What the page showed once paid (or refused). */
export interface CheckoutPayment {
  /** PAID (card, or Pix once the simulator paid it), WAITING (a boleto issued), DECLINED or ERROR. */
  result: 'PAID' | 'WAITING' | 'DECLINED' | 'ERROR';
  /** The order the page made; absent when none was (a refused 3-D Secure). */
  orderId?: string;
}

/** The shopper the kit types where the page asks: a valid CPF and a São Paulo address. */
const SHOPPER: Record<string, string> = {
  name: 'Maria da Silva',
  email: 'maria@example.com',
  tax_id: '12345678909',
  phone: '11912345678',
  postal_code: '01310100',
  region_code: 'SP',
  street: 'Avenida Paulista',
  number: '1000',
  locality: 'Bela Vista',
  city: 'São Paulo',
};

/**
 * Pays the checkout pay page open in `page` (a checkout's PAY link), as a shopper does: fills the
 * fields the page asks for that are empty, picks the method, types the card into the hosted fields
 * (a test card's name, as fillCardFields takes it; the frictionless card by default) and passes its
 * challenge, or for Pix presses the page's sandbox-only button that pays the code and waits for the
 * page to see it paid. Returns once the page shows the result; fails naming what the page showed
 * instead (a closed checkout, a field it refused).
 *
 * @example
 * ```ts
 * await page.goto(checkout.links.find((l) => l.rel === 'PAY').href);
 * const { result, orderId } = await payCheckout(page, { method: 'CREDIT_CARD', card: 'challenge' });
 * ```
 */
export async function payCheckout(page: Page, options: PayCheckoutOptions): Promise<CheckoutPayment> {
  const { method } = options;
  const cardName = options.card ?? 'frictionless';
  if (!TEST_CARDS[cardName]) throw new Error(`payCheckout: ${JSON.stringify(cardName)} is not a sandbox test card`);
  await page.locator(`${HOOK.form}, ${HOOK.closed}`).first().waitFor();
  const closed = page.locator(HOOK.closed);
  if (await closed.count())
    throw new Error(`payCheckout: the checkout takes no payment (${await closed.getAttribute('data-pay-closed')})`);
  await page.locator(`${HOOK.form}[data-ready="true"]`).waitFor();
  const choice = page.locator(HOOK.method(method));
  if (!(await choice.count())) throw new Error(`payCheckout: the page does not offer ${method}`);
  await choice.check();
  for (const [name, value] of Object.entries(SHOPPER)) {
    const input = page.locator(`${HOOK.form} [name="${name}"]`);
    if ((await input.count()) && (await input.isVisible()) && !(await input.inputValue())) await input.fill(value);
  }
  const card = method === 'CREDIT_CARD' || method === 'DEBIT_CARD';
  if (card) await fillCardFields(page, cardName);
  if (method === 'CREDIT_CARD' && options.installments)
    await page.locator(HOOK.installments).selectOption(String(options.installments));
  await page.locator(HOOK.submit).click();
  const result = page.locator(`${HOOK.result}:not([hidden])`);
  const problems = page.locator(`${HOOK.problems}:not([hidden])`);
  /** Fails naming the fields the page refused, if it shows some. */
  const refused = async () => {
    if (!(await problems.isVisible())) return;
    const fields = await problems.locator('li').allTextContents();
    throw new Error(
      `payCheckout: the page refused ${fields.length === 1 ? 'a field' : 'fields'}: ${fields.join('; ')}`,
    );
  };
  // What the page shows next: a challenge, the result (3-D Secure may end without one), or the
  // fields it refused, before 3-D Secure or after it (the API's answer).
  const challenge = page.locator(CHALLENGE_HOOKS.dialog);
  await result.or(problems).or(challenge).first().waitFor();
  await refused();
  if (card && TEST_CARDS[cardName].flow === 'CHALLENGE' && (await challenge.count())) {
    await passChallenge(page);
    await result.or(problems).first().waitFor();
    await refused();
  }
  if (method === 'PIX' && (await result.getAttribute('data-pay-result')) === 'WAITING') {
    await page.locator(HOOK.simulatePix).click();
    await page.locator(`${HOOK.result}[data-pay-result="PAID"]`).waitFor();
  }
  const shown = (await result.getAttribute('data-pay-result')) as CheckoutPayment['result'];
  const orderId = (await result.getAttribute('data-order-id')) ?? undefined;
  return { result: shown, ...(orderId && { orderId }) };
}
