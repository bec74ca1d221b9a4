import { describe, expect } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../src/testing/webhook-receiver';
import type { Sandbox } from '../../src/sandbox/index';
import { api, errorOf, paramsOf } from './support/payments';
import { it } from './support/sandbox-test';

// The pay page's endpoints without a browser (the page itself: test/e2e/checkout-page.spec.ts).

const SHOPPER = { name: 'Maria da Silva', email: 'maria@example.com', tax_id: '12345678909' };
const ADDRESS = {
  street: 'Avenida Paulista',
  number: '1000',
  locality: 'Bela Vista',
  city: 'São Paulo',
  region_code: 'SP',
  postal_code: '01310100',
};

const receivers: WebhookReceiver[] = [];
it.afterAll(() => Promise.all(receivers.map((r) => r.close())));
const receiver = async (sandbox: Sandbox) => {
  const r = await startWebhookReceiver({ token: sandbox.token });
  receivers.push(r);
  return r;
};

async function newCheckout(sandbox: Sandbox, extra: Record<string, unknown> = {}) {
  const res = await api(sandbox, 'POST', '/checkouts', {
    reference_id: 'pedido-4001',
    items: [{ name: 'Camiseta', quantity: 2, unit_amount: 5000 }],
    discount_amount: 1000,
    additional_amount: 200,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; links: Array<{ rel: string; href: string }> };
}

/** The page's own calls: no token, as the shopper's browser makes them. */
const page = async (sandbox: Sandbox, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
  };
};

