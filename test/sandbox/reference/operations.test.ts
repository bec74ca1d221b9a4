import { describe, expect } from 'vitest';
import { encryptCard } from '../../../src/sdk/encrypt-card';
import type { Sandbox } from '../../../src/sandbox/index';
import { api, cardCharge, errorOf, order, paramsOf } from '../support/payments';
import { it } from '../support/sandbox-test';

// The operations of the provider's reference that the sandbox lacked: an order found by its
// charge, a public key replaced, a card tokenised apart from a payment (docs/orders-and-charges.md).

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/;

const encrypted = async (publicKey: string, number = '4111111111111111') =>
  (
    await encryptCard({
      publicKey,
      holder: 'Maria Silva',
      number,
      expMonth: 12,
      expYear: 2099,
      securityCode: '123',
    })
  ).encryptedCard!;

const withoutPci = async (sandbox: Sandbox, work: () => Promise<void>) => {
  sandbox.configureMerchant({ pciHomologated: false });
  try {
    await work();
  } finally {
    sandbox.configureMerchant({ pciHomologated: true });
  }
};

describe('GET /orders?charge_id=', () => {
  it("answers the charge's order, as GET /orders/{id} does", async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/orders', order([cardCharge()]));
    const found = await api(sandbox, 'GET', `/orders?charge_id=${created.body.charges[0].id}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual((await api(sandbox, 'GET', `/orders/${created.body.id}`)).body);
  });

  it('is 404 for a charge without an order, an unknown one or another account’s; 400 without or with a bad charge_id', async ({
    sandbox,
  }) => {
    const alone = await api(sandbox, 'POST', '/charges', cardCharge());
    const none = await api(sandbox, 'GET', `/orders?charge_id=${alone.body.id}`);
    expect(none.status).toBe(404);
    expect(errorOf(none, 'charge_id')?.code).toBe('40401');
    const created = await api(sandbox, 'POST', '/orders', order([cardCharge()]));
    const other = sandbox.addMerchant();
    const theirs = await api(
      sandbox,
      'GET',
      `/orders?charge_id=${created.body.charges[0].id}`,
      undefined,
      {},
      other.token,
    );
    expect(theirs.status).toBe(404);
    const missing = await api(sandbox, 'GET', '/orders');
    expect(missing.status).toBe(400);
    expect(paramsOf(missing)).toEqual(['charge_id']);
    const bad = await api(sandbox, 'GET', '/orders?charge_id=ORDE_1');
    expect(errorOf(bad, 'charge_id')?.description).toContain('CHAR_<uuid>');
  });
});

describe('PUT /public-keys/card', () => {
  it('answers a new key; a card encrypted with the replaced key still pays during the grace period', async ({
    sandbox,
  }) => {
    const first = await api(sandbox, 'POST', '/public-keys', { type: 'card' });
    const before = await encrypted(first.body.public_key);
    const replaced = await api(sandbox, 'PUT', '/public-keys/card');
    expect(replaced.status).toBe(200);
    expect(typeof replaced.body.public_key).toBe('string');
    expect(Number.isInteger(replaced.body.created_at)).toBe(true);
    expect(replaced.body.public_key).not.toBe(first.body.public_key);
    expect((await api(sandbox, 'GET', '/public-keys/card')).body).toEqual(replaced.body);
    await withoutPci(sandbox, async () => {
      for (const card of [before, await encrypted(replaced.body.public_key)]) {
        const paid = await api(sandbox, 'POST', '/orders', order([cardCharge({ card: { encrypted: card } })]));
        expect(paid.status).toBe(201);
        expect(paid.body.charges[0].status).toBe('PAID');
      }
    });
  });
});

describe('POST /tokens/cards', () => {
  it('tokenises a clear card: 201, the card without its number, and the id pays as card.id', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/tokens/cards', {
      number: '4000000000000002',
      exp_month: '12',
      exp_year: '2031',
      security_code: '123',
      holder: { name: 'Jose da Silva' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^CARD_[0-9a-f-]{36}$/),
      brand: 'visa',
      first_digits: '400000',
      last_digits: '0002',
      exp_month: '12',
      exp_year: '2031',
      holder: { name: 'Jose da Silva' },
      created_at: expect.stringMatching(TIMESTAMP),
    });
    // The token behaves as its number: this test card declines.
    const paid = await api(sandbox, 'POST', '/orders', order([cardCharge({ card: { id: res.body.id } })]));
    expect(paid.status).toBe(201);
    expect(paid.body.charges[0]).toMatchObject({ status: 'DECLINED', payment_method: { card: { id: res.body.id } } });
  });

  it('tokenises an encrypted card for an account without PCI, and refuses its clear card (422 on number)', async ({
    sandbox,
  }) => {
    const key = (await api(sandbox, 'POST', '/public-keys', { type: 'card' })).body.public_key;
    await withoutPci(sandbox, async () => {
      const res = await api(sandbox, 'POST', '/tokens/cards', { encrypted: await encrypted(key) });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ brand: 'visa', last_digits: '1111', holder: { name: 'Maria Silva' } });
      const paid = await api(sandbox, 'POST', '/orders', order([cardCharge({ card: { id: res.body.id } })]));
      expect(paid.body.charges[0].status).toBe('PAID');
      const clear = await api(sandbox, 'POST', '/tokens/cards', {
        number: '4111111111111111',
        exp_month: '12',
        exp_year: '2031',
        holder: { name: 'Jose da Silva' },
      });
      expect(clear.status).toBe(422);
      expect(errorOf(clear, 'number')?.code).toBe('42201');
    });
  });

  it('names what a card lacks, mixes or gets wrong', async ({ sandbox }) => {
    const none = await api(sandbox, 'POST', '/tokens/cards', {});
    expect(none.status).toBe(400);
    expect(paramsOf(none)).toEqual(['number']);
    const partial = await api(sandbox, 'POST', '/tokens/cards', { number: '4111111111111111' });
    expect(paramsOf(partial).sort()).toEqual(['exp_month', 'exp_year', 'holder.name']);
    const expired = await api(sandbox, 'POST', '/tokens/cards', {
      number: '4111111111111111',
      exp_month: '01',
      exp_year: '2020',
      holder: { name: 'Jose da Silva' },
    });
    expect(expired.status).toBe(400);
    expect(errorOf(expired, 'exp_year')?.description).toContain('expired');
    const both = await api(sandbox, 'POST', '/tokens/cards', { number: '4111111111111111', encrypted: 'x' });
    expect(errorOf(both, 'number')?.description).toContain('one form');
  });
});
