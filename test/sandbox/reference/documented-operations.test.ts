import { describe, expect } from 'vitest';
import { api, boletoCharge, card, cardCharge, dateIn, order, subMerchantCharge } from '../support/payments';
import { authData, createSession, postAuthentication, validDevice } from '../support/sdk-client';
import { it } from '../support/sandbox-test';

// One test per operation and case of the provider's orders and payments reference: the documented
// request (bodies written here from its fields) and the documented answer's fields with their
// types (docs/coming-from-the-provider.md#the-providers-operations-in-the-sandbox).

type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'timestamp' | 'date';

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/;

/** The value at `path` (`charges[0].amount.value`) of `body`. */
const at = (body: unknown, path: string): unknown =>
  [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].reduce<unknown>(
    (node, m) => (node as Record<string, unknown> | undefined)?.[m[2] === undefined ? m[1]! : Number(m[2])],
    body,
  );

/** Every documented field is there with its documented type. */
function expectFields(body: unknown, fields: Record<string, Kind>) {
  for (const [path, kind] of Object.entries(fields)) {
    const value = at(body, path);
    const ok =
      kind === 'integer'
        ? Number.isInteger(value)
        : kind === 'array'
          ? Array.isArray(value)
          : kind === 'object'
            ? typeof value === 'object' && value !== null && !Array.isArray(value)
            : kind === 'timestamp'
              ? typeof value === 'string' && TIMESTAMP.test(value)
              : kind === 'date'
                ? typeof value === 'string' && /^\d{4}-\d\d-\d\d$/.test(value)
                : typeof value === kind;
    expect(ok, `${path} should be ${kind}, is ${JSON.stringify(value)}`).toBe(true);
  }
}

const ORDER: Record<string, Kind> = {
  id: 'string',
  reference_id: 'string',
  created_at: 'timestamp',
  customer: 'object',
  'customer.name': 'string',
  'customer.email': 'string',
  'customer.tax_id': 'string',
  'customer.phones[0].country': 'string',
  'customer.phones[0].area': 'string',
  'customer.phones[0].number': 'string',
  'customer.phones[0].type': 'string',
  'items[0].reference_id': 'string',
  'items[0].name': 'string',
  'items[0].quantity': 'integer',
  'items[0].unit_amount': 'integer',
  'shipping.address.street': 'string',
  'shipping.address.number': 'string',
  'shipping.address.complement': 'string',
  'shipping.address.locality': 'string',
  'shipping.address.city': 'string',
  'shipping.address.region_code': 'string',
  'shipping.address.country': 'string',
  'shipping.address.postal_code': 'string',
  charges: 'array',
  qr_codes: 'array',
  notification_urls: 'array',
  links: 'array',
};

const CHARGE: Record<string, Kind> = {
  id: 'string',
  reference_id: 'string',
  status: 'string',
  created_at: 'timestamp',
  description: 'string',
  'amount.value': 'integer',
  'amount.currency': 'string',
  'amount.summary.total': 'integer',
  'amount.summary.paid': 'integer',
  'amount.summary.refunded': 'integer',
  'payment_response.code': 'string',
  'payment_response.message': 'string',
  'payment_method.type': 'string',
  links: 'array',
  'links[0].rel': 'string',
  'links[0].href': 'string',
  'links[0].media': 'string',
  'links[0].type': 'string',
};

const CARD_CHARGE: Record<string, Kind> = {
  ...CHARGE,
  paid_at: 'timestamp',
  'payment_response.reference': 'string',
  'payment_method.installments': 'integer',
  'payment_method.capture': 'boolean',
  'payment_method.soft_descriptor': 'string',
  'payment_method.card.brand': 'string',
  'payment_method.card.first_digits': 'string',
  'payment_method.card.last_digits': 'string',
  'payment_method.card.exp_month': 'string',
  'payment_method.card.exp_year': 'string',
  'payment_method.card.holder.name': 'string',
};

