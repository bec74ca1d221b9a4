import { describe, expect } from 'vitest';
import { api, errorOf, paramsOf } from './support/payments';
import { it } from './support/sandbox-test';

const CHECKOUT_ID = /^CHEC_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-03:00$/;

/** A checkout body as the provider's reference writes one. */
const checkout = (extra: Record<string, unknown> = {}) => ({
  reference_id: 'pedido-2001',
  customer: {
    name: 'Maria da Silva',
    email: 'maria@example.com',
    tax_id: '123.456.789-09',
    phone: { country: '+55', area: '11', number: '912345678' },
  },
  customer_modifiable: true,
  items: [
    {
      reference_id: 'sku-1',
      name: 'Camiseta',
      quantity: 2,
      unit_amount: 5000,
      image_url: 'https://shop.example/camiseta.png',
    },
  ],
  additional_amount: 300,
  discount_amount: 500,
  shipping: {
    type: 'FIXED',
    amount: 1500,
    address: {
      street: 'Avenida Paulista',
      number: '1000',
      locality: 'Bela Vista',
      city: 'São Paulo',
      region_code: 'SP',
      country: 'BRA',
      postal_code: '01310100',
    },
  },
  payment_methods: [{ type: 'CREDIT_CARD', brands: ['VISA', 'MASTERCARD'] }, { type: 'PIX' }, { type: 'BOLETO' }],
  payment_methods_configs: [
    {
      type: 'CREDIT_CARD',
      config_options: [
        { option: 'INSTALLMENTS_LIMIT', value: '6' },
        { option: 'INTEREST_FREE_INSTALLMENTS', value: '3' },
      ],
    },
  ],
  soft_descriptor: 'LOJA EXEMPLO',
  redirect_url: 'https://shop.example/obrigado',
  return_url: 'https://shop.example/carrinho',
  notification_urls: ['https://shop.example/n/checkout'],
  payment_notification_urls: ['https://shop.example/n/payment'],
  ...extra,
});

let other: { token: string };
it.beforeAll(({ sandbox }) => {
  other = sandbox.addMerchant();
});

