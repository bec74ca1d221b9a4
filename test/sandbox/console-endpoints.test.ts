import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index';
import { api, cardCharge, order } from './support/payments';
import { it } from './support/sandbox-test';

/** A receiver answering each delivery with `answer(n)` (0-based): a status and a text. */
async function receiver(answer: (n: number) => [number, string]) {
  let n = 0;
  const bodies: Array<{ headers: Record<string, unknown>; body: string }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      const [status, text] = answer(n++);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    bodies,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `read` gives a value `done` accepts (the dispatcher works after the answer). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
}

it.override('sandboxOptions', { webhooks: { retryDelaysMs: [20, 20], attemptTimeoutMs: 5_000 } });

const CARD = '4111111111111111';

describe('GET /sandbox/requests', () => {
  it('logs a request with its trace id, idempotency key, replay, and masked bodies', async ({ sandbox }) => {
    const body = order([cardCharge({ number: CARD })]);
    const headers = { 'x-idempotency-key': 'console-key-1', 'x-trace-id': 'console-trace-1' };
    const first = await api(sandbox, 'POST', '/orders', body, headers);
    expect(first.status).toBe(201);
    const again = await api(sandbox, 'POST', '/orders', body, { ...headers, 'x-trace-id': 'console-trace-2' });
    expect(again.headers.get('x-idempotent-replayed')).toBe('true');

    const log = await api(sandbox, 'GET', '/sandbox/requests?trace_id=console-trace-1');
    expect(log.status).toBe(200);
    expect(log.body.requests).toHaveLength(1);
    const [entry] = log.body.requests;
    expect(entry).toMatchObject({
      trace_id: 'console-trace-1',
      method: 'POST',
      path: '/orders',
      status: 201,
      idempotency_key: 'console-key-1',
      replayed: false,
    });
    expect(entry.resources).toEqual(expect.arrayContaining([first.body.id, first.body.charges[0].id]));
    const replay = (await api(sandbox, 'GET', '/sandbox/requests?trace_id=console-trace-2')).body.requests[0];
    expect(replay.replayed).toBe(true);
    // The stored answer replayed is logged as it was sent.
    expect(JSON.parse(replay.response_body).id).toBe(first.body.id);
    // Never the card number or the security code, in any form.
    const all = JSON.stringify((await api(sandbox, 'GET', '/sandbox/requests?limit=200')).body);
    expect(all).not.toContain(CARD);
    expect(all).not.toContain('"security_code":"123"');
    expect(entry.request_body).toContain('"number":"[redacted]"');
    expect(entry.request_body).toContain('"security_code":"[redacted]"');
    expect(JSON.parse(entry.response_body).id).toBe(first.body.id);
  });

  it('logs refused requests too: 401 without a token, 400 with the error items, 404', async ({ sandbox }) => {
    await fetch(`${sandbox.apiUrl}/orders`, { method: 'POST', headers: { 'x-trace-id': 'refused-401' } });
    await api(sandbox, 'POST', '/orders', { items: 'x' }, { 'x-trace-id': 'refused-400' });
    await api(sandbox, 'GET', '/orders/ORDE_00000000-0000-4000-8000-000000000000', undefined, {
      'x-trace-id': 'refused-404',
    });
    for (const [trace, status] of [
      ['refused-401', 401],
      ['refused-400', 400],
      ['refused-404', 404],
    ] as const) {
      const [entry] = (await api(sandbox, 'GET', `/sandbox/requests?trace_id=${trace}`)).body.requests;
      expect(entry.status).toBe(status);
      expect(JSON.parse(entry.response_body).error_messages.length).toBeGreaterThan(0);
    }
  });

  it('filters by resource and pages newest first', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/orders', order([cardCharge()]));
    const id = created.body.id;
    await api(sandbox, 'GET', `/orders/${id}`);
    await api(sandbox, 'GET', `/orders/${id}`);
    const page1 = await api(sandbox, 'GET', `/sandbox/requests?resource=${id}&limit=2`);
    expect(page1.body.requests.map((r: { method: string }) => r.method)).toEqual(['GET', 'GET']);
    expect(page1.body.next_before).toBe(page1.body.requests[1].id);
    const page2 = await api(
      sandbox,
      'GET',
      `/sandbox/requests?resource=${id}&limit=2&before=${page1.body.next_before}`,
    );
    expect(page2.body.requests.map((r: { method: string }) => r.method)).toEqual(['POST']);
    expect(page2.body.next_before).toBeNull();
  });

  it('refuses a bad filter naming the field', async ({ sandbox }) => {
    const res = await api(sandbox, 'GET', '/sandbox/requests?limit=0');
    expect(res.status).toBe(400);
    expect(res.body.error_messages[0].parameter_name).toBe('limit');
  });

  it('is for the merchant: another account sees none of it', async ({ sandbox }) => {
    const other = sandbox.addMerchant();
    await api(sandbox, 'GET', '/orders/ORDE_00000000-0000-4000-8000-000000000001', undefined, {
      'x-trace-id': 'mine-only',
    });
    const seen = await api(sandbox, 'GET', '/sandbox/requests?trace_id=mine-only', undefined, {}, other.token);
    expect(seen.body.requests).toEqual([]);
  });
});