const prefixed = (prefix: string, fields: Record<string, Kind>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}${k}`, v]));

describe('orders', () => {
  it('create without payment: 201, empty charges, qr_codes and links', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', order());
    expect(res.status).toBe(201);
    expectFields(res.body, ORDER);
    expect(res.body).toMatchObject({ charges: [], qr_codes: [], links: [] });
  });

  it('create and pay with a credit card: 201, PAID, 20000 SUCESSO, links SELF and CHARGE.CANCEL', async ({
    sandbox,
  }) => {
    const res = await api(sandbox, 'POST', '/orders', order([cardCharge()]));
    expect(res.status).toBe(201);
    expectFields(res.body, { ...ORDER, ...prefixed('charges[0].', CARD_CHARGE) });
    expect(res.body.charges[0]).toMatchObject({
      status: 'PAID',
      payment_response: { code: '20000', message: 'SUCESSO' },
    });
    expect(res.body.charges[0].links.map((l: { rel: string }) => l.rel)).toEqual(['SELF', 'CHARGE.CANCEL']);
  });

  it('create and pay with a debit card authenticated with 3DS: the id from authenticate3DS', async ({ sandbox }) => {
    const session = await createSession(sandbox);
    const auth = await postAuthentication(sandbox, session, {
      data: authData('4000000000002370', { type: 'DEBIT_CARD' }),
      device: validDevice(),
    });
    const { id } = (await auth.json()) as { id: string };
    const res = await api(
      sandbox,
      'POST',
      '/orders',
      order([
        cardCharge({
          type: 'DEBIT_CARD',
          card: card('4000000000002370', { exp_month: '12' }),
          extra: { authentication_method: { type: 'THREEDS', id } },
        }),
      ]),
    );
    expect(res.status).toBe(201);
    expectFields(res.body.charges[0], {
      ...CARD_CHARGE,
      'payment_method.authentication_method.type': 'string',
      'payment_method.authentication_method.id': 'string',
    });
    expect(res.body.charges[0].status).toBe('PAID');
  });

  it('create and pay with a boleto: 201, WAITING, barcode and the three SELF links', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', order([boletoCharge()]));
    expect(res.status).toBe(201);
    expectFields(res.body.charges[0], {
      ...CHARGE,
      'payment_method.boleto.id': 'string',
      'payment_method.boleto.barcode': 'string',
      'payment_method.boleto.formatted_barcode': 'string',
      'payment_method.boleto.template': 'string',
      'payment_method.boleto.due_date': 'date',
      'payment_method.boleto.instruction_lines.line_1': 'string',
      'payment_method.boleto.instruction_lines.line_2': 'string',
      'payment_method.boleto.holder.name': 'string',
      'payment_method.boleto.holder.tax_id': 'string',
      'payment_method.boleto.holder.email': 'string',
      'payment_method.boleto.holder.address.region': 'string',
    });
    expect(res.body.charges[0].status).toBe('WAITING');
    expect(res.body.charges[0].links.map((l: { media: string }) => l.media)).toEqual([
      'application/pdf',
      'image/png',
      'application/json',
    ]);
  });

  it('create with a Pix QR code: 201, its text, expiration and image links', async ({ sandbox }) => {
    const res = await api(
      sandbox,
      'POST',
      '/orders',
      order(undefined, { qr_codes: [{ amount: { value: 10_000 }, expiration_date: `${dateIn(2)}T20:00:00-03:00` }] }),
    );
    expect(res.status).toBe(201);
    expectFields(res.body, {
      ...ORDER,
      'qr_codes[0].id': 'string',
      'qr_codes[0].expiration_date': 'timestamp',
      'qr_codes[0].amount.value': 'integer',
      'qr_codes[0].text': 'string',
      'qr_codes[0].arrangements': 'array',
      'qr_codes[0].links': 'array',
      'amount.value': 'integer',
      'amount.currency': 'string',
    });
    expect(res.body.amount).toEqual({ value: 10_000, currency: 'BRL' });
  });

  it('create with a QR code payable with the provider wallet too: arrangements PIX and PAGBANK answered', async ({
    sandbox,
  }) => {
    const res = await api(
      sandbox,
      'POST',
      '/orders',
      order(undefined, { qr_codes: [{ amount: { value: 130 }, arrangements: ['PIX', 'PAGBANK'] }] }),
    );
    expect(res.status).toBe(201);
    expect(res.body.qr_codes[0].arrangements).toEqual(['PIX', 'PAGBANK']);
    const paid = await api(sandbox, 'POST', `/sandbox/qr-codes/${res.body.qr_codes[0].id}/pay`);
    expect(paid.body.charges[0].status).toBe('PAID');
    const bad = await api(
      sandbox,
      'POST',
      '/orders',
      order(undefined, { qr_codes: [{ amount: { value: 130 }, arrangements: ['BOLETO'] }] }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error_messages[0].parameter_name).toBe('qr_codes[0].arrangements[0]');
  });

  it('read: 200, the order as created', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/orders', order([cardCharge()]));
    const res = await api(sandbox, 'GET', `/orders/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created.body);
  });

  it('pay an order created without payment: 201, the order with its charge', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/orders', order());
    const res = await api(sandbox, 'POST', `/orders/${created.body.id}/pay`, { charges: [cardCharge()] });
    expect(res.status).toBe(201);
    expectFields(res.body, { ...ORDER, ...prefixed('charges[0].', CARD_CHARGE) });
  });
});

