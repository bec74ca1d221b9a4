import type { Page } from '@playwright/test';
import type { Sandbox } from '../../dist/sandbox/index.js';
import { CODE, expectNoChallengeLeft, issuerFrame, openCheckout, submitCode } from './challenge-support';
import { expect, test } from './fixtures';

/**
 * The flow of a merchant without PCI homologation: the card is encrypted in the page, the
 * 3DS authentication and the order get only card.encrypted, the order stores the card, and a
 * second purchase uses the stored card's id. The merchant's server never sees card data.
 */

type Merchant = { id: string; token: string };
type Outcome = { ok: boolean; result?: { status: string; id?: string }; error?: { code: string }; encrypted?: string };

const api = async (sandbox: Sandbox, token: string, path: string, body?: unknown) => {
  const res = await fetch(`${sandbox.apiUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as any };
};

const order = (card: Record<string, unknown>, threeDsId: string) => ({
  reference_id: 'pedido-nao-pci',
  customer: { name: 'Maria Silva', email: 'maria@example.com.br', tax_id: '12345678909' },
  items: [{ reference_id: 'sku-1', name: 'Tênis', quantity: 1, unit_amount: 15_000 }],
  charges: [
    {
      reference_id: 'cobranca-nao-pci',
      amount: { value: 15_000, currency: 'BRL' },
      payment_method: {
        type: 'CREDIT_CARD',
        installments: 1,
        capture: true,
        card,
        authentication_method: { type: 'THREEDS', id: threeDsId },
      },
    },
  ],
});

/** Runs authenticate3DS in the page with the given card form; encrypts first when `number` is given. */
async function authenticate(
  page: Page,
  session: string,
  card: { number?: string; id?: string },
  publicKey: string,
): Promise<void> {
  await page.evaluate(
    async ({ session, card, publicKey }) => {
      const w = window as unknown as Record<string, unknown> & { Gateway: any };
      const G = w.Gateway;
      G.setUp({ session, env: 'SANDBOX' });
      let form: Record<string, unknown> = { id: card.id };
      let encrypted: string | undefined;
      if (card.number) {
        const sealed = await G.encryptCard({
          publicKey,
          holder: 'Maria Silva',
          number: card.number,
          expMonth: '12',
          expYear: '2099',
          securityCode: '123',
        });
        if (sealed.hasErrors) throw new Error(JSON.stringify(sealed.errors));
        encrypted = sealed.encryptedCard;
        form = { encrypted, holder: { name: 'Maria Silva' } };
      }
      w.__settled = G.authenticate3DS({
        dataOnly: false,
        data: {
          customer: {
            name: 'Maria Silva',
            email: 'maria@example.com.br',
            phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
          },
          paymentMethod: { type: 'CREDIT_CARD', installments: 1, card: form },
          amount: { value: 15_000, currency: 'BRL' },
          billingAddress: {
            street: 'Avenida Paulista',
            number: '1000',
            city: 'São Paulo',
            regionCode: 'SP',
            country: 'BRA',
            postalCode: '01310100',
          },
        },
      }).then(
        (result: unknown) => ({ ok: true, result, encrypted }),
        (error: { code: string }) => ({ ok: false, error: { code: error.code } }),
      );
    },
    { session, card, publicKey },
  );
}
const settled = (page: Page) => page.evaluate(() => (window as unknown as { __settled: Promise<Outcome> }).__settled);

test('a merchant without PCI homologation pays with an encrypted card, then with the stored card id', async ({
  page,
  merchant,
  sandbox,
}) => {
  const shop: Merchant = sandbox.addMerchant({ pciHomologated: false });
  const { body: key } = await api(sandbox, shop.token, '/public-keys', { type: 'card' });
  const session = async () => (await api(sandbox, shop.token, '/checkout-sdk/sessions')).body.session as string;
  await openCheckout(page, merchant, sandbox, { path: '/nao-pci' });

  // 1. Encrypted challenge card: the issuer asks for the code in the SDK's dialog.
  await authenticate(page, await session(), { number: '4000000000002503' }, key.public_key);
  await expect(issuerFrame(page).locator('#code')).toBeVisible();
  await submitCode(page, CODE.AUTHENTICATES);
  const first = await settled(page);
  await expectNoChallengeLeft(page);
  expect(first).toMatchObject({
    ok: true,
    result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
  });

  // This account may not send the clear number; the encrypted card is what its server forwards.
  const clear = await api(
    sandbox,
    shop.token,
    '/orders',
    order(
      {
        number: '4000000000002503',
        exp_month: '12',
        exp_year: '2099',
        security_code: '123',
        holder: { name: 'Maria Silva' },
      },
      first.result!.id!,
    ),
  );
  expect(clear.status).toBe(422);
  const paid = await api(
    sandbox,
    shop.token,
    '/orders',
    order({ encrypted: first.encrypted, store: true }, first.result!.id!),
  );
  expect(paid.status).toBe(201);
  const charge = paid.body.charges[0];
  expect(charge).toMatchObject({
    status: 'PAID',
    payment_method: { card: { brand: 'visa', last_digits: '2503', store: true } },
  });
  const cardId = charge.payment_method.card.id as string;
  expect(cardId).toMatch(/^CARD_/);
  expect(JSON.stringify(paid.body)).not.toContain('4000000000002503');

  // 2. The stored card: authenticate3DS and the order get only its id.
  await authenticate(page, await session(), { id: cardId }, key.public_key);
  await expect(issuerFrame(page).locator('#code')).toBeVisible();
  await submitCode(page, CODE.AUTHENTICATES);
  const second = await settled(page);
  expect(second).toMatchObject({ ok: true, result: { status: 'AUTH_FLOW_COMPLETED' } });
  const again = await api(sandbox, shop.token, '/orders', order({ id: cardId }, second.result!.id!));
  expect(again.status).toBe(201);
  expect(again.body.charges[0]).toMatchObject({
    status: 'PAID',
    payment_method: { card: { id: cardId, last_digits: '2503' } },
  });

  // Another merchant cannot use this card id.
  const other = sandbox.addMerchant();
  const otherSession = (await api(sandbox, other.token, '/checkout-sdk/sessions')).body.session as string;
  await authenticate(page, otherSession, { id: cardId }, key.public_key);
  expect(await settled(page)).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
});
