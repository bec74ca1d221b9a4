import { describe, expect } from 'vitest';
import { api, boletoCharge, cardCharge, errorOf, order, subMerchant, subMerchantCharge } from './support/payments';
import { it } from './support/sandbox-test';

// These tests pin the refusals of strict mode (40003 for a field the request does not know, as
// before the sandbox followed the provider): test/sandbox/conformance covers the default.
it.override('sandboxOptions', { strict: true });

const rels = (charge: { links: Array<{ rel: string }> }) => charge.links.map((l) => l.rel);

describe('POST /charges: sub-merchant charges', () => {
  it('capture false: AUTHORIZED, capture_before, links SELF, CHARGE.CANCEL, CHARGE.CAPTURE; sub_merchant echoed', async ({
    sandbox,
  }) => {
    const res = await api(sandbox, 'POST', '/charges', {
      ...subMerchantCharge({ capture: false }),
      notification_urls: ['https://merchant.example/n'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'AUTHORIZED',
      payment_response: { code: '20000', message: 'SUCESSO' },
      sub_merchant: { ...subMerchant(), tax_id: '11222333000181' },
      notification_urls: ['https://merchant.example/n'],
    });
    expect(res.body.id).toMatch(/^CHAR_/);
    expect(res.body.payment_method.capture_before).toBeDefined();
    expect(rels(res.body)).toEqual(['SELF', 'CHARGE.CANCEL', 'CHARGE.CAPTURE']);
    expect((await api(sandbox, 'GET', `/charges/${res.body.id}`)).body).toEqual(res.body);
  });

  it('capture true: PAID', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/charges', subMerchantCharge());
    expect(res.body.status).toBe('PAID');
  });

  it('without sub_merchant, a charge of the merchant itself: card or boleto, no sub_merchant in the answer', async ({
    sandbox,
  }) => {
    const card = await api(sandbox, 'POST', '/charges', cardCharge());
    expect(card.status).toBe(201);
    expect(card.body).toMatchObject({ status: 'PAID', payment_method: { type: 'CREDIT_CARD' } });
    expect(card.body.sub_merchant).toBeUndefined();
    const boleto = await api(sandbox, 'POST', '/charges', boletoCharge());
    expect(boleto.status).toBe(201);
    expect(boleto.body).toMatchObject({ status: 'WAITING', payment_method: { type: 'BOLETO' } });
    expect((await api(sandbox, 'GET', `/charges/${boleto.body.id}`)).body).toEqual(boleto.body);
  });

  it('a sub_merchant sent must be whole', async ({ sandbox }) => {
    const partial = { ...cardCharge(), sub_merchant: { name: 'Loja' } };
    const res = await api(sandbox, 'POST', '/charges', partial);
    for (const p of ['reference_id', 'tax_id', 'mcc', 'address', 'phones'])
      expect(errorOf(res, `sub_merchant.${p}`)?.code, p).toBe('40001');

    const { complement: _, ...noComplement } = subMerchant().address;
    const address = await api(sandbox, 'POST', '/charges', {
      ...cardCharge(),
      sub_merchant: { ...subMerchant(), address: noComplement, phones: [] },
    });
    expect(errorOf(address, 'sub_merchant.address.complement')?.code).toBe('40001');
    expect(errorOf(address, 'sub_merchant.phones')?.code).toBe('40002');
  });

  it('CREDIT_CARD only', async ({ sandbox }) => {
    const debit = await api(sandbox, 'POST', '/charges', subMerchantCharge({ type: 'DEBIT_CARD' }));
    expect(errorOf(debit, 'payment_method.type')?.description).toMatch(/CREDIT_CARD/);
    const boleto = await api(sandbox, 'POST', '/charges', { ...boletoCharge(), sub_merchant: subMerchant() });
    expect(errorOf(boleto, 'payment_method.type')?.code).toBe('40002');
  });

  it('the account must be enabled for sub-merchant charges', async ({ sandbox }) => {
    const other = sandbox.addMerchant({ subMerchantEnabled: false });
    const res = await api(sandbox, 'POST', '/charges', subMerchantCharge(), {}, other.token);
    expect(res.status).toBe(422);
    expect(errorOf(res, 'sub_merchant')?.description).toMatch(/not enabled/);
  });

  it('high-risk MCCs are blocked unless released for the account', async ({ sandbox }) => {
    const other = sandbox.addMerchant();
    const blocked = await api(sandbox, 'POST', '/charges', subMerchantCharge({}, '7995'), {}, other.token);
    expect(blocked.status).toBe(422);
    expect(errorOf(blocked, 'sub_merchant.mcc')?.description).toMatch(/high-risk/);
    const settings = await api(
      sandbox,
      'POST',
      '/sandbox/merchant/settings',
      { released_mccs: ['7995'] },
      {},
      other.token,
    );
    expect(settings.body.released_mccs).toEqual(['7995']);
    expect(settings.body.high_risk_mccs).toContain('7995');
    expect((await api(sandbox, 'POST', '/charges', subMerchantCharge({}, '7995'), {}, other.token)).body.status).toBe(
      'PAID',
    );
    // Releasing one code does not release the others.
    expect((await api(sandbox, 'POST', '/charges', subMerchantCharge({}, '5967'), {}, other.token)).status).toBe(422);
  });

  it('an MCC of another shape is 40002', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/charges', subMerchantCharge({}, '12a'));
    expect(errorOf(res, 'sub_merchant.mcc')?.code).toBe('40002');
  });
});