describe('the request log is bounded', () => {
  it('keeps the newest entries past the entry limit', async ({ startSandbox }) => {
    const s = await startSandbox({ requestLogEntries: 5 });
    for (let i = 0; i < 8; i++) await api(s, 'GET', `/orders/x${i}`, undefined, { 'x-trace-id': `bound-trace-${i}` });
    const kept = (await api(s, 'GET', '/sandbox/requests')).body.requests.map((r: { trace_id: string }) => r.trace_id);
    expect(kept).toEqual(['bound-trace-7', 'bound-trace-6', 'bound-trace-5', 'bound-trace-4', 'bound-trace-3']);
  });

  it('keeps within its byte limit, dropping the oldest', async ({ startSandbox }) => {
    const s = await startSandbox({ requestLogBytes: 65_536 });
    const big = order([cardCharge()], { reference_id: 'x'.repeat(60) });
    for (let i = 0; i < 60; i++) await api(s, 'POST', '/orders', big);
    const { requests } = (await api(s, 'GET', '/sandbox/requests?limit=200')).body;
    const bytes = requests.reduce(
      (n: number, r: { request_body: string; response_body: string }) =>
        n + r.request_body.length + r.response_body.length,
      0,
    );
    expect(requests.length).toBeLessThan(60);
    expect(requests.length).toBeGreaterThan(5);
    expect(bytes).toBeLessThanOrEqual(65_536);
  });

  it('refuses a byte limit over half the data limit, naming the option', async ({ startSandbox }) => {
    await expect(startSandbox({ maxDataBytes: 2 * 1024 ** 2, requestLogBytes: 1024 ** 2 + 1 })).rejects.toThrow(
      /requestLogBytes must be at most half of the data limit/,
    );
  });

  it('survives a restart with a data file', async ({ startSandbox, dataFile }) => {
    const first = await startSandbox({ dataFile, token: 'sbx_restart_token_0123456789' });
    await api(first, 'GET', '/orders/x', undefined, { 'x-trace-id': 'before-restart' });
    await first.close();
    const second = await startSandbox({ dataFile, token: 'sbx_restart_token_0123456789' });
    const kept = await api(second, 'GET', '/sandbox/requests?trace_id=before-restart');
    expect(kept.body.requests).toHaveLength(1);
  });
});