describe('POST /checkouts', () => {
  it('answers 201 with a CHEC_ id, ACTIVE, its fields normalised, and SELF, PAY and INACTIVATE links', async ({
    sandbox,
  }) => {
    const res = await api(sandbox, 'POST', '/checkouts', checkout());
    expect(res.status).toBe(201);
    const c = res.body;
    expect(c.id).toMatch(CHECKOUT_ID);
    expect(c).toMatchObject({
      reference_id: 'pedido-2001',
      status: 'ACTIVE',
      customer: { tax_id: '12345678909', phone: { country: '55', area: '11', number: '912345678' } },
      customer_modifiable: true,
      items: [{ name: 'Camiseta', quantity: 2, unit_amount: 5000 }],
      payment_methods_configs: [
        {
          type: 'CREDIT_CARD',
          config_options: [
            { option: 'INSTALLMENTS_LIMIT', value: 6 },
            { option: 'INTEREST_FREE_INSTALLMENTS', value: 3 },
          ],
        },
      ],
      notification_urls: ['https://shop.example/n/checkout'],
      payment_notification_urls: ['https://shop.example/n/payment'],
      orders: [],
    });
    expect(c.created_at).toMatch(TIMESTAMP);
    expect(Date.parse(c.expiration_date) - Date.parse(c.created_at)).toBe(2 * 3_600_000);
    expect(c.links).toEqual([
      { rel: 'SELF', href: `${sandbox.apiUrl}/checkouts/${c.id}`, media: 'application/json', type: 'GET' },
      { rel: 'PAY', href: `${sandbox.apiUrl}/pay/${c.id}`, media: 'text/html', type: 'GET' },
      {
        rel: 'INACTIVATE',
        href: `${sandbox.apiUrl}/checkouts/${c.id}/inactivate`,
        media: 'application/json',
        type: 'POST',
      },
    ]);
    const read = await api(sandbox, 'GET', `/checkouts/${c.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(c);
  });

  it('takes the least a public integration sends: items only, every method offered, the customer asked on the page', async ({
    sandbox,
  }) => {
    const res = await api(sandbox, 'POST', '/checkouts', {
      items: [{ name: 'Doação', quantity: 1, unit_amount: '2500' }],
    });
    expect(res.status).toBe(201);
    expect(res.body.customer_modifiable).toBe(true);
    expect(res.body.payment_methods.map((m: { type: string }) => m.type)).toEqual([
      'CREDIT_CARD',
      'DEBIT_CARD',
      'PIX',
      'BOLETO',
    ]);
    expect(res.body.items[0].unit_amount).toBe(2500);
  });

  it('keeps an expiration_date that is sent, written in Brasília time', async ({ sandbox }) => {
    const at = new Date(sandbox.clock.now().getTime() + 86_400_000);
    at.setUTCMilliseconds(0);
    const res = await api(sandbox, 'POST', '/checkouts', checkout({ expiration_date: at.toISOString() }));
    expect(res.status).toBe(201);
    expect(Date.parse(res.body.expiration_date)).toBe(at.getTime());
    expect(res.body.expiration_date).toMatch(TIMESTAMP);
  });

  it('answers 400 naming each field that is wrong', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/checkouts', {
      items: [{ name: '', quantity: 0, unit_amount: -1, image_url: 'ftp://x' }],
      customer: { name: 'Maria', email: 'maria@', tax_id: '111' },
      payment_methods: [{ type: 'CASH' }],
      redirect_url: 'not a url',
      expiration_date: '2026-02-30T10:00:00-03:00',
    });
    expect(res.status).toBe(400);
    expect(paramsOf(res).sort()).toEqual(
      [
        'customer.email',
        'customer.name',
        'customer.tax_id',
        'expiration_date',
        'items[0].image_url',
        'items[0].name',
        'items[0].quantity',
        'items[0].unit_amount',
        'payment_methods[0].type',
        'redirect_url',
      ].sort(),
    );
    expect(errorOf(res, 'payment_methods[0].type')?.description).toContain('CREDIT_CARD, DEBIT_CARD, PIX, BOLETO');
    const missing = await api(sandbox, 'POST', '/checkouts', {});
    expect(missing.status).toBe(400);
    expect(errorOf(missing, 'items')).toMatchObject({ code: '40001' });
  });

  it('refuses what the fields say together: installments, duplicates, shipping, the total, a past date', async ({
    sandbox,
  }) => {
    const past = new Date(sandbox.clock.now().getTime() - 1000).toISOString();
    const res = await api(
      sandbox,
      'POST',
      '/checkouts',
      checkout({
        expiration_date: past,
        customer: undefined,
        customer_modifiable: false,
        discount_amount: 1_000_000,
        shipping: { type: 'FIXED' },
        payment_methods: [{ type: 'PIX' }, { type: 'DEBIT_CARD' }, { type: 'PIX' }],
        payment_methods_configs: [
          { type: 'CREDIT_CARD', config_options: [{ option: 'INSTALLMENTS_LIMIT', value: 6 }] },
          { type: 'DEBIT_CARD', config_options: [{ option: 'INSTALLMENTS_LIMIT', value: 2 }] },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(paramsOf(res).sort()).toEqual(
      [
        'customer',
        'discount_amount',
        'expiration_date',
        'payment_methods[2].type',
        'payment_methods_configs[0].type',
        'payment_methods_configs[1].config_options[0].value',
        'shipping.amount',
      ].sort(),
    );
    const free = await api(
      sandbox,
      'POST',
      '/checkouts',
      checkout({
        payment_methods_configs: [
          {
            type: 'CREDIT_CARD',
            config_options: [
              { option: 'INSTALLMENTS_LIMIT', value: '3' },
              { option: 'INTEREST_FREE_INSTALLMENTS', value: '4' },
            ],
          },
        ],
        shipping: { type: 'CALCULATE' },
      }),
    );
    expect(paramsOf(free).sort()).toEqual(['payment_methods_configs[0].config_options[1].value', 'shipping.type']);
    expect(errorOf(free, 'shipping.type')?.description).toContain('does not simulate');
  });

  it('takes a partial customer for the page to complete, but not when customer_modifiable is false', async ({
    sandbox,
  }) => {
    const partial = {
      customer: { name: 'Maria da Silva', email: 'maria@example.com' },
      customer_modifiable: undefined,
    };
    const res = await api(sandbox, 'POST', '/checkouts', checkout(partial));
    expect(res.status).toBe(201);
    expect(res.body.customer_modifiable).toBe(true);
    const fixed = await api(sandbox, 'POST', '/checkouts', checkout({ ...partial, customer_modifiable: false }));
    expect(fixed.status).toBe(400);
    expect(paramsOf(fixed)).toEqual(['customer.tax_id']);
    const whole = await api(sandbox, 'POST', '/checkouts', checkout({ customer_modifiable: undefined }));
    expect(whole.body.customer_modifiable).toBe(false);
    const nameless = await api(sandbox, 'POST', '/checkouts', checkout({ items: [{ quantity: 1, unit_amount: 100 }] }));
    expect(paramsOf(nameless)).toEqual(['items[0].name']);
  });

  it('ignores a field it does not know and names it; strict mode refuses it', async ({ sandbox, startSandbox }) => {
    const body = checkout({
      items: [{ name: 'Caneca', quantity: 1, unit_amount: 2000, weight: 300 }],
      sandbox_mode: true,
    });
    const res = await api(sandbox, 'POST', '/checkouts', body);
    expect(res.status).toBe(201);
    expect(res.headers.get('x-gateway-ignored-fields')).toBe('items[0].weight,sandbox_mode');
    const strict = await startSandbox({ strict: true });
    const refused = await api(strict, 'POST', '/checkouts', body);
    expect(refused.status).toBe(400);
    expect(refused.body.error_messages.map((e: { code: string }) => e.code)).toEqual(['40003', '40003']);
  });

  it('answers the same checkout again for the same x-idempotency-key', async ({ sandbox }) => {
    const headers = { 'x-idempotency-key': 'checkout-idem-1' };
    const first = await api(sandbox, 'POST', '/checkouts', checkout(), headers);
    const again = await api(sandbox, 'POST', '/checkouts', checkout(), headers);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('x-idempotent-replayed')).toBe('true');
  });
});

describe('a checkout of another account, or none', () => {
  it('is 404 to read, inactivate or activate', async ({ sandbox }) => {
    const { body } = await api(sandbox, 'POST', '/checkouts', checkout());
    for (const [method, path] of [
      ['GET', `/checkouts/${body.id}`],
      ['POST', `/checkouts/${body.id}/inactivate`],
      ['POST', `/checkouts/${body.id}/activate`],
    ] as const) {
      const res = await api(sandbox, method, path, undefined, {}, other.token);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error_messages[0]).toMatchObject({ code: '40401', parameter_name: 'checkout_id' });
    }
    expect((await api(sandbox, 'GET', '/checkouts/CHEC_nope')).status).toBe(404);
    expect((await api(sandbox, 'GET', `/checkouts/${body.id}`)).status).toBe(200);
  });
});

describe('status', () => {
  it('goes INACTIVE and ACTIVE again, each move repeatable, the links following', async ({ sandbox }) => {
    const { body } = await api(sandbox, 'POST', '/checkouts', checkout());
    const off = await api(sandbox, 'POST', `/checkouts/${body.id}/inactivate`);
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('INACTIVE');
    expect(off.body.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF', 'PAY', 'ACTIVATE']);
    expect((await api(sandbox, 'POST', `/checkouts/${body.id}/inactivate`)).body.status).toBe('INACTIVE');
    expect((await api(sandbox, 'GET', `/checkouts/${body.id}`)).body.status).toBe('INACTIVE');
    const on = await api(sandbox, 'POST', `/checkouts/${body.id}/activate`);
    expect(on.body.status).toBe('ACTIVE');
    expect(on.body.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF', 'PAY', 'INACTIVATE']);
  });

  it('is EXPIRED once the sandbox clock passes expiration_date, and an expired checkout cannot be activated', async ({
    startSandbox,
  }) => {
    const s = await startSandbox();
    const at = new Date(s.clock.now().getTime() + 60_000).toISOString();
    const { body } = await api(s, 'POST', '/checkouts', checkout({ expiration_date: at }));
    const inactive = await api(s, 'POST', `/checkouts/${body.id}/inactivate`);
    expect(inactive.body.status).toBe('INACTIVE');
    s.clock.advance(61_000);
    const read = await api(s, 'GET', `/checkouts/${body.id}`);
    expect(read.body.status).toBe('EXPIRED');
    expect(read.body.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF', 'PAY']);
    for (const action of ['activate', 'inactivate']) {
      const res = await api(s, 'POST', `/checkouts/${body.id}/${action}`);
      expect(res.status).toBe(409);
      expect(res.body.error_messages[0].description).toContain('expired');
    }
    const fresh = await api(s, 'POST', '/checkouts', checkout());
    expect(Date.parse(fresh.body.expiration_date) - Date.parse(fresh.body.created_at)).toBe(2 * 3_600_000);
  });
});