describe('charges', () => {
  it('create a charge, and a sub-merchant charge: 201, the charge', async ({ sandbox }) => {
    const own = await api(sandbox, 'POST', '/charges', cardCharge());
    expect(own.status).toBe(201);
    expectFields(own.body, { ...CARD_CHARGE, notification_urls: 'array' });
    await api(sandbox, 'POST', '/sandbox/merchant/settings', { sub_merchant_enabled: true });
    const sub = await api(sandbox, 'POST', '/charges', subMerchantCharge(), { 'x-idempotency-key': 'sub-1' });
    expect(sub.status).toBe(201);
    expectFields(sub.body, {
      ...CARD_CHARGE,
      'sub_merchant.name': 'string',
      'sub_merchant.reference_id': 'string',
      'sub_merchant.tax_id': 'string',
      'sub_merchant.mcc': 'string',
      'sub_merchant.address.complement': 'string',
      'sub_merchant.phones': 'array',
    });
  });

  it('read: 200, the charge', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/charges', cardCharge());
    const res = await api(sandbox, 'GET', `/charges/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created.body);
  });

  it('authorize, then capture: AUTHORIZED with capture_before and CHARGE.CAPTURE, then 200 PAID', async ({
    sandbox,
  }) => {
    const created = await api(sandbox, 'POST', '/charges', cardCharge({ capture: false }));
    const { paid_at: _, ...authorized } = CARD_CHARGE;
    expectFields(created.body, { ...authorized, 'payment_method.capture_before': 'timestamp' });
    expect(created.body.paid_at).toBeUndefined();
    expect(created.body.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF', 'CHARGE.CANCEL', 'CHARGE.CAPTURE']);
    const res = await api(sandbox, 'POST', `/charges/${created.body.id}/capture`, {
      amount: { value: created.body.amount.value },
    });
    expect(res.status).toBe(200);
    expectFields(res.body, CARD_CHARGE);
    expect(res.body.status).toBe('PAID');
  });

  it('cancel (refund): 201 CANCELED, and a partial refund keeps it PAID with summary.refunded', async ({ sandbox }) => {
    const partial = await api(sandbox, 'POST', '/charges', cardCharge());
    const part = await api(sandbox, 'POST', `/charges/${partial.body.id}/cancel`, { amount: { value: 3_000 } });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ status: 'PAID', amount: { summary: { refunded: 3_000 } } });
    const full = await api(sandbox, 'POST', `/charges/${partial.body.id}/cancel`, {
      amount: { value: 7_000 },
    });
    expect(full.status).toBe(201);
    expectFields(full.body, CARD_CHARGE);
    expect(full.body.status).toBe('CANCELED');
  });

  it('fees: 200, plans per brand with integer amounts, currency and interest', async ({ sandbox }) => {
    const res = await api(
      sandbox,
      'GET',
      '/charges/fees/calculate?payment_methods=CREDIT_CARD&value=10000&max_installments=10&max_installments_no_interest=4&credit_card_bin=552100',
    );
    expect(res.status).toBe(200);
    const plans = res.body.payment_methods.credit_card.mastercard.installment_plans;
    for (const [i] of plans.entries())
      expectFields(plans, {
        [`[${i}].installments`]: 'integer',
        [`[${i}].installment_value`]: 'integer',
        [`[${i}].interest_free`]: 'boolean',
        [`[${i}].amount.value`]: 'integer',
        [`[${i}].amount.currency`]: 'string',
        [`[${i}].amount.fees.buyer.interest.total`]: 'integer',
        [`[${i}].amount.fees.buyer.interest.installments`]: 'integer',
      });
  });
});

describe('keys and sessions', () => {
  it('public keys: create 200, read 200, replace 200, each with public_key and created_at in epoch milliseconds', async ({
    sandbox,
  }) => {
    for (const [method, path, body] of [
      ['POST', '/public-keys', { type: 'card' }],
      ['GET', '/public-keys/card', undefined],
      ['PUT', '/public-keys/card', undefined],
    ] as const) {
      const res = await api(sandbox, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(200);
      expectFields(res.body, { public_key: 'string', created_at: 'integer' });
    }
  });

  it('SDK session: 200 with session and expires_at', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/checkout-sdk/sessions');
    expect(res.status).toBe(200);
    expectFields(res.body, { session: 'string', expires_at: 'timestamp' });
  });
});