describe('webhook deliveries', () => {
  it('records each attempt as sent and answered, the retry, then the delivery; a resend keeps the event id', async ({
    sandbox,
  }) => {
    const r = await receiver((n) => (n === 0 ? [500, 'receiver is down'] : [200, 'ok thanks']));
    try {
      const created = await api(sandbox, 'POST', '/orders', order([cardCharge()], { notification_urls: [r.url] }));
      const chargeId = created.body.charges[0].id;
      const list = await until(
        () => api(sandbox, 'GET', `/sandbox/webhook-deliveries?resource=${chargeId}`),
        (res) => res.body.deliveries[0]?.state === 'delivered',
      );
      const [delivery] = list.body.deliveries;
      expect(delivery.url).toBe(r.url);
      expect(delivery.attempts).toHaveLength(2);
      const [failed, ok] = delivery.attempts;
      expect(failed).toMatchObject({
        attempt: 1,
        status: 500,
        answer_excerpt: 'receiver is down',
        outcome: 'HTTP 500',
      });
      expect(failed.next_retry_at).toBeGreaterThan(0);
      expect(ok).toMatchObject({ attempt: 2, status: 200, answer_excerpt: 'ok thanks', next_retry_at: null });
      // The headers are the ones the receiver got, byte for byte.
      expect(ok.headers['x-gateway-signature']).toBe(r.bodies[1]!.headers['x-gateway-signature']);
      expect(ok.headers['x-gateway-event-id']).toBe(delivery.event_id);

      const resent = await api(sandbox, 'POST', `/sandbox/webhook-deliveries/${delivery.id}/resend`);
      expect(resent.status).toBe(202);
      const after = await until(
        () => api(sandbox, 'GET', `/sandbox/webhook-deliveries/${delivery.id}`),
        (res) => res.body.attempts.length === 3 && res.body.state === 'delivered',
      );
      expect(after.body.attempts[2]).toMatchObject({ attempt: 3, status: 200 });
      expect(r.bodies[2]!.headers['x-gateway-event-id']).toBe(delivery.event_id);
      expect(r.bodies[2]!.body).toBe(r.bodies[0]!.body);

      const delivered = await api(sandbox, 'GET', '/sandbox/webhook-deliveries?state=delivered');
      expect(delivered.body.deliveries.map((d: { id: number }) => d.id)).toContain(delivery.id);
      const givenUp = await api(sandbox, 'GET', `/sandbox/webhook-deliveries?state=given_up&resource=${chargeId}`);
      expect(givenUp.body.deliveries).toEqual([]);
    } finally {
      await r.stop();
    }
  });

  it('says why a delivery was given up', async ({ sandbox }) => {
    const r = await receiver(() => [503, 'maintenance']);
    try {
      const created = await api(sandbox, 'POST', '/orders', order([cardCharge()], { notification_urls: [r.url] }));
      const res = await until(
        () => api(sandbox, 'GET', `/sandbox/webhook-deliveries?state=given_up&resource=${created.body.id}`),
        (x) => x.body.deliveries.length === 1,
      );
      const attempts = res.body.deliveries[0].attempts;
      expect(attempts).toHaveLength(3);
      expect(attempts[2].given_up).toBe('no retry left after 3 attempts');
    } finally {
      await r.stop();
    }
  });

  it('answers 404 for an unknown delivery and 400 for a bad state', async ({ sandbox }) => {
    expect((await api(sandbox, 'POST', '/sandbox/webhook-deliveries/999999/resend')).status).toBe(404);
    expect((await api(sandbox, 'GET', '/sandbox/webhook-deliveries/abc')).status).toBe(404);
    const bad = await api(sandbox, 'GET', '/sandbox/webhook-deliveries?state=lost');
    expect(bad.status).toBe(400);
    expect(bad.body.error_messages[0].parameter_name).toBe('state');
  });
});

describe('the clock', () => {
  it('answers now, moves forward, and refuses bad input naming the field', async ({ startSandbox }) => {
    const s = await startSandbox();
    const before = Date.parse((await api(s, 'GET', '/sandbox/clock')).body.now);
    const moved = await api(s, 'POST', '/sandbox/clock/advance', { seconds: 86_400 });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.now) - before).toBeGreaterThanOrEqual(86_400_000);
    for (const seconds of [0, -5, 1.5, 'soon']) {
      const bad = await api(s, 'POST', '/sandbox/clock/advance', { seconds });
      expect(bad.status).toBe(400);
      expect(bad.body.error_messages[0].parameter_name).toBe('seconds');
    }
    expect((await api(s, 'POST', '/sandbox/clock/advance', {})).body.error_messages[0].parameter_name).toBe('seconds');
  });

  it('expires a Pix code when moved past its expiration', async ({ startSandbox }) => {
    const s = await startSandbox();
    const created = await api(s, 'POST', '/orders', order(undefined, { qr_codes: [{ amount: { value: 5_000 } }] }));
    await api(s, 'POST', '/sandbox/clock/advance', { seconds: 2 * 86_400 });
    const paid = await api(s, 'POST', `/sandbox/qr-codes/${created.body.qr_codes[0].id}/pay`);
    expect(paid.status).toBe(409);
  });
});

