// The conformance suite: requests shaped, and answers read, the way public integrations written
// for the provider's orders API do (its e-commerce plugin, SDKs, typed clients, webhook
// receivers), so that a change which would break such an integration fails here. Each test is
// one pattern, named after it; the code is written here from the patterns and the provider's
// public documentation (docs/coming-from-the-provider.md), not copied from any integration.
import { constants, createHash, publicEncrypt, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect } from 'vitest';
import { encodeCardPlaintext } from '../../../src/core/card-ciphertext';
import type { Sandbox } from '../../../src/sandbox/index';
import { authData, postAuthentication, validDevice } from '../support/sdk-client';
import { it } from '../support/sandbox-test';

/** What an integration holds: the base URL and the token (the only two things it changes to point at the sandbox). */
interface Provider {
  baseUrl: string;
  token: string;
}
const providerOf = (sandbox: Sandbox): Provider => ({ baseUrl: sandbox.apiUrl, token: sandbox.token });

/** The HTTP call of a typical integration: bearer token, JSON both ways, the status and the headers kept. */
async function call(p: Provider, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${p.baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${p.token}`,
      'Content-Type': 'application/json',
      accept: 'application/json',
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as any };
}

const customer = {
  name: 'Jose da Silva',
  email: 'jose@example.com.br',
  tax_id: '12345678909',
  phones: [{ country: '55', area: '11', number: '999999999', type: 'MOBILE' }],
};
const items = [{ reference_id: 'sku-10', name: 'Camiseta', quantity: 1, unit_amount: 5000 }];
const shipping = {
  address: {
    street: 'Avenida Brigadeiro Faria Lima',
    number: '1384',
    complement: 'apto 12',
    locality: 'Pinheiros',
    city: 'São Paulo',
    region_code: 'SP',
    country: 'BRA',
    postal_code: '01452002',
  },
};
const boletoHolder = {
  name: 'Jose da Silva',
  tax_id: '12345678909',
  email: 'jose@example.com.br',
  address: {
    country: 'Brasil',
    region: 'São Paulo',
    region_code: 'SP',
    city: 'São Paulo',
    postal_code: '01452002',
    street: 'Avenida Brigadeiro Faria Lima',
    number: '1384',
    locality: 'Pinheiros',
  },
};
const dueIn3Days = () => new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

/** What a checkout page's card encryption gives the merchant's server: the card sealed with the account's public key. */
async function encryptedCard(p: Provider, number: string, holder = 'JOSE DA SILVA'): Promise<string> {
  const key = await call(p, 'POST', '/public-keys', { type: 'card' });
  const pem = `-----BEGIN PUBLIC KEY-----\n${key.body.public_key}\n-----END PUBLIC KEY-----`;
  const plain = encodeCardPlaintext({
    number,
    securityCode: '123',
    expMonth: 12,
    expYear: 2099,
    holder,
    createdAt: Date.now(),
  });
  return publicEncrypt(
    { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain),
  ).toString('base64');
}

/**
 * A notification receiver as integrations write it for the provider: the order is looked up by
 * the body's `reference_id` (or `id`), the delivery trusted only when `x-authenticity-token` is
 * the SHA-256 of "<token>-<raw body>", and the order marked paid from `charges[0].status`.
 * Nothing of the sandbox's own headers is read.
 */
class ProviderReceiver {
  readonly orders = new Map<string, string>();
  readonly answers: number[] = [];
  private readonly waiters: Array<() => void> = [];
  private server!: Server;
  url = '';

  constructor(private readonly token: string) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (raw += c));
      req.on('end', () => {
        const status = this.handle(raw, req.headers['x-authenticity-token'], req.headers['content-type']);
        this.answers.push(status);
        res.writeHead(status).end();
        for (const w of this.waiters.splice(0)) w();
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/pagbank/notification`;
    return this;
  }

  private handle(raw: string, header: string | string[] | undefined, contentType: string | undefined): number {
    if (!contentType?.startsWith('application/json')) return 415;
    const expected = createHash('sha256').update(`${this.token}-${raw}`).digest('hex');
    if (typeof header !== 'string' || header.length !== 64) return 401;
    if (!timingSafeEqual(Buffer.from(header), Buffer.from(expected))) return 401;
    const order = JSON.parse(raw) as { id?: string; reference_id?: string; charges?: Array<{ status: string }> };
    if (!order.id?.startsWith('ORDE_') || !order.reference_id) return 400;
    const status = order.charges?.[0]?.status;
    if (status) this.orders.set(order.reference_id, status);
    return 200;
  }

  async until(test: () => boolean): Promise<void> {
    while (!test()) await new Promise<void>((r) => this.waiters.push(r));
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

const receivers: ProviderReceiver[] = [];
const receiverFor = async (p: Provider) => {
  const r = await new ProviderReceiver(p.token).start();
  receivers.push(r);
  return r;
};
afterAll(() => Promise.all(receivers.map((r) => r.stop())));

describe('integrations written for the provider, pointed at the sandbox', () => {
  it('a card order with payment_method.holder', async ({ sandbox }) => {
    const p = providerOf(sandbox);
    const encrypted = await encryptedCard(p, '4111111111111111');
    const res = await call(p, 'POST', '/orders', {
      reference_id: 'plugin-1001',
      customer,
      items,
      shipping,
      notification_urls: ['https://loja.example/notification'],
      charges: [
        {
          reference_id: 'plugin-1001',
          description: 'Pedido 1001',
          amount: { value: 5000, currency: 'BRL' },
          payment_method: {
            type: 'CREDIT_CARD',
            installments: 1,
            capture: true,
            soft_descriptor: 'LOJA',
            card: { encrypted, store: false },
            holder: { name: 'Jose da Silva', tax_id: '12345678909' },
          },
        },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^ORDE_/);
    expect(res.body.charges[0].status).toBe('PAID');
    expect(res.body.charges[0].payment_response).toMatchObject({ code: '20000' });
    // payment_method.holder is the holder the charge shows, ahead of what the encrypted card carries.
    expect(res.body.charges[0].payment_method.card.holder).toEqual({ name: 'Jose da Silva', tax_id: '12345678909' });
    expect(res.headers.get('x-gateway-ignored-fields')).toBeNull();
  });

  it('card.holder beside card.encrypted', async ({ sandbox }) => {
    const p = providerOf(sandbox);
    const encrypted = await encryptedCard(p, '5555666677778884');
    const res = await call(p, 'POST', '/orders', {
      reference_id: 'sdk-2001',
      customer,
      items,
      charges: [
        {
          reference_id: 'sdk-2001',
          amount: { value: 5000, currency: 'BRL' },
          payment_method: {
            type: 'CREDIT_CARD',
            installments: 1,
            capture: true,
            card: { encrypted, holder: { name: 'Maria Souza' } },
          },
        },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.charges[0].status).toBe('PAID');
    expect(res.body.charges[0].payment_method.card.holder.name).toBe('Maria Souza');
  });

  it('a receiver that checks x-authenticity-token and reads charges[0].status', async ({ sandbox }) => {
    const p = providerOf(sandbox);
    const receiver = await receiverFor(p);
    const res = await call(p, 'POST', '/orders', {
      reference_id: 'webhook-3001',
      customer,
      items,
      notification_urls: [receiver.url],
      charges: [
        {
          reference_id: 'webhook-3001',
          amount: { value: 5000, currency: 'BRL' },
          payment_method: {
            type: 'CREDIT_CARD',
            installments: 1,
            capture: false,
            card: {
              number: '4111111111111111',
              exp_month: '12',
              exp_year: '2099',
              security_code: '123',
              holder: { name: 'Jose da Silva' },
            },
          },
        },
      ],
    });
    expect(res.status).toBe(201);
    await receiver.until(() => receiver.orders.get('webhook-3001') === 'AUTHORIZED');
    const captured = await call(p, 'POST', `/charges/${res.body.charges[0].id}/capture`);
    expect(captured.status).toBe(200);
    await receiver.until(() => receiver.orders.get('webhook-3001') === 'PAID');
    // Every delivery was accepted: the receiver never answered 400, 401 or 415.
    expect(receiver.answers.every((s) => s === 200)).toBe(true);
  });

  it('a typed client that reads created_at as an integer', async ({ sandbox }) => {
    const p = providerOf(sandbox);
    const res = await call(p, 'POST', '/public-keys', { type: 'card' });
    expect(res.status).toBe(200);
    // A client typed after the provider's answer: `created_at: number` (epoch milliseconds).
    const key: { public_key: string; created_at: number } = res.body;
    expect(typeof key.public_key).toBe('string');
    expect(Number.isSafeInteger(key.created_at)).toBe(true);
    expect(new Date(key.created_at).getUTCFullYear()).toBeGreaterThanOrEqual(2024);
    const read = await call(p, 'GET', '/public-keys/card');
    expect(read.status).toBe(200);
    expect(read.body.created_at).toBe(key.created_at);
  });

  it('a refund checked for 201', async ({ sandbox }) => {
    const p = providerOf(sandbox);
    const encrypted = await encryptedCard(p, '4111111111111111');
    const paid = await call(p, 'POST', '/orders', {
      reference_id: 'refund-4001',
      customer,
      items,
      charges: [
        {
          reference_id: 'refund-4001',
          amount: { value: 5000, currency: 'BRL' },
          payment_method: { type: 'CREDIT_CARD', installments: 1, capture: true, card: { encrypted } },
        },
      ],
    });
    const charge = paid.body.charges[0];
    const part = await call(p, 'POST', `/charges/${charge.id}/cancel`, { amount: { value: 1000 } });
    expect(part.status).toBe(201);
    expect(part.body.amount.summary.refunded).toBe(1000);
    const rest = await call(p, 'POST', `/charges/${charge.id}/cancel`, { amount: { value: 4000 } });
    expect(rest.status).toBe(201);
    expect(rest.body.status).toBe('CANCELED');
  });

  it('a Pix order paid and its webhook', async ({ sandbox }) => {
    const p = providerOf(sandbox);
    const receiver = await receiverFor(p);
    const res = await call(p, 'POST', '/orders', {
      reference_id: 'pix-5001',
      customer,
      items,
      qr_codes: [{ amount: { value: 5000 }, expiration_date: new Date(Date.now() + 3_600_000).toISOString() }],
      notification_urls: [receiver.url],
    });
    expect(res.status).toBe(201);
    expect(res.body.qr_codes[0].text).toMatch(/^000201/);
    // The shopper's bank pays (the sandbox's simulator stands for it).
    expect((await call(p, 'POST', `/sandbox/qr-codes/${res.body.qr_codes[0].id}/pay`)).status).toBe(200);
    await receiver.until(() => receiver.orders.get('pix-5001') === 'PAID');
    const order = await call(p, 'GET', `/orders/${res.body.id}`);
    expect(order.body.charges[0]).toMatchObject({ status: 'PAID', payment_method: { type: 'PIX' } });
    const refund = await call(p, 'POST', `/charges/${order.body.charges[0].id}/cancel`);
    expect(refund.status).toBe(201);
    await receiver.until(() => receiver.orders.get('pix-5001') === 'CANCELED');
  });

  it('a boleto order with capture', async ({ sandbox, logs }) => {
    const p = providerOf(sandbox);
    const res = await call(p, 'POST', '/orders', {
      reference_id: 'boleto-6001',
      customer,
      items,
      charges: [
        {
          reference_id: 'boleto-6001',
          amount: { value: 5000, currency: 'BRL' },
          payment_method: {
            type: 'BOLETO',
            capture: true,
            boleto: {
              due_date: dueIn3Days(),
              instruction_lines: { line_1: 'Pagamento processado para DESC Fatura', line_2: 'Via PagBank' },
              holder: boletoHolder,
            },
          },
        },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.charges[0]).toMatchObject({ status: 'WAITING', payment_method: { type: 'BOLETO' } });
    expect(res.body.charges[0].payment_method.boleto.barcode).toMatch(/^\d{44}$/);
    // capture means nothing for a boleto: ignored, and named.
    expect(res.headers.get('x-gateway-ignored-fields')).toBe('charges[0].payment_method.capture');
    const trace = res.headers.get('x-trace-id')!;
    expect(logs.find((l) => l.includes(`trace=${trace} `))).toMatch(/ ignored=charges\[0\]\.payment_method\.capture$/);
  });

  it('a 3DS debit order', async ({ sandbox, session }) => {
    const p = providerOf(sandbox);
    // The page authenticated the card with the SDK; the server sends the id in the order.
    const auth = await postAuthentication(sandbox, session, {
      data: authData('4000000000002370', { type: 'DEBIT_CARD' }),
      device: validDevice(),
    });
    const { id } = (await auth.json()) as { id: string };
    const res = await call(p, 'POST', '/orders', {
      reference_id: 'debit-7001',
      customer,
      items,
      notification_urls: ['https://loja.example/notification'],
      charges: [
        {
          reference_id: 'debit-7001',
          amount: { value: 10_000, currency: 'BRL' },
          payment_method: {
            type: 'DEBIT_CARD',
            installments: 1,
            capture: true,
            card: {
              number: '4000000000002370',
              exp_month: '12',
              exp_year: '2099',
              security_code: '123',
              holder: { name: 'Maria Silva' },
            },
            authentication_method: { type: 'THREEDS', id },
          },
        },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.charges[0].status).toBe('PAID');
    expect(res.body.charges[0].payment_method.authentication_method).toMatchObject({ type: 'THREEDS', id });
  });

  it('a plain POST /charges without sub_merchant', async ({ sandbox }) => {
    const p = providerOf(sandbox);
    const res = await call(
      p,
      'POST',
      '/charges',
      {
        reference_id: 'charge-8001',
        description: 'Cobrança avulsa',
        amount: { value: 5000, currency: 'BRL' },
        payment_method: {
          type: 'CREDIT_CARD',
          installments: 1,
          capture: false,
          card: { encrypted: await encryptedCard(p, '4111111111111111') },
        },
      },
      { 'x-idempotency-key': 'charge-8001' },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'AUTHORIZED', reference_id: 'charge-8001' });
    expect(res.body.sub_merchant).toBeUndefined();
    expect((await call(p, 'POST', `/charges/${res.body.id}/capture`)).body.status).toBe('PAID');
  });

  it('a charge echoed back with its read-only fields, and a typo, are taken and named', async ({ sandbox, logs }) => {
    const p = providerOf(sandbox);
    const res = await call(p, 'POST', '/orders', {
      reference_id: 'echo-9001',
      customer,
      items,
      notification_url: 'https://loja.example/notification',
      charges: [
        {
          reference_id: 'echo-9001',
          created_at: '2026-11-20T10:00:00.000-03:00',
          amount: { value: 5000, currency: 'BRL' },
          payment_method: {
            type: 'CREDIT_CARD',
            installments: 1,
            capture: true,
            card: { encrypted: await encryptedCard(p, '4111111111111111') },
          },
        },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.charges[0].status).toBe('PAID');
    expect(res.body.notification_urls).toEqual([]);
    const named = 'notification_url,charges[0].created_at';
    expect(res.headers.get('x-gateway-ignored-fields')?.split(',').sort()).toEqual(named.split(',').sort());
    const line = logs.find((l) => l.includes(`trace=${res.headers.get('x-trace-id')} `));
    expect(line).toContain(' ignored=');
    expect(line).toContain('notification_url');
    expect(line).toContain('charges[0].created_at');
  });
});

describe('strict mode', () => {
  it('strict mode refusing: the same bodies are 400 40003, naming each field', async ({ startSandbox }) => {
    const strict = await startSandbox({ strict: true });
    const p = providerOf(strict);
    const boleto = await call(p, 'POST', '/orders', {
      reference_id: 'strict-1',
      customer,
      notification_url: 'https://loja.example/notification',
      charges: [
        {
          amount: { value: 5000, currency: 'BRL' },
          created_at: '2026-11-20T10:00:00.000-03:00',
          payment_method: {
            type: 'BOLETO',
            capture: true,
            boleto: { due_date: dueIn3Days(), instruction_lines: { line_1: 'a', line_2: 'b' }, holder: boletoHolder },
          },
        },
      ],
    });
    expect(boleto.status).toBe(400);
    expect(
      boleto.body.error_messages
        .map((e: { code: string; parameter_name: string }) => [e.code, e.parameter_name])
        .sort(),
    ).toEqual([
      ['40003', 'charges[0].created_at'],
      ['40003', 'charges[0].payment_method.capture'],
      ['40003', 'notification_url'],
    ]);
    expect(boleto.headers.get('x-gateway-ignored-fields')).toBeNull();
    const holderBeside = await call(p, 'POST', '/orders', {
      customer,
      charges: [
        {
          amount: { value: 5000, currency: 'BRL' },
          payment_method: {
            type: 'CREDIT_CARD',
            card: { encrypted: await encryptedCard(p, '4111111111111111'), holder: { name: 'Maria Souza' } },
          },
        },
      ],
    });
    expect(holderBeside.status).toBe(400);
    expect(holderBeside.body.error_messages[0]).toMatchObject({
      code: '40003',
      parameter_name: 'charges[0].payment_method.card.holder.name',
    });
    // A documented field is taken in strict mode too.
    const documented = await call(p, 'POST', '/orders', {
      customer,
      charges: [
        {
          amount: { value: 5000, currency: 'BRL' },
          payment_method: {
            type: 'CREDIT_CARD',
            card: { encrypted: await encryptedCard(p, '4111111111111111') },
            holder: { name: 'Jose da Silva', tax_id: '12345678909' },
          },
        },
      ],
    });
    expect(documented.status).toBe(201);
  });
});
