import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index';
import { api, cardCharge, order, subMerchantCharge } from './support/payments';

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver whose answer to each delivery (0-based) is a status, or null to leave it hanging. */
async function receiver(answer: (n: number) => number | null) {
  const deliveries: Delivery[] = [];
  const hanging: ServerResponse[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const status = answer(deliveries.length);
      deliveries.push({ headers: req.headers, body });
      if (status === null) hanging.push(res);
      else res.writeHead(status).end();
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    deliveries,
    async received(n: number) {
      while (deliveries.length < n) await new Promise<void>((r) => waiters.push(r));
    },
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A log that resolves waiters when a line matches. */
function recordingLog() {
  const lines: string[] = [];
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  return {
    lines,
    log: (line: string) => {
      lines.push(line);
      for (const w of [...waiters]) if (w.pattern.test(line)) waiters.splice(waiters.indexOf(w), 1) && w.resolve();
    },
    logged: (pattern: RegExp) =>
      new Promise<void>((resolve) =>
        lines.some((l) => pattern.test(l)) ? resolve() : waiters.push({ pattern, resolve }),
      ),
  };
}

/** Makes the outbox refuse every new row, as a full disk would (DROP TRIGGER refuse undoes it). */
const REFUSE_OUTBOX_ROWS =
  "CREATE TRIGGER refuse BEFORE INSERT ON webhook_outbox BEGIN SELECT RAISE(ABORT, 'outbox refused'); END";

const outboxRows = (dataFile: string) => {
  const db = new Database(dataFile, { readonly: true });
  try {
    // Done rows stay, delivered or given up, for the console: what is still to send is the pending ones.
    return db.prepare("SELECT event_id, attempt FROM webhook_outbox WHERE state = 'pending'").all() as {
      event_id: string;
      attempt: number;
    }[];
  } finally {
    db.close();
  }
};

describe('webhook outbox', () => {
  const cleanup: Array<() => unknown> = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });
  const dataFileIn = () => {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-outbox-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    return join(dir, 'sandbox.db');
  };

  it('an event whose delivery failed before a restart is delivered after it, with the same event id', async () => {
    const dataFile = dataFileIn();
    const r = await receiver((n) => (n === 0 ? 503 : 204));
    cleanup.push(() => r.stop());
    const first = recordingLog();
    const sandbox = await startSandbox({
      dataFile,
      token: 'sbx_outbox_test',
      log: first.log,
      webhooks: { retryDelaysMs: [200, 200] },
    });
    const created = await api(sandbox, 'POST', '/orders', order([cardCharge()], { notification_urls: [r.url] }));
    expect(created.status).toBe(201);
    await first.logged(/attempt 1: HTTP 503, retry in 200 ms/);
    const secret = sandbox.webhookSecret;
    await sandbox.close();
    expect(outboxRows(dataFile)).toEqual([{ event_id: r.deliveries[0]!.headers['x-gateway-event-id'], attempt: 2 }]);

    const second = recordingLog();
    const again = await startSandbox({
      dataFile,
      token: 'sbx_outbox_test',
      log: second.log,
      webhooks: { retryDelaysMs: [200, 200] },
    });
    cleanup.push(() => again.close());
    await r.received(2);
    await second.logged(/attempt 2: ok/);
    const [failed, delivered] = r.deliveries as [Delivery, Delivery];
    expect(delivered.headers['x-gateway-event-id']).toBe(failed.headers['x-gateway-event-id']);
    expect(delivered.headers['x-gateway-delivery-attempt']).toBe('2');
    expect(delivered.body).toBe(failed.body);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivered.headers['x-gateway-signature'] as string)!;
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${delivered.body}`).digest('hex'));
    expect(outboxRows(dataFile)).toEqual([]);
  });

  it('a delivery recorded by a sandbox from before the provider format (data file version 6) goes out as the order', async () => {
    const dataFile = dataFileIn();
    const r = await receiver(() => 200);
    cleanup.push(() => r.stop());
    const token = 'sbx_outbox_legacy';
    const sandbox = await startSandbox({ dataFile, token });
    const created = await api(sandbox, 'POST', '/orders', order([cardCharge()]));
    const standalone = await api(sandbox, 'POST', '/charges', subMerchantCharge());
    await sandbox.close();

    // The file as version 6 left it: no event_type column, the envelope body of that release.
    const old = new Database(dataFile);
    old.exec('ALTER TABLE webhook_outbox DROP COLUMN event_type');
    // Nor what version 8 added (the console's tables, the outbox's state and creation time).
    old.exec(`DROP INDEX webhook_outbox_state; ALTER TABLE webhook_outbox DROP COLUMN state;
      ALTER TABLE webhook_outbox DROP COLUMN created_at; DROP TABLE request_resources; DROP TABLE request_log;
      DROP TABLE resources; DROP TABLE state_changes; DROP TABLE webhook_attempts;`);
    old.pragma('user_version = 6');
    const envelope = (id: string, orderId: string | null, charge: unknown) =>
      JSON.stringify({
        id,
        type: 'CHARGE.PAID',
        created_at: '2026-11-20T10:00:00.000-03:00',
        order_id: orderId,
        charge,
      });
    const insert = old.prepare(
      "INSERT INTO webhook_outbox (merchant_id, event_id, url, body, attempt, due_at) VALUES ('MERC_sandbox', ?, ?, ?, 2, 0)",
    );
    insert.run('EVT_legacy-order', r.url, envelope('EVT_legacy-order', created.body.id, created.body.charges[0]));
    insert.run('EVT_legacy-charge', r.url, envelope('EVT_legacy-charge', null, standalone.body));
    old.close();

    const again = await startSandbox({ dataFile, token });
    cleanup.push(() => again.close());
    await r.received(2);
    const byEvent = Object.fromEntries(r.deliveries.map((d) => [d.headers['x-gateway-event-id'], d]));
    const fromOrder = byEvent['EVT_legacy-order']!;
    expect(JSON.parse(fromOrder.body)).toEqual((await api(again, 'GET', `/orders/${created.body.id}`)).body);
    expect(fromOrder.headers['x-gateway-event-type']).toBe('CHARGE.PAID');
    expect(fromOrder.headers['x-gateway-delivery-attempt']).toBe('2');
    expect(fromOrder.headers['x-authenticity-token']).toBe(
      createHash('sha256').update(`${token}-${fromOrder.body}`).digest('hex'),
    );
    const fromCharge = byEvent['EVT_legacy-charge']!;
    expect(JSON.parse(fromCharge.body)).toEqual(standalone.body);
    expect(fromCharge.headers['x-gateway-event-type']).toBe('CHARGE.PAID');
  });

  it('an attempt still in flight at shutdown is made again after the restart', async () => {
    const dataFile = dataFileIn();
    const r = await receiver((n) => (n === 0 ? null : 200));
    cleanup.push(() => r.stop());
    const sandbox = await startSandbox({ dataFile, token: 'sbx_outbox_test', webhooks: { retryDelaysMs: [10] } });
    await api(sandbox, 'POST', '/orders', order([cardCharge()], { notification_urls: [r.url] }));
    await r.received(1);
    await sandbox.close();
    const again = await startSandbox({ dataFile, token: 'sbx_outbox_test' });
    cleanup.push(() => again.close());
    await r.received(2);
    expect(r.deliveries[1]!.headers['x-gateway-event-id']).toBe(r.deliveries[0]!.headers['x-gateway-event-id']);
    expect(r.deliveries[1]!.headers['x-gateway-delivery-attempt']).toBe('1');
  });

  it('an event given up on is no longer pending: it stays, given up, for the console', async () => {
    const dataFile = dataFileIn();
    const r = await receiver(() => 500);
    cleanup.push(() => r.stop());
    const rec = recordingLog();
    const sandbox = await startSandbox({ dataFile, log: rec.log, webhooks: { retryDelaysMs: [5] } });
    await api(sandbox, 'POST', '/orders', order([cardCharge()], { notification_urls: [r.url] }));
    await rec.logged(/attempt 2: HTTP 500, giving up/);
    await sandbox.close();
    expect(outboxRows(dataFile)).toEqual([]);
    const db = new Database(dataFile, { readonly: true });
    try {
      expect(db.prepare('SELECT state, attempt FROM webhook_outbox').all()).toEqual([
        { state: 'given_up', attempt: 2 },
      ]);
    } finally {
      db.close();
    }
  });

  it('an order whose notification cannot be recorded is not stored either, and its retry succeeds', async () => {
    const dataFile = dataFileIn();
    const r = await receiver(() => 204);
    cleanup.push(() => r.stop());
    const sandbox = await startSandbox({ dataFile });
    cleanup.push(() => sandbox.close());
    // Another connection makes the outbox refuse rows.
    const other = new Database(dataFile);
    cleanup.push(() => other.close());
    other.exec(REFUSE_OUTBOX_ROWS);
    const count = (table: string) => (other.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const request = order([cardCharge()], { notification_urls: [r.url] });
    const key = { 'x-idempotency-key': 'outbox-refused-1' };

    const refused = await api(sandbox, 'POST', '/orders', request, key);
    expect(refused.status).toBe(500);
    // The order, its charge, the key's answer and the event commit together or not at all.
    expect([count('orders'), count('charges'), count('idempotency_keys'), count('webhook_outbox')]).toEqual([
      0, 0, 0, 0,
    ]);

    other.exec('DROP TRIGGER refuse');
    const created = await api(sandbox, 'POST', '/orders', request, key);
    expect(created.status).toBe(201);
    expect(created.headers.get('x-idempotent-replayed')).toBeNull();
    expect([count('orders'), count('charges'), count('idempotency_keys')]).toEqual([1, 1, 1]);
    await r.received(1);
    expect(JSON.parse(r.deliveries[0]!.body)).toMatchObject({ id: created.body.id });

    // A status change too: a capture whose event cannot be recorded leaves the charge authorized.
    const authorized = await api(
      sandbox,
      'POST',
      '/orders',
      order([cardCharge({ capture: false })], { notification_urls: [r.url] }),
    );
    const chargeId = (authorized.body as { charges: { id: string }[] }).charges[0]!.id;
    await r.received(2);
    other.exec(REFUSE_OUTBOX_ROWS);
    expect((await api(sandbox, 'POST', `/charges/${chargeId}/capture`)).status).toBe(500);
    expect((await api(sandbox, 'GET', `/charges/${chargeId}`)).body).toMatchObject({ status: 'AUTHORIZED' });
    other.exec('DROP TRIGGER refuse');
    expect((await api(sandbox, 'POST', `/charges/${chargeId}/capture`)).body).toMatchObject({ status: 'PAID' });
    await r.received(3);
    expect(r.deliveries[2]!.headers['x-gateway-event-type']).toBe('CHARGE.PAID');
    expect(JSON.parse(r.deliveries[2]!.body)).toMatchObject({ charges: [{ id: chargeId, status: 'PAID' }] });
  });
});
