import { describe, expect } from 'vitest';
import { api, card, cardCharge, customer, errorOf, order, paramsOf } from './support/payments';
import { it } from './support/sandbox-test';

// These tests pin the refusals of strict mode (40003 for a field the request does not know, as
// before the sandbox followed the provider): test/sandbox/conformance covers the default.
it.override('sandboxOptions', { strict: true });

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

describe('POST /orders without payment', () => {
  it('creates the order with empty charges, qr_codes and links', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', order());
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(new RegExp(`^ORDE_${UUID}$`));
    expect(res.body.created_at).toMatch(TIMESTAMP);
    expect(res.body).toMatchObject({
      reference_id: 'ex-00001',
      customer: customer(),
      items: [{ reference_id: 'item-1', name: 'Camiseta', quantity: 2, unit_amount: 5000 }],
      charges: [],
      qr_codes: [],
      links: [],
      notification_urls: ['https://merchant.example/notify'],
    });
    expect(res.body.shipping.address.country).toBe('BRA');
  });

  it('is read back by GET /orders/{id}', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/orders', order());
    const read = await api(sandbox, 'GET', `/orders/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it('needs only the customer, and normalises a punctuated tax id', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', {
      customer: { name: 'Ana Souza', email: 'ana@example.com', tax_id: '123.456.789-09' },
    });
    expect(res.status).toBe(201);
    expect(res.body.customer.tax_id).toBe('12345678909');
    expect(res.body).toMatchObject({ items: [], charges: [], qr_codes: [], links: [], notification_urls: [] });
  });

  it('refuses an empty charges list: leave it out for an order without payment', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', order([]));
    expect(res.status).toBe(400);
    expect(errorOf(res, 'charges')?.code).toBe('40002');
  });

  it('refuses more than one charge', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', order([cardCharge(), cardCharge()]));
    expect(res.status).toBe(400);
    expect(errorOf(res, 'charges')?.code).toBe('40002');
  });
});

describe('POST /orders: validation errors name the parameter', () => {
  it('missing required fields are 40001', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', { customer: { name: 'Ana Souza' } });
    expect(res.status).toBe(400);
    expect(errorOf(res, 'customer.email')?.code).toBe('40001');
    expect(errorOf(res, 'customer.tax_id')?.code).toBe('40001');
  });

  it('unknown fields are 40003, at any depth', async ({ sandbox }) => {
    const body = order([{ ...cardCharge(), color: 'blue' }], { coupon: 'BEMVINDO' });
    (body.customer as Record<string, unknown>).nickname = 'Mari';
    const res = await api(sandbox, 'POST', '/orders', body);
    expect(res.status).toBe(400);
    for (const p of ['coupon', 'customer.nickname', 'charges[0].color']) expect(errorOf(res, p)?.code, p).toBe('40003');
  });

  it('invalid values are 40002 with paths like charges[0].payment_method.card.number', async ({ sandbox }) => {
    const res = await api(
      sandbox,
      'POST',
      '/orders',
      order([cardCharge({ number: '4111111111111112', installments: 13, type: 'PIX' })], {
        customer: {
          ...customer(),
          email: 'not-an-email',
          tax_id: '12345678900',
          phones: [{ country: '55', area: '11', number: '12', type: 'FAX' }],
        },
        items: [{ name: 'x', quantity: 0, unit_amount: -1 }],
      }),
    );
    expect(res.status).toBe(400);
    for (const p of [
      'customer.email',
      'customer.tax_id',
      'customer.phones[0].number',
      'customer.phones[0].type',
      'items[0].quantity',
      'items[0].unit_amount',
      'charges[0].payment_method.card.number',
      'charges[0].payment_method.installments',
      'charges[0].payment_method.type',
    ]) {
      expect(errorOf(res, p)?.code, p).toBe('40002');
    }
    expect(errorOf(res, 'customer.tax_id')?.description).toContain('CPF');
  });

  it('card fields: exp_month, exp_year, security_code and holder.name are required with a number', async ({
    sandbox,
  }) => {
    const res = await api(sandbox, 'POST', '/orders', order([cardCharge({ card: { number: '4111111111111111' } })]));
    expect(res.status).toBe(400);
    for (const p of ['exp_month', 'exp_year', 'security_code', 'holder.name'])
      expect(errorOf(res, `charges[0].payment_method.card.${p}`)?.code, p).toBe('40001');
  });

  it('an expired card is 40002 on exp_year; a 4-digit code on a visa is 40002', async ({ sandbox }) => {
    const expired = await api(
      sandbox,
      'POST',
      '/orders',
      order([cardCharge({ card: card('4111111111111111', { exp_month: '1', exp_year: '2020' }) })]),
    );
    expect(expired.status).toBe(400);
    expect(errorOf(expired, 'charges[0].payment_method.card.exp_year')?.description).toMatch(/expired/);
    const code = await api(
      sandbox,
      'POST',
      '/orders',
      order([cardCharge({ card: card('4111111111111111', { security_code: '1234' }) })]),
    );
    expect(errorOf(code, 'charges[0].payment_method.card.security_code')?.code).toBe('40002');
  });

  it('currency other than BRL is refused', async ({ sandbox }) => {
    const body = order([{ ...cardCharge(), amount: { value: 1000, currency: 'USD' } }]);
    const res = await api(sandbox, 'POST', '/orders', body);
    expect(res.status).toBe(400);
    expect(errorOf(res, 'charges[0].amount.currency')?.description).toMatch(/BRL/);
  });

  it('amounts are integer cents: decimals and negative values are refused', async ({ sandbox }) => {
    for (const value of [10.5, '10.50', -100, 0, 'abc']) {
      const res = await api(sandbox, 'POST', '/orders', order([cardCharge({ value: value as number })]));
      expect(res.status, String(value)).toBe(400);
      expect(errorOf(res, 'charges[0].amount.value')?.code, String(value)).toBe('40002');
    }
  });

  it('a body that is not JSON, or not JSON at all, is a 4xx, never a 5xx', async ({ sandbox }) => {
    expect((await api(sandbox, 'POST', '/orders', '{"customer":')).status).toBe(400);
    expect((await api(sandbox, 'POST', '/orders', '[]')).status).toBe(400);
    const res = await fetch(`${sandbox.apiUrl}/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.token}` },
      body: 'x',
    });
    expect(res.status).toBe(415);
  });

  it('null means "not given"', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', { ...order(), reference_id: null, shipping: null });
    expect(res.status).toBe(201);
    expect(res.body.reference_id).toBeUndefined();
  });
});

describe('POST /orders with a card charge', () => {
  it('capture true and approved: PAID, paid_at, summary.paid = total, links SELF and CHARGE.CANCEL', async ({
    sandbox,
  }) => {
    const res = await api(sandbox, 'POST', '/orders', order([cardCharge({ value: 25_000 })]));
    expect(res.status).toBe(201);
    const charge = res.body.charges[0];
    expect(charge.id).toMatch(new RegExp(`^CHAR_${UUID}$`));
    expect(charge).toMatchObject({
      status: 'PAID',
      reference_id: 'charge-1',
      description: 'Pedido 1',
      amount: { value: 25_000, currency: 'BRL', summary: { total: 25_000, paid: 25_000, refunded: 0 } },
      payment_response: { code: '20000', message: 'SUCESSO' },
    });
    expect(charge.payment_response.reference).toMatch(/^\d+$/);
    expect(charge.paid_at).toMatch(TIMESTAMP);
    expect(charge.payment_method.capture_before).toBeUndefined();
    expect(charge.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF', 'CHARGE.CANCEL']);
    expect(res.body.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF']);
  });

  it('capture false: AUTHORIZED, capture_before, links SELF, CHARGE.CANCEL and CHARGE.CAPTURE', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', order([cardCharge({ capture: false })]));
    const charge = res.body.charges[0];
    expect(charge.status).toBe('AUTHORIZED');
    expect(charge.paid_at).toBeUndefined();
    expect(charge.amount.summary).toEqual({ total: 10_000, paid: 0, refunded: 0 });
    expect(charge.payment_method.capture_before).toMatch(TIMESTAMP);
    expect(Date.parse(charge.payment_method.capture_before) - Date.parse(charge.created_at)).toBe(7 * 24 * 3600 * 1000);
    expect(charge.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF', 'CHARGE.CANCEL', 'CHARGE.CAPTURE']);
  });

  it('the card comes back as brand, first and last digits, expiry and holder: never the number or the security code', async ({
    sandbox,
    logs,
  }) => {
    const res = await api(
      sandbox,
      'POST',
      '/orders',
      order([
        cardCharge({
          card: card('5555 5555 5555 4444', { holder: { name: 'Maria Silva', tax_id: '12345678909' }, store: false }),
        }),
      ]),
    );
    const c = res.body.charges[0].payment_method.card;
    expect(c).toEqual({
      brand: 'mastercard',
      first_digits: '555555',
      last_digits: '4444',
      exp_month: '3',
      exp_year: '2099',
      holder: { name: 'Maria Silva', tax_id: '12345678909' },
      store: false,
    });
    const text = JSON.stringify(res.body) + JSON.stringify((await api(sandbox, 'GET', `/orders/${res.body.id}`)).body);
    expect(text).not.toContain('5555555555554444');
    expect(text).not.toContain('"123"');
    expect(logs.join('\n')).not.toContain('5555555555554444');
  });

  it('a numeric string amount is read as cents', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', order([cardCharge({ value: '1000' })]));
    expect(res.status).toBe(201);
    expect(res.body.charges[0].amount.value).toBe(1000);
  });

  it('soft_descriptor comes back normalised: no accents, single spaces, at most 17 characters', async ({ sandbox }) => {
    const res = await api(
      sandbox,
      'POST',
      '/orders',
      order([cardCharge({ extra: { soft_descriptor: '  Lója   do João — Çentro Sul  ' } })]),
    );
    expect(res.body.charges[0].payment_method.soft_descriptor).toBe('Loja do Joao Cent');
    const bad = await api(sandbox, 'POST', '/orders', order([cardCharge({ extra: { soft_descriptor: '—★—' } })]));
    expect(errorOf(bad, 'charges[0].payment_method.soft_descriptor')?.code).toBe('40002');
  });

  it('every link is absolute and answers', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', order([cardCharge({ capture: false })]));
    const links = [...res.body.links, ...res.body.charges[0].links];
    for (const l of links) expect(l.href.startsWith(`${sandbox.apiUrl}/`), l.href).toBe(true);
    const self = links.filter((l: { type: string }) => l.type === 'GET');
    for (const l of self) expect((await api(sandbox, 'GET', l.href.slice(sandbox.apiUrl.length))).status).toBe(200);
    const capture = links.find((l: { rel: string }) => l.rel === 'CHARGE.CAPTURE');
    expect((await api(sandbox, 'POST', capture.href.slice(sandbox.apiUrl.length))).body.status).toBe('PAID');
    const cancel = links.find((l: { rel: string }) => l.rel === 'CHARGE.CANCEL');
    expect((await api(sandbox, 'POST', cancel.href.slice(sandbox.apiUrl.length))).body.status).toBe('CANCELED');
  });

  it('GET /charges/{id} answers the charge of an order', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', order([cardCharge()]));
    const charge = res.body.charges[0];
    expect((await api(sandbox, 'GET', `/charges/${charge.id}`)).body).toEqual(charge);
  });
});

describe('card minimums', () => {
  it('visa: R$ 1,00 a transaction', async ({ sandbox }) => {
    const low = await api(sandbox, 'POST', '/orders', order([cardCharge({ value: 99 })]));
    expect(low.status).toBe(422);
    expect(errorOf(low, 'charges[0].amount.value')?.description).toMatch(/at least 100/);
    expect((await api(sandbox, 'POST', '/orders', order([cardCharge({ value: 100 })]))).body.charges[0].status).toBe(
      'PAID',
    );
  });

  it('other networks: R$ 0,20 a transaction', async ({ sandbox }) => {
    const low = await api(sandbox, 'POST', '/orders', order([cardCharge({ value: 19, number: '5555555555554444' })]));
    expect(low.status).toBe(422);
    expect(errorOf(low, 'charges[0].amount.value')?.code).toBe('42201');
    expect(
      (await api(sandbox, 'POST', '/orders', order([cardCharge({ value: 20, number: '5555555555554444' })]))).body
        .charges[0].status,
    ).toBe('PAID');
    expect(
      (await api(sandbox, 'POST', '/orders', order([cardCharge({ value: 20, number: '6505050000001109' })]))).body
        .charges[0].payment_method.card.brand,
    ).toBe('elo');
  });

  it('installments: R$ 5,00 each', async ({ sandbox }) => {
    const low = await api(sandbox, 'POST', '/orders', order([cardCharge({ value: 1499, installments: 3 })]));
    expect(low.status).toBe(422);
    expect(errorOf(low, 'charges[0].amount.value')?.description).toMatch(/1500.*3 installments/);
    const ok = await api(sandbox, 'POST', '/orders', order([cardCharge({ value: 1500, installments: 3 })]));
    expect(ok.body.charges[0].payment_method.installments).toBe(3);
  });
});

describe('sandbox declines', () => {
  it.for([
    ['4000000000000002', 10_000, '10002'],
    ['4000000000009995', 10_000, '10004'],
    ['5200000000000007', 10_000, '10002'],
    ['4111111111111111', 40_051, '10002'],
    ['4111111111111111', 40_052, '10004'],
    ['4111111111111111', 40_053, '10005'],
  ] as const)('card %s for %i cents is DECLINED with code %s', async ([number, value, code], { sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', order([cardCharge({ number, value })]));
    expect(res.status).toBe(201);
    const charge = res.body.charges[0];
    expect(charge.status).toBe('DECLINED');
    expect(charge.payment_response.code).toBe(code);
    expect(charge.payment_response.code).not.toBe('20000');
    expect(charge.paid_at).toBeUndefined();
    expect(charge.amount.summary).toEqual({ total: value, paid: 0, refunded: 0 });
    expect(charge.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF']);
    // A declined order may be paid again.
    expect(res.body.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF', 'PAY']);
  });
});

describe('POST /orders/{id}/pay', () => {
  it('pays an order created without payment', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/orders', order());
    const paid = await api(sandbox, 'POST', `/orders/${created.body.id}/pay`, cardCharge());
    expect(paid.status).toBe(201);
    expect(paid.body.id).toBe(created.body.id);
    expect(paid.body.charges).toHaveLength(1);
    expect(paid.body.charges[0].status).toBe('PAID');
    expect((await api(sandbox, 'GET', `/orders/${created.body.id}`)).body.charges[0].id).toBe(paid.body.charges[0].id);
  });

  it('after a decline the PAY link pays the order; then it is not payable again (409 naming the state)', async ({
    sandbox,
  }) => {
    const declined = await api(sandbox, 'POST', '/orders', order([cardCharge({ number: '4000000000000002' })]));
    const pay = declined.body.links.find((l: { rel: string }) => l.rel === 'PAY');
    const paid = await api(sandbox, 'POST', pay.href.slice(sandbox.apiUrl.length), cardCharge());
    expect(paid.body.charges.map((c: { status: string }) => c.status)).toEqual(['DECLINED', 'PAID']);
    expect(paid.body.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF']);
    const again = await api(sandbox, 'POST', pay.href.slice(sandbox.apiUrl.length), cardCharge());
    expect(again.status).toBe(409);
    expect(again.body.error_messages[0].description).toMatch(/PAID/);
  });

  it('validates the charge with paths from its root', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/orders', order());
    const res = await api(sandbox, 'POST', `/orders/${created.body.id}/pay`, {
      amount: { value: 100, currency: 'BRL' },
      payment_method: { type: 'CREDIT_CARD' },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res, 'payment_method.card')?.code).toBe('40001');
  });

  it('an unknown order is 404', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders/ORDE_00000000-0000-4000-8000-000000000000/pay', cardCharge());
    expect(res.status).toBe(404);
  });
});

describe('accounts', () => {
  it('needs the bearer token', async ({ sandbox }) => {
    const res = await fetch(`${sandbox.apiUrl}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(order()),
    });
    expect(res.status).toBe(401);
    expect((await api(sandbox, 'GET', '/orders/ORDE_x', undefined, {}, 'wrong')).status).toBe(401);
  });

  it("another merchant's orders and charges are 404", async ({ sandbox }) => {
    const other = sandbox.addMerchant();
    const res = await api(sandbox, 'POST', '/orders', order([cardCharge()]));
    expect((await api(sandbox, 'GET', `/orders/${res.body.id}`, undefined, {}, other.token)).status).toBe(404);
    expect((await api(sandbox, 'GET', `/charges/${res.body.charges[0].id}`, undefined, {}, other.token)).status).toBe(
      404,
    );
    expect(
      (await api(sandbox, 'POST', `/charges/${res.body.charges[0].id}/cancel`, undefined, {}, other.token)).status,
    ).toBe(404);
  });

  it('clear card data only from PCI-homologated accounts; POST /sandbox/merchant/settings changes it', async ({
    sandbox,
  }) => {
    const other = sandbox.addMerchant({ pciHomologated: false });
    const refused = await api(sandbox, 'POST', '/orders', order([cardCharge()]), {}, other.token);
    expect(refused.status).toBe(422);
    expect(errorOf(refused, 'charges[0].payment_method.card.number')?.description).toMatch(/PCI/);

    const settings = await api(
      sandbox,
      'POST',
      '/sandbox/merchant/settings',
      { pci_homologated: true },
      {},
      other.token,
    );
    expect(settings.body).toMatchObject({ pci_homologated: true, sub_merchant_enabled: true, released_mccs: [] });
    expect((await api(sandbox, 'POST', '/orders', order([cardCharge()]), {}, other.token)).body.charges[0].status).toBe(
      'PAID',
    );
    expect(
      (await api(sandbox, 'GET', '/sandbox/merchant/settings', undefined, {}, other.token)).body.pci_homologated,
    ).toBe(true);
  });

  it('settings are validated', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/sandbox/merchant/settings', {
      pci_homologated: 'yes',
      released_mccs: ['12'],
      other: 1,
    });
    expect(res.status).toBe(400);
    expect(paramsOf(res).sort()).toEqual(['other', 'pci_homologated', 'released_mccs[0]']);
  });
});