describe('the pay page', () => {
  it('is served at the PAY link in Portuguese with the total, the allowed methods only, under a CSP naming only the sandbox', async ({
    sandbox,
  }) => {
    const c = await newCheckout(sandbox, {
      payment_methods: [{ type: 'CREDIT_CARD' }, { type: 'PIX' }],
      shipping: { type: 'FIXED', amount: 1500 },
    });
    const res = await page(sandbox, 'GET', new URL(c.links.find((l) => l.rel === 'PAY')!.href).pathname);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="pt-BR">');
    expect(res.text).toContain('data-pay-total="10700"');
    expect(res.text).toContain('R$ 107,00');
    expect(res.text).toContain('data-pay-method="CREDIT_CARD"');
    expect(res.text).toContain('data-pay-method="PIX"');
    expect(res.text).not.toContain('data-pay-method="BOLETO"');
    const csp = res.headers.get('content-security-policy')!;
    const hosts = csp.match(/https?:\/\/[^\s;]+/g) ?? [];
    expect(new Set(hosts)).toEqual(new Set([sandbox.challengeUrl]));
    expect(csp).toContain("default-src 'none'");
    expect((await page(sandbox, 'GET', '/pay/CHEC_00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it("asks a known customer only for the mobile phone 3-D Secure needs, when the checkout's customer has none", async ({
    sandbox,
  }) => {
    const known = { customer: SHOPPER, payment_methods: [{ type: 'CREDIT_CARD' }] };
    const without = await page(sandbox, 'GET', `/pay/${(await newCheckout(sandbox, known)).id}`);
    expect(without.text).toContain('Pagando como <strong>Maria da Silva</strong>');
    expect(without.text).not.toContain('name="name"');
    expect(without.text).toContain('name="phone"');
    const phone = { ...SHOPPER, phone: { country: '+55', area: '11', number: '912345678' } };
    const withPhone = await page(
      sandbox,
      'GET',
      `/pay/${(await newCheckout(sandbox, { ...known, customer: phone })).id}`,
    );
    expect(withPhone.text).not.toContain('name="phone"');
    const pix = await page(
      sandbox,
      'GET',
      `/pay/${(await newCheckout(sandbox, { customer: SHOPPER, payment_methods: [{ type: 'PIX' }] })).id}`,
    );
    expect(pix.text).not.toContain('name="phone"');
  });

  it('says an INACTIVE or EXPIRED checkout takes no payment, and its payment endpoint refuses with 409', async ({
    startSandbox,
  }) => {
    const s = await startSandbox();
    const at = new Date(s.clock.now().getTime() + 60_000).toISOString();
    const inactive = await newCheckout(s);
    await api(s, 'POST', `/checkouts/${inactive.id}/inactivate`);
    const expiring = await newCheckout(s, { expiration_date: at });
    s.clock.advance(61_000);
    for (const [c, words, status] of [
      [inactive, 'está desativado', 'INACTIVE'],
      [expiring, 'expirou', 'EXPIRED'],
    ] as const) {
      const res = await page(s, 'GET', `/pay/${c.id}`);
      expect(res.text).toContain(words);
      expect(res.text).toContain(`data-pay-closed="${status}"`);
      expect(res.text).not.toContain('id="pay-form"');
      const pay = await page(s, 'POST', `/pay/${c.id}/payments`, { method: 'PIX', customer: SHOPPER });
      expect(pay.status).toBe(409);
      expect(pay.body.error_messages[0].description).toContain(status);
    }
    expect((await api(s, 'GET', `/checkouts/${inactive.id}`)).body.orders).toEqual([]);
  });
});

describe('paying', () => {
  it('by Pix: an order with a QR code of the total, PAID by the simulator, notified to both URL lists with the provider token', async ({
    sandbox,
  }) => {
    const payments = await receiver(sandbox);
    const checkout = await receiver(sandbox);
    const c = await newCheckout(sandbox, {
      notification_urls: [checkout.url],
      payment_notification_urls: [payments.url],
    });
    const created = await checkout.waitFor((d) => d.eventType === 'CHECKOUT.ACTIVE');
    expect(created.body).toMatchObject({ id: c.id, status: 'ACTIVE' });
    const pay = await page(sandbox, 'POST', `/pay/${c.id}/payments`, { method: 'PIX', customer: SHOPPER });
    expect(pay.status).toBe(201);
    const order = pay.body;
    expect(order.qr_codes[0].amount.value).toBe(9200);
    expect(order.notification_urls.sort()).toEqual([checkout.url, payments.url].sort());
    const followed = await page(sandbox, 'GET', `/pay/${c.id}/orders/${order.id}`);
    expect(followed.body.charges).toEqual([]);
    const paid = await page(sandbox, 'POST', `/pay/${c.id}/orders/${order.id}/pix-payment`);
    expect(paid.body.charges[0]).toMatchObject({ status: 'PAID', amount: { value: 9200 } });
    for (const r of [payments, checkout]) {
      const d = await r.waitFor((x) => x.eventType === 'CHARGE.PAID');
      expect(d.authentic).toBe(true);
      expect(d.body).toMatchObject({ id: order.id, reference_id: 'pedido-4001', charges: [{ status: 'PAID' }] });
    }
    const read = await api(sandbox, 'GET', `/checkouts/${c.id}`);
    expect(read.body.orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    // Paid once: the simulator refuses to pay it again.
    expect((await page(sandbox, 'POST', `/pay/${c.id}/orders/${order.id}/pix-payment`)).status).toBe(409);
  });

  it("by boleto: the shopper's address is required, then the boleto is WAITING with its digit line", async ({
    sandbox,
  }) => {
    const c = await newCheckout(sandbox);
    const missing = await page(sandbox, 'POST', `/pay/${c.id}/payments`, { method: 'BOLETO', customer: SHOPPER });
    expect(missing.status).toBe(400);
    expect(paramsOf(missing as never)).toEqual(['address']);
    const pay = await page(sandbox, 'POST', `/pay/${c.id}/payments`, {
      method: 'BOLETO',
      customer: SHOPPER,
      address: ADDRESS,
    });
    expect(pay.status).toBe(201);
    expect(pay.body.charges[0]).toMatchObject({
      status: 'WAITING',
      amount: { value: 9200 },
      payment_method: { type: 'BOLETO', boleto: { holder: { name: 'Maria da Silva' } } },
    });
    expect(pay.body.charges[0].payment_method.boleto.formatted_barcode).toMatch(/^\d{5}\.\d{5} /);
  });

  it('refuses a method the checkout does not take, bad shopper data naming each field, installments beyond the plans', async ({
    sandbox,
  }) => {
    const c = await newCheckout(sandbox, {
      payment_methods: [{ type: 'CREDIT_CARD' }, { type: 'PIX' }],
      payment_methods_configs: [
        { type: 'CREDIT_CARD', config_options: [{ option: 'INSTALLMENTS_LIMIT', value: '2' }] },
      ],
    });
    const boleto = await page(sandbox, 'POST', `/pay/${c.id}/payments`, {
      method: 'BOLETO',
      customer: SHOPPER,
      address: ADDRESS,
    });
    expect(boleto.status).toBe(400);
    expect(errorOf(boleto as never, 'method')?.description).toContain('CREDIT_CARD, PIX');
    const bad = await page(sandbox, 'POST', `/pay/${c.id}/payments`, {
      method: 'PIX',
      customer: { name: 'Maria', email: 'x', tax_id: '1' },
    });
    expect(paramsOf(bad as never).sort()).toEqual(['customer.email', 'customer.name', 'customer.tax_id']);
    const nobody = await page(sandbox, 'POST', `/pay/${c.id}/payments`, { method: 'PIX' });
    expect(paramsOf(nobody as never)).toEqual(['customer']);
    const plans = await page(sandbox, 'POST', `/pay/${c.id}/payments`, {
      method: 'CREDIT_CARD',
      customer: SHOPPER,
      address: ADDRESS,
      card: { encrypted: 'x', installments: 3 },
    });
    expect(paramsOf(plans as never)).toEqual(['card.installments']);
    expect((await api(sandbox, 'GET', `/checkouts/${c.id}`)).body.orders).toEqual([]);
  });

  it("follows only its own orders: another checkout's order is 404", async ({ sandbox }) => {
    const a = await newCheckout(sandbox);
    const b = await newCheckout(sandbox);
    const order = (await page(sandbox, 'POST', `/pay/${a.id}/payments`, { method: 'PIX', customer: SHOPPER })).body;
    expect((await page(sandbox, 'GET', `/pay/${b.id}/orders/${order.id}`)).status).toBe(404);
    expect((await page(sandbox, 'POST', `/pay/${b.id}/orders/${order.id}/pix-payment`)).status).toBe(404);
  });
});

describe('status notifications', () => {
  it('sends CHECKOUT.INACTIVE and CHECKOUT.ACTIVE to notification_urls on each change, none for a repeat', async ({
    sandbox,
  }) => {
    const hook = await receiver(sandbox);
    const c = await newCheckout(sandbox, { notification_urls: [hook.url] });
    await api(sandbox, 'POST', `/checkouts/${c.id}/inactivate`);
    await api(sandbox, 'POST', `/checkouts/${c.id}/inactivate`);
    await api(sandbox, 'POST', `/checkouts/${c.id}/activate`);
    await hook.waitFor(
      (d) =>
        d.eventType === 'CHECKOUT.ACTIVE' &&
        (d.body as { links: unknown[] }).links.length === 3 &&
        hook.deliveries.length === 3,
    );
    expect(hook.deliveries.map((d) => d.eventType)).toEqual([
      'CHECKOUT.ACTIVE',
      'CHECKOUT.INACTIVE',
      'CHECKOUT.ACTIVE',
    ]);
    expect(hook.deliveries.every((d) => d.authentic)).toBe(true);
  });
  it('sends CHECKOUT.EXPIRED when the clock passes expiration_date, and the timeline shows it at that moment, by the clock', async ({
    startSandbox,
  }) => {
    const s = await startSandbox();
    const hook = await receiver(s);
    const expiresAt = s.clock.now().getTime() + 3_600_000;
    const c = await newCheckout(s, {
      notification_urls: [hook.url],
      expiration_date: new Date(expiresAt).toISOString(),
    });
    await hook.waitFor((d) => d.eventType === 'CHECKOUT.ACTIVE');
    s.clock.advance(2 * 3_600_000);
    const expired = await hook.waitFor((d) => d.eventType === 'CHECKOUT.EXPIRED');
    expect(expired.body).toMatchObject({ id: c.id, status: 'EXPIRED' });
    // Once only: a later move of the clock does not send it again.
    s.clock.advance(3_600_000);
    expect((await api(s, 'GET', `/checkouts/${c.id}`)).body.status).toBe('EXPIRED');
    const { timeline } = (await api(s, 'GET', `/sandbox/resources/${c.id}`)).body as {
      timeline: Array<{ type: string; from?: string | null; to?: string; at: number; source?: string }>;
    };
    const changes = timeline.filter((e) => e.type === 'state_change');
    expect(changes.map((e) => [e.from ?? null, e.to, e.source])).toEqual([
      [null, 'ACTIVE', 'request'],
      ['ACTIVE', 'EXPIRED', 'clock'],
    ]);
    expect(changes[1]!.at).toBe(expiresAt);
    expect(hook.deliveries.filter((d) => d.eventType === 'CHECKOUT.EXPIRED')).toHaveLength(1);
  });
});