describe('capture', () => {
  it('captures an AUTHORIZED charge: PAID, paid_at, summary.paid, no more CAPTURE link', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/charges', subMerchantCharge({ capture: false, value: 8000 }));
    const res = await api(sandbox, 'POST', `/charges/${created.body.id}/capture`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'PAID', amount: { summary: { total: 8000, paid: 8000, refunded: 0 } } });
    expect(res.body.paid_at).toBeDefined();
    expect(res.body.payment_method.capture_before).toBeUndefined();
    expect(rels(res.body)).toEqual(['SELF', 'CHARGE.CANCEL']);
  });

  it('a part may be captured; more than authorized is refused', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/orders', order([cardCharge({ capture: false, value: 8000 })]));
    const id = created.body.charges[0].id;
    const more = await api(sandbox, 'POST', `/charges/${id}/capture`, { amount: { value: 8001 } });
    expect(errorOf(more, 'amount.value')?.code).toBe('40002');
    const part = await api(sandbox, 'POST', `/charges/${id}/capture`, { amount: { value: '5000' } });
    expect(part.body.amount.summary).toEqual({ total: 8000, paid: 5000, refunded: 0 });
  });

  it('a part below the card minimum is 422 on amount.value and leaves the authorization as it was', async ({
    sandbox,
  }) => {
    const visa = await api(sandbox, 'POST', '/orders', order([cardCharge({ capture: false, value: 8000 })]));
    const id = visa.body.charges[0].id;
    const small = await api(sandbox, 'POST', `/charges/${id}/capture`, { amount: { value: 5 } });
    expect(small.status).toBe(422);
    expect(small.body.error_messages).toEqual([
      expect.objectContaining({ code: '42201', parameter_name: 'amount.value' }),
    ]);
    expect(errorOf(small, 'amount.value')?.description).toMatch(/at least 100 .*visa/);
    expect((await api(sandbox, 'GET', `/charges/${id}`)).body).toMatchObject({
      status: 'AUTHORIZED',
      amount: { summary: { paid: 0 } },
    });
    expect(
      (await api(sandbox, 'POST', `/charges/${id}/capture`, { amount: { value: 100 } })).body.amount.summary.paid,
    ).toBe(100);

    // Installments: each must stay at least R$ 5,00 after the capture too.
    const split = await api(
      sandbox,
      'POST',
      '/orders',
      order([cardCharge({ capture: false, value: 8000, installments: 3 })]),
    );
    const parts = await api(sandbox, 'POST', `/charges/${split.body.charges[0].id}/capture`, {
      amount: { value: 1499 },
    });
    expect(errorOf(parts, 'amount.value')?.description).toMatch(/3 installments/);
  });

  it('a second capture is 409 naming the state', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/charges', subMerchantCharge({ capture: false }));
    await api(sandbox, 'POST', `/charges/${created.body.id}/capture`);
    const again = await api(sandbox, 'POST', `/charges/${created.body.id}/capture`);
    expect(again.status).toBe(409);
    expect(again.body.error_messages[0]).toMatchObject({ code: '40901' });
    expect(again.body.error_messages[0].description).toMatch(/is PAID.*only an AUTHORIZED/);
  });

  it('PAID, DECLINED and CANCELED charges cannot be captured', async ({ sandbox }) => {
    const paid = await api(sandbox, 'POST', '/orders', order([cardCharge()]));
    expect(
      (await api(sandbox, 'POST', `/charges/${paid.body.charges[0].id}/capture`)).body.error_messages[0].description,
    ).toMatch(/is PAID/);
    const declined = await api(
      sandbox,
      'POST',
      '/orders',
      order([cardCharge({ number: '4000000000000002', capture: false })]),
    );
    expect(
      (await api(sandbox, 'POST', `/charges/${declined.body.charges[0].id}/capture`)).body.error_messages[0]
        .description,
    ).toMatch(/is DECLINED/);
  });

  it('not after capture_before: the CAPTURE link goes, capture is 409, cancel still works', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/charges', subMerchantCharge({ capture: false }));
    sandbox.clock.advance(7 * 24 * 3600 * 1000);
    const read = await api(sandbox, 'GET', `/charges/${created.body.id}`);
    expect(read.body.status).toBe('AUTHORIZED');
    expect(rels(read.body)).toEqual(['SELF', 'CHARGE.CANCEL']);
    const late = await api(sandbox, 'POST', `/charges/${created.body.id}/capture`);
    expect(late.status).toBe(409);
    expect(late.body.error_messages[0].description).toMatch(/AUTHORIZED.*capture_before/);
    expect((await api(sandbox, 'POST', `/charges/${created.body.id}/cancel`)).body.status).toBe('CANCELED');
  });

  it('capture body: unknown fields 40003; wrong type 415; unknown charge 404', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/charges', subMerchantCharge({ capture: false }));
    const res = await api(sandbox, 'POST', `/charges/${created.body.id}/capture`, {
      amount: { value: 100, currency: 'BRL' },
    });
    expect(errorOf(res, 'amount.currency')?.code).toBe('40003');
    const text = await fetch(`${sandbox.apiUrl}/charges/${created.body.id}/capture`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.token}` },
      body: 'x',
    });
    expect(text.status).toBe(415);
    expect((await api(sandbox, 'POST', '/charges/CHAR_nothing/capture')).status).toBe(404);
  });
});

describe('cancel', () => {
  it('cancels a PAID charge: CANCELED, summary.refunded = paid, no more CANCEL link', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/orders', order([cardCharge({ value: 12_345 })]));
    const res = await api(sandbox, 'POST', `/charges/${created.body.charges[0].id}/cancel`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'CANCELED',
      amount: { summary: { total: 12_345, paid: 12_345, refunded: 12_345 } },
    });
    expect(rels(res.body)).toEqual(['SELF']);
    expect((await api(sandbox, 'GET', `/orders/${created.body.id}`)).body.charges[0].status).toBe('CANCELED');
  });

  it('partial refunds add up in summary.refunded; the last one cancels', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/orders', order([cardCharge({ value: 10_000 })]));
    const id = created.body.charges[0].id;
    const first = await api(sandbox, 'POST', `/charges/${id}/cancel`, { amount: { value: 3000 } });
    expect(first.body).toMatchObject({ status: 'PAID', amount: { summary: { paid: 10_000, refunded: 3000 } } });
    expect(rels(first.body)).toContain('CHARGE.CANCEL');
    const tooMuch = await api(sandbox, 'POST', `/charges/${id}/cancel`, { amount: { value: 7001 } });
    expect(errorOf(tooMuch, 'amount.value')?.description).toMatch(/7000/);
    const rest = await api(sandbox, 'POST', `/charges/${id}/cancel`);
    expect(rest.body).toMatchObject({ status: 'CANCELED', amount: { summary: { paid: 10_000, refunded: 10_000 } } });
  });

  it('cancels an AUTHORIZED charge whole: nothing was paid, so nothing is refunded', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/charges', subMerchantCharge({ capture: false }));
    const part = await api(sandbox, 'POST', `/charges/${created.body.id}/cancel`, { amount: { value: 1 } });
    expect(errorOf(part, 'amount.value')?.code).toBe('40002');
    const res = await api(sandbox, 'POST', `/charges/${created.body.id}/cancel`);
    expect(res.body).toMatchObject({
      status: 'CANCELED',
      amount: { summary: { total: 10_000, paid: 0, refunded: 0 } },
    });
    expect(res.body.payment_method.capture_before).toBeUndefined();
    expect(rels(res.body)).toEqual(['SELF']);
  });

  it('CANCELED and DECLINED charges cannot be canceled: 409 naming the state', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/charges', subMerchantCharge());
    await api(sandbox, 'POST', `/charges/${created.body.id}/cancel`);
    const again = await api(sandbox, 'POST', `/charges/${created.body.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error_messages[0].description).toMatch(/is CANCELED/);
    const declined = await api(sandbox, 'POST', '/orders', order([cardCharge({ value: 40_051 })]));
    const res = await api(sandbox, 'POST', `/charges/${declined.body.charges[0].id}/cancel`);
    expect(res.status).toBe(409);
    expect(res.body.error_messages[0].description).toMatch(/is DECLINED/);
  });

  it('a canceled charge cannot be captured', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/charges', subMerchantCharge({ capture: false }));
    await api(sandbox, 'POST', `/charges/${created.body.id}/cancel`);
    const res = await api(sandbox, 'POST', `/charges/${created.body.id}/capture`);
    expect(res.status).toBe(409);
    expect(res.body.error_messages[0].description).toMatch(/is CANCELED/);
  });
});