describe('POST /sandbox/reset', () => {
  it('empties the data and the log, keeping the account', async ({ startSandbox }) => {
    const s: Sandbox = await startSandbox();
    const created = await api(s, 'POST', '/orders', order([cardCharge()]));
    expect((await api(s, 'POST', '/sandbox/reset')).status).toBe(200);
    expect((await api(s, 'GET', `/orders/${created.body.id}`)).status).toBe(404);
    const log = (await api(s, 'GET', '/sandbox/requests')).body.requests;
    // The reset and the read after it: the order's creation is gone.
    expect(log.map((r: { method: string; path: string }) => `${r.method} ${r.path}`)).toEqual([
      `GET /orders/${created.body.id}`,
      'POST /sandbox/reset',
    ]);
    expect((await api(s, 'GET', '/sandbox/resources?kind=order')).body.resources).toEqual([]);
    expect((await api(s, 'POST', '/orders', order([cardCharge()]))).status).toBe(201);
  });
});

describe('resources and timelines', () => {
  it('lists what the API showed, newest first, filtered, and joins an order to its charge', async ({
    startSandbox,
  }) => {
    const s = await startSandbox();
    const a = await api(s, 'POST', '/orders', order([cardCharge()], { reference_id: 'ref-a' }));
    const b = await api(s, 'POST', '/orders', order([cardCharge({ capture: false })], { reference_id: 'ref-b' }));
    const orders = (await api(s, 'GET', '/sandbox/resources?kind=order')).body.resources;
    expect(orders.map((o: { id: string }) => o.id)).toEqual([b.body.id, a.body.id]);
    expect(orders[0]).toMatchObject({ status: 'AUTHORIZED', reference_id: 'ref-b' });
    expect(orders[0].links).toContain(b.body.charges[0].id);
    const byRef = (await api(s, 'GET', '/sandbox/resources?kind=order&reference_id=ref-a')).body.resources;
    expect(byRef.map((o: { id: string }) => o.id)).toEqual([a.body.id]);
    const paid = (await api(s, 'GET', '/sandbox/resources?kind=charge&status=PAID')).body.resources;
    expect(paid.map((c: { id: string }) => c.id)).toEqual([a.body.charges[0].id]);

    const chargeId = b.body.charges[0].id;
    await api(s, 'POST', `/charges/${chargeId}/capture`, { amount: { value: b.body.charges[0].amount.value } });
    const timeline = (await api(s, 'GET', `/sandbox/resources/${chargeId}`)).body.timeline;
    const changes = timeline.filter((e: { type: string }) => e.type === 'state_change');
    expect(changes.map((c: { from: string | null; to: string }) => [c.from, c.to])).toEqual([
      [null, 'AUTHORIZED'],
      ['AUTHORIZED', 'PAID'],
    ]);
    expect(
      timeline
        .filter((e: { type: string }) => e.type === 'request')
        .map((e: { request: { path: string } }) => e.request.path),
    ).toEqual(['/orders', `/charges/${chargeId}/capture`]);
    expect((await api(s, 'GET', '/sandbox/resources/ORDE_00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('GET /sandbox/events', () => {
  it('streams an event when a request is logged', async ({ sandbox }) => {
    const controller = new AbortController();
    const res = await fetch(`${sandbox.apiUrl}/sandbox/events`, {
      headers: { authorization: `Bearer ${sandbox.token}` },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    const read = async (needle: string) => {
      while (!text.includes(needle)) text += new TextDecoder().decode((await reader.read()).value);
    };
    await read('event: ready');
    await api(sandbox, 'GET', '/orders/x', undefined, { 'x-trace-id': 'streamed-1' });
    await read('streamed-1');
    expect(text).toContain('event: request\ndata: {"id":"streamed-1"}');
    controller.abort();
  });

  it('ends open streams when the sandbox closes, without waiting for the grace', async ({ startSandbox }) => {
    const s = await startSandbox({ shutdownGraceMs: 10_000 });
    const res = await fetch(`${s.apiUrl}/sandbox/events`, { headers: { authorization: `Bearer ${s.token}` } });
    const started = performance.now();
    const drained = res.text();
    await s.close();
    await drained;
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
