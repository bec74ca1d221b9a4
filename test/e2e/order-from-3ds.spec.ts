import type { Sandbox } from '../../dist/sandbox/index.js';
import {
  CHALLENGE_CARD,
  CODE,
  expectNoChallengeLeft,
  issuerFrame,
  newSession,
  openCheckout,
  settled,
  startRun,
  submitCode,
} from './challenge-support';
import { expect, test } from './fixtures';

/** The order the merchant's server sends with the 3DS id (challenge-support's page authenticates R$ 150,00, expiry 12/2099). */
function orderBody(card: string, id: string, type: 'CREDIT_CARD' | 'DEBIT_CARD') {
  return {
    reference_id: 'pedido-3ds',
    customer: {
      name: 'Maria Silva',
      email: 'maria@example.com.br',
      tax_id: '12345678909',
      phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
    },
    items: [{ reference_id: 'sku-1', name: 'Tênis', quantity: 1, unit_amount: 15_000 }],
    charges: [
      {
        reference_id: 'cobranca-3ds',
        amount: { value: 15_000, currency: 'BRL' },
        payment_method: {
          type,
          installments: 1,
          capture: true,
          card: {
            number: card,
            exp_month: '12',
            exp_year: '2099',
            security_code: '123',
            holder: { name: 'Maria Silva' },
          },
          authentication_method: { type: 'THREEDS', id },
        },
      },
    ],
  };
}

/** The merchant's server: it alone holds the bearer token, so the order is created here, not in the page. */
async function createOrder(sandbox: Sandbox, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${sandbox.apiUrl}/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Runs authenticate3DS in the checkout page with a challenge card and answers the issuer's code. */
async function authenticateWithChallenge(
  page: Parameters<typeof settled>[0],
  sandbox: Sandbox,
  card: string,
  type: 'CREDIT_CARD' | 'DEBIT_CARD',
  code: string,
) {
  await startRun(page, await newSession(sandbox), { card, type });
  await expect(issuerFrame(page).locator('#code')).toBeVisible();
  await submitCode(page, code);
  const outcome = await settled(page);
  await expectNoChallengeLeft(page);
  if (!outcome.ok || !outcome.result.id)
    throw new Error(`authenticate3DS did not complete: ${JSON.stringify(outcome)}`);
  return outcome.result as { status: string; id: string; authenticationStatus: string };
}

test.beforeEach(async ({ page, merchant, sandbox }) => {
  await openCheckout(page, merchant, sandbox);
});

test('challenge card: authenticate3DS in the browser, then a PAID order with the returned id', async ({
  page,
  sandbox,
}) => {
  const result = await authenticateWithChallenge(page, sandbox, CHALLENGE_CARD.visa, 'CREDIT_CARD', CODE.AUTHENTICATES);
  expect(result).toMatchObject({ status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' });

  const order = await createOrder(sandbox, orderBody(CHALLENGE_CARD.visa, result.id, 'CREDIT_CARD'));
  expect(order.status).toBe(201);
  expect(order.body.id).toMatch(/^ORDE_/);
  const charge = order.body.charges[0];
  expect(charge).toMatchObject({
    status: 'PAID',
    amount: { value: 15_000, summary: { total: 15_000, paid: 15_000, refunded: 0 } },
    payment_response: { code: '20000', message: 'SUCESSO' },
    payment_method: {
      type: 'CREDIT_CARD',
      card: { brand: 'visa', first_digits: '400000', last_digits: '2503', exp_month: '12', exp_year: '2099' },
      authentication_method: { type: 'THREEDS', id: result.id, status: 'AUTHENTICATED' },
    },
  });
  expect(JSON.stringify(order.body)).not.toContain(CHALLENGE_CARD.visa);

  // The order's SELF link answers the same order; the 3DS id cannot pay a second time.
  const self = order.body.links.find((l: { rel: string }) => l.rel === 'SELF');
  const read = await fetch(self.href, { headers: { Authorization: `Bearer ${sandbox.token}` } });
  expect(((await read.json()) as { charges: Array<{ status: string }> }).charges[0]!.status).toBe('PAID');
  const again = await createOrder(sandbox, orderBody(CHALLENGE_CARD.visa, result.id, 'CREDIT_CARD'));
  expect(again.status).toBe(422);
  expect(again.body.error_messages[0].parameter_name).toBe('charges[0].payment_method.authentication_method.id');
});

test('debit with a challenge: PAID when the shopper authenticates', async ({ page, sandbox }) => {
  const result = await authenticateWithChallenge(
    page,
    sandbox,
    CHALLENGE_CARD.mastercard,
    'DEBIT_CARD',
    CODE.AUTHENTICATES,
  );
  const order = await createOrder(sandbox, orderBody(CHALLENGE_CARD.mastercard, result.id, 'DEBIT_CARD'));
  expect(order.body.charges[0]).toMatchObject({
    status: 'PAID',
    payment_method: { type: 'DEBIT_CARD', card: { brand: 'mastercard' } },
  });
});

test('debit whose challenge failed: the order is created and its charge DECLINED', async ({ page, sandbox }) => {
  const result = await authenticateWithChallenge(page, sandbox, CHALLENGE_CARD.elo, 'DEBIT_CARD', CODE.FAILS);
  expect(result.authenticationStatus).toBe('NOT_AUTHENTICATED');
  const order = await createOrder(sandbox, orderBody(CHALLENGE_CARD.elo, result.id, 'DEBIT_CARD'));
  expect(order.status).toBe(201);
  expect(order.body.charges[0]).toMatchObject({
    status: 'DECLINED',
    payment_response: { code: '10008' },
    payment_method: { card: { brand: 'elo' }, authentication_method: { status: 'NOT_AUTHENTICATED' } },
  });
});
