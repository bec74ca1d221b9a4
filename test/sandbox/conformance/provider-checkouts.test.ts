// The conformance suite for the Checkout API (payment links): requests shaped, and answers read, the
// way public integrations written for the provider's /checkouts do, so that a change which would
// break one fails here. Each test is one pattern, named after it; written here from the patterns
// and the provider's public reference (docs/checkouts.md), not copied from any integration.
import { describe, expect } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index';
import { startWebhookReceiver } from '../../../src/testing/webhook-receiver';
import { it } from '../support/sandbox-test';

/** A typical integration's call: bearer token, JSON both ways. */
async function call(sandbox: Sandbox, method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${sandbox.token}`,
      'Content-Type': 'application/json',
      accept: 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as any };
}

/** What nearly every integration does with the answer: keep the id, send the shopper to the PAY link. */
const payHref = (checkout: { links: Array<{ rel: string; href: string }> }) =>
  checkout.links.find((l) => l.rel === 'PAY')?.href;

describe("integrations written for the provider's Checkout API, pointed at the sandbox", () => {
  it('the smallest body: items with a description only, installment configs as text, customer_modifiable', async ({
    sandbox,
  }) => {
    const res = await call(sandbox, 'POST', '/checkouts', {
      items: [{ quantity: 1, unit_amount: 500, description: 'lua de mel' }],
      payment_methods_configs: [
        { config_options: [{ option: 'INSTALLMENTS_LIMIT', value: '6' }], type: 'CREDIT_CARD' },
        { config_options: [{ option: 'INSTALLMENTS_LIMIT', value: '1' }], type: 'DEBIT_CARD' },
      ],
      customer_modifiable: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^CHEC_/);
    expect(res.body.status).toBe('ACTIVE');
    expect(payHref(res.body)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/CHEC_/);
    // The page it leads to opens, with the item under its description.
    const page = await fetch(payHref(res.body)!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('1× lua de mel');
  });

  it('the reference example: phone with "+55", item dimensions and weight, FREE shipping with PAC, both URLs', async ({
    sandbox,
  }) => {
    const res = await call(sandbox, 'POST', '/checkouts', {
      reference_id: 'a1b2c3',
      expiration_date: '2099-06-14T21:45:00-03:00',
      customer: {
        name: 'Joao Teste',
        email: 'joao@teste.com',
        tax_id: '12345678909',
        phone: { country: '+55', area: '27', number: '999999999' },
      },
      customer_modifiable: true,
      items: [
        {
          reference_id: '123',
          name: 'Compra Checkout',
          quantity: 1,
          unit_amount: 500,
          dimensions: { length: 10, width: 10, height: 10 },
          weight: 10,
          image_url: 'https://shop.example/item.jpg',
        },
      ],
      additional_amount: 0,
      discount_amount: 0,
      shipping: {
        type: 'FREE',
        service_type: 'PAC',
        amount: 0,
        address: {
          country: 'BRA',
          region_code: 'SP',
          city: 'São Paulo',
          postal_code: '01452002',
          street: 'Faria Lima',
          number: '1384',
          locality: 'Pinheiros',
          complement: '5 andar',
        },
        address_modifiable: true,
      },
      payment_methods: [{ type: 'CREDIT_CARD', brands: ['MASTERCARD', 'VISA'] }, { type: 'PIX' }, { type: 'BOLETO' }],
      redirect_url: 'https://shop.example/ok',
      return_url: 'https://shop.example/back',
      notification_urls: ['https://shop.example/hook'],
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-gateway-ignored-fields')).toBe('items[0].dimensions,items[0].weight');
    expect(res.body).toMatchObject({
      reference_id: 'a1b2c3',
      expiration_date: '2099-06-14T21:45:00.000-03:00',
      customer: { phone: { country: '55', area: '27', number: '999999999' } },
      shipping: { type: 'FREE', service_type: 'PAC', amount: 0 },
    });
    expect(res.body.links.map((l: { rel: string }) => l.rel).sort()).toEqual(['INACTIVATE', 'PAY', 'SELF']);
  });

  it('a dashboard that inactivates a link by following INACTIVATE and reads status back', async ({ sandbox }) => {
    const created = (
      await call(sandbox, 'POST', '/checkouts', { items: [{ name: 'Curso', quantity: 1, unit_amount: 9900 }] })
    ).body;
    const inactivate = created.links.find((l: { rel: string }) => l.rel === 'INACTIVATE');
    const off = await call(sandbox, inactivate.type, new URL(inactivate.href).pathname);
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('INACTIVE');
    const again = await call(sandbox, 'GET', `/checkouts/${created.id}`);
    expect(again.body.status).toBe('INACTIVE');
    expect((await call(sandbox, 'POST', `/checkouts/${created.id}/activate`)).body.status).toBe('ACTIVE');
  });

  it('a receiver that checks x-authenticity-token and reads charges[0].status of an order paid on the link', async ({
    sandbox,
  }) => {
    const receiver = await startWebhookReceiver({ token: sandbox.token });
    try {
      const created = (
        await call(sandbox, 'POST', '/checkouts', {
          reference_id: 'pedido-77',
          customer: { name: 'Joao Teste', email: 'joao@teste.com', tax_id: '12345678909' },
          items: [{ name: 'Curso', quantity: 1, unit_amount: 9900 }],
          payment_methods: [{ type: 'PIX' }],
          payment_notification_urls: [receiver.url],
        })
      ).body;
      // The shopper pays on the page (its own endpoints), the payer's bank pays the Pix code.
      const page = payHref(created)!;
      const order = await (
        await fetch(`${page}/payments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ method: 'PIX' }),
        })
      ).json();
      await fetch(`${page}/orders/${order.id}/pix-payment`, { method: 'POST' });
      const paid = await receiver.waitFor((d) => (d.body as any)?.charges?.[0]?.status === 'PAID');
      expect(paid.authentic).toBe(true);
      expect(paid.body).toMatchObject({ reference_id: 'pedido-77', charges: [{ status: 'PAID' }] });
      const read = await call(sandbox, 'GET', `/checkouts/${created.id}`);
      expect(read.body.orders[0].id).toBe((paid.body as { id: string }).id);
    } finally {
      await receiver.close();
    }
  });
});
