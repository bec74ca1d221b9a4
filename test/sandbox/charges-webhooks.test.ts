import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index';
import { api, boletoCharge, cardCharge, order, subMerchantCharge } from './support/payments';
import { it } from './support/sandbox-test';

interface Delivery {
  headers: IncomingMessage['headers'];
  body: string;
  json: any;
}

/**
 * A webhook receiver on 127.0.0.1. `answer` decides each response from the delivery number
 * (0-based); null leaves the request hanging, as a stuck receiver does.
 */
class Receiver {
  readonly deliveries: Delivery[] = [];
  private readonly hanging: ServerResponse[] = [];
  private readonly waiters: Array<{ test: () => boolean; resolve: () => void }> = [];
  private server!: Server;
  url = '';

  constructor(private readonly answer: (n: number) => number | null) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const status = this.answer(this.deliveries.length);
        this.deliveries.push({ headers: req.headers, body, json: JSON.parse(body) });
        if (status === null) this.hanging.push(res);
        else res.writeHead(status).end();
        this.check();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook?secret=abc`;
    return this;
  }

  /** Resolves once `n` deliveries have arrived (event-driven, no polling). */
  received(n: number): Promise<void> {
    return this.until(() => this.deliveries.length >= n);
  }

  until(test: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push({ test, resolve });
      this.check();
    });
  }

  private check() {
    for (const w of [...this.waiters]) {
      if (w.test()) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  }

  /** Answers the requests left hanging so far with `status`. */
  release(status: number): void {
    for (const res of this.hanging.splice(0)) res.writeHead(status).end();
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const logs: string[] = [];
const logWaiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
const log = (line: string) => {
  logs.push(line);
  for (const w of [...logWaiters]) {
    if (w.pattern.test(line)) {
      logWaiters.splice(logWaiters.indexOf(w), 1);
      w.resolve();
    }
  }
};
const logged = (pattern: RegExp) =>
  new Promise<void>((resolve) =>
    logs.some((l) => pattern.test(l)) ? resolve() : logWaiters.push({ pattern, resolve }),
  );

const receivers: Receiver[] = [];
const receiver = async (answer: (n: number) => number | null) => {
  const r = await new Receiver(answer).start();
  receivers.push(r);
  return r;
};

// Short retry delays keep the test fast; a minute per attempt shows a stuck receiver never holds the API.
it.override('sandboxOptions', { log, webhooks: { retryDelaysMs: [10, 20, 40], attemptTimeoutMs: 60_000 } });
it.afterAll(async () => {
  await Promise.all(receivers.map((r) => r.stop()));
});

/** The receiver check of docs/webhooks.md, as written there (the sandbox's clock stands for the receiver's). */
function verifyWebhook(header: string | undefined, rawBody: string, secret: string, now = Date.now()): boolean {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '') ?? [];
  if (!v1 || Math.abs(now / 1000 - Number(t)) > 300) return false; // stale or replayed: over 5 minutes off
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(expected, 'hex'));
}
const verify = (sandbox: Sandbox, d: Delivery, secret: string, now = sandbox.clock.now().getTime()) =>
  verifyWebhook(d.headers['x-gateway-signature'] as string | undefined, d.body, secret, now);

describe('notification_urls', () => {
  it('a receiver that fails at first gets the event again, with backoff, until it answers 2xx', async ({ sandbox }) => {
    const r = await receiver((n) => (n < 2 ? 500 : 200));
    const res = await api(sandbox, 'POST', '/orders', order([cardCharge()], { notification_urls: [r.url] }));
    expect(res.status).toBe(201);
    expect(res.body.notification_urls).toEqual([r.url]);
    await r.received(3);
    await logged(/attempt 3: ok/);

    expect(r.deliveries.map((d) => d.headers['x-gateway-delivery-attempt'])).toEqual(['1', '2', '3']);
    expect(new Set(r.deliveries.map((d) => d.headers['x-gateway-event-id'])).size).toBe(1);
    expect(new Set(r.deliveries.map((d) => d.body)).size).toBe(1);
    for (const d of r.deliveries) {
      expect(d.headers['content-type']).toBe('application/json');
      expect(verify(sandbox, d, sandbox.webhookSecret)).toBe(true);
      expect(verify(sandbox, d, 'another-secret')).toBe(false);
    }
    // The body is the order as GET /orders/{id} answers it; the event is named in headers.
    const first = r.deliveries[0]!;
    expect(first.json).toEqual((await api(sandbox, 'GET', `/orders/${res.body.id}`)).body);
    expect(first.json.charges[0]).toMatchObject({ id: res.body.charges[0].id, status: 'PAID' });
    expect(first.headers['x-gateway-event-type']).toBe('CHARGE.PAID');
    expect(first.headers['x-gateway-event-id']).toMatch(/^EVT_/);
    // The provider's check: SHA-256 hex of "<API token>-<raw body>".
    for (const d of r.deliveries)
      expect(d.headers['x-authenticity-token']).toBe(
        createHash('sha256').update(`${sandbox.token}-${d.body}`).digest('hex'),
      );
    expect(first.body).not.toContain('4111111111111111');
    // The log names the receiver but not its query string, which can hold a secret.
    expect(logs.join('\n')).not.toContain('secret=abc');
  });

  it('every status change is posted: creation, capture, partial refund, cancel', async ({ sandbox }) => {
    const r = await receiver(() => 204);
    const created = await api(sandbox, 'POST', '/charges', {
      ...subMerchantCharge({ capture: false }),
      notification_urls: [r.url],
    });
    await r.received(1);
    await api(sandbox, 'POST', `/charges/${created.body.id}/capture`);
    await r.received(2);
    await api(sandbox, 'POST', `/charges/${created.body.id}/cancel`, { amount: { value: 1000 } });
    await r.received(3);
    await api(sandbox, 'POST', `/charges/${created.body.id}/cancel`);
    await r.received(4);
    // A charge without an order is sent itself, as GET /charges/{id} answers it.
    expect(
      r.deliveries.map((d) => [d.headers['x-gateway-event-type'], d.json.status, d.json.amount.summary.refunded]),
    ).toEqual([
      ['CHARGE.AUTHORIZED', 'AUTHORIZED', 0],
      ['CHARGE.PAID', 'PAID', 0],
      ['CHARGE.PARTIALLY_REFUNDED', 'PAID', 1000],
      ['CHARGE.CANCELED', 'CANCELED', 10_000],
    ]);
    expect(r.deliveries.every((d) => d.json.id === created.body.id)).toBe(true);
    expect(r.deliveries.at(-1)!.json).toEqual((await api(sandbox, 'GET', `/charges/${created.body.id}`)).body);
  });

  it('boleto: WAITING on creation, PAID from the simulator', async ({ sandbox }) => {
    const r = await receiver(() => 200);
    const created = await api(sandbox, 'POST', '/orders', order([boletoCharge()], { notification_urls: [r.url] }));
    await r.received(1);
    await api(sandbox, 'POST', `/sandbox/charges/${created.body.charges[0].id}/boleto/pay`);
    await r.received(2);
    expect(r.deliveries.map((d) => [d.headers['x-gateway-event-type'], d.json.charges[0].status])).toEqual([
      ['CHARGE.WAITING', 'WAITING'],
      ['CHARGE.PAID', 'PAID'],
    ]);
  });

  it('Pix: nothing on creation, a signed CHARGE.PAID when the QR code is paid, then the refund', async ({
    sandbox,
  }) => {
    const r = await receiver(() => 200);
    const created = await api(
      sandbox,
      'POST',
      '/orders',
      order(undefined, { qr_codes: [{ amount: { value: 3_000 } }], notification_urls: [r.url] }),
    );
    const paid = await api(sandbox, 'POST', `/sandbox/qr-codes/${created.body.qr_codes[0].id}/pay`);
    await r.received(1);
    await api(sandbox, 'POST', `/charges/${paid.body.charges[0].id}/cancel`);
    await r.received(2);
    expect(
      r.deliveries.map((d) => [
        d.headers['x-gateway-event-type'],
        d.json.id,
        d.json.charges[0].payment_method.type,
        d.json.charges[0].status,
        d.json.qr_codes[0].id,
      ]),
    ).toEqual([
      ['CHARGE.PAID', created.body.id, 'PIX', 'PAID', created.body.qr_codes[0].id],
      ['CHARGE.CANCELED', created.body.id, 'PIX', 'CANCELED', created.body.qr_codes[0].id],
    ]);
    expect(r.deliveries[0]!.json.charges[0].payment_method.pix).toEqual(paid.body.charges[0].payment_method.pix);
    expect(r.deliveries.every((d) => verify(sandbox, d, sandbox.webhookSecret))).toBe(true);
  });

  it('a receiver that is down or stuck never blocks or fails the API call', async ({ sandbox }) => {
    const stuck = await receiver(() => null);
    const down = await receiver(() => 200);
    const downUrl = down.url;
    await down.stop();
    receivers.splice(receivers.indexOf(down), 1);

    // The stuck receiver holds its request for the whole test: the API answers regardless.
    const res = await api(
      sandbox,
      'POST',
      '/orders',
      order([cardCharge()], { notification_urls: [stuck.url, downUrl] }),
    );
    expect(res.status).toBe(201);
    expect(res.body.charges[0].status).toBe('PAID');
    await stuck.received(1);
    expect((await api(sandbox, 'GET', `/orders/${res.body.id}`)).status).toBe(200);
    await logged(/to http:\/\/127\.0\.0\.1:\d+\/hook attempt 1: failed/);
  });

  it('gives up after the last retry', async ({ sandbox }) => {
    const r = await receiver(() => 503);
    const res = await api(sandbox, 'POST', '/charges', { ...subMerchantCharge(), notification_urls: [r.url] });
    expect(res.status).toBe(201);
    await logged(/attempt 4: HTTP 503, giving up/);
    expect(r.deliveries).toHaveLength(4);
  });

  it('notification_urls must be absolute http(s) URLs', async ({ sandbox }) => {
    const res = await api(
      sandbox,
      'POST',
      '/orders',
      order(undefined, { notification_urls: ['ftp://x', 'not a url', 'https://ok.example'] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error_messages.map((e: { parameter_name: string }) => e.parameter_name)).toEqual([
      'notification_urls[0]',
      'notification_urls[1]',
    ]);
  });
});

describe('the webhook secret', () => {
  it('signs deliveries: a whsec_ secret of its own, shown in the settings; the bearer token does not verify them', async ({
    sandbox,
  }) => {
    expect(sandbox.webhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(sandbox.webhookSecret).not.toContain(sandbox.token);
    expect((await api(sandbox, 'GET', '/sandbox/merchant/settings')).body.webhook_secret).toBe(sandbox.webhookSecret);
    const r = await receiver(() => 200);
    await api(sandbox, 'POST', '/orders', order([cardCharge()], { notification_urls: [r.url] }));
    await r.received(1);
    expect(verify(sandbox, r.deliveries[0]!, sandbox.webhookSecret)).toBe(true);
    expect(verify(sandbox, r.deliveries[0]!, sandbox.token)).toBe(false);
    // The signed time bounds a replay: the same delivery more than 5 minutes later is refused.
    const signedAt = Number(/^t=(\d+),/.exec(String(r.deliveries[0]!.headers['x-gateway-signature']))![1]) * 1000;
    expect(verify(sandbox, r.deliveries[0]!, sandbox.webhookSecret, signedAt + 300_000)).toBe(true);
    expect(verify(sandbox, r.deliveries[0]!, sandbox.webhookSecret, signedAt + 300_001)).toBe(false);
    expect(verify(sandbox, r.deliveries[0]!, sandbox.webhookSecret, signedAt - 300_001)).toBe(false);
  });

  it('each merchant has its own', async ({ sandbox }) => {
    const other = sandbox.addMerchant();
    expect(other.webhookSecret).toMatch(/^whsec_/);
    expect(other.webhookSecret).not.toBe(sandbox.webhookSecret);
    expect(
      (await api(sandbox, 'GET', '/sandbox/merchant/settings', undefined, {}, other.token)).body.webhook_secret,
    ).toBe(other.webhookSecret);
    const r = await receiver(() => 200);
    await api(sandbox, 'POST', '/orders', order([cardCharge()], { notification_urls: [r.url] }), {}, other.token);
    await r.received(1);
    expect(verify(sandbox, r.deliveries[0]!, other.webhookSecret)).toBe(true);
    expect(verify(sandbox, r.deliveries[0]!, sandbox.webhookSecret)).toBe(false);
  });

  it('POST /sandbox/merchant/webhook-secret/rotate replaces it at once: retries of earlier events are signed with the new one', async ({
    sandbox,
  }) => {
    const r = await receiver(() => null);
    await api(sandbox, 'POST', '/orders', order([cardCharge()], { notification_urls: [r.url] }));
    await r.received(1);
    const old = sandbox.webhookSecret;
    const rotated = await api(sandbox, 'POST', '/sandbox/merchant/webhook-secret/rotate');
    expect(rotated.status).toBe(200);
    expect(rotated.body.webhook_secret).toMatch(/^whsec_/);
    expect(rotated.body.webhook_secret).not.toBe(old);
    expect(sandbox.webhookSecret).toBe(rotated.body.webhook_secret);
    expect((await api(sandbox, 'GET', '/sandbox/merchant/settings')).body.webhook_secret).toBe(
      rotated.body.webhook_secret,
    );

    r.release(500);
    await r.received(2);
    expect(verify(sandbox, r.deliveries[0]!, old)).toBe(true);
    expect(verify(sandbox, r.deliveries[1]!, rotated.body.webhook_secret)).toBe(true);
    expect(verify(sandbox, r.deliveries[1]!, old)).toBe(false);
    r.release(200);
    expect((await api(sandbox, 'POST', '/sandbox/merchant/webhook-secret/rotate', undefined, {}, 'wrong')).status).toBe(
      401,
    );
  });

  it('startSandbox({ webhookSecret }) sets it; a data file keeps it across restarts', async ({
    startSandbox,
    dataFile,
  }) => {
    // The file's sandbox is in memory: its data file's path is free for these two.
    const fixed = 'whsec_fixed-for-ci-0123456789';
    const first = await startSandbox({ dataFile, webhookSecret: fixed });
    expect(first.webhookSecret).toBe(fixed);
    await first.close();
    const second = await startSandbox({ dataFile });
    expect(second.webhookSecret).toBe(fixed);
    await expect(startSandbox({ webhookSecret: 'whsec_short' })).rejects.toThrow(
      /webhookSecret must be at least 16 characters/,
    );
  });
});
