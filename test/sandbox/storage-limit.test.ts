import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { idempotencyKeyDigest } from '../../src/sandbox/storage/idempotency-key-digest';
import { api, boletoCharge, cardCharge, order, type ApiCall } from './support/payments';
import { authData, createSession, getAuthentication, postAuthentication, validDevice } from './support/sdk-client';

const MiB = 1024 ** 2;
let dir: string | undefined;
/** A data file's path in a new temporary folder, removed after the test. */
const newDataFile = () => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-limit-'));
  return join(dir, 'sandbox.db');
};
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Boleto orders, each with its own idempotency key, until the sandbox refuses one; its answer and key. */
async function fill(sandbox: Sandbox) {
  const stored: string[] = [];
  for (let i = 0; i < 2_000; i++) {
    const key = `fill-${i}`;
    const call: ApiCall = await api(sandbox, 'POST', '/orders', order([boletoCharge()]), { 'x-idempotency-key': key });
    if (call.status !== 201) return { stored, refused: call, key };
    stored.push(call.body.id);
  }
  throw new Error('the sandbox never refused a write');
}

describe('the data limit (maxDataBytes)', () => {
  it('answers 507 with its code once the data reaches the limit, logs it under the trace id, and still serves reads', async () => {
    const lines: string[] = [];
    // Without the request log, which yields its oldest entries to a write that finds the data full
    // (the test below): the data alone decides here.
    const sandbox = await startSandbox({ maxDataBytes: MiB, requestLogEntries: 0, log: (line) => lines.push(line) });
    try {
      const { stored, refused } = await fill(sandbox);
      // 1 MiB holds some tens of orders beside the tables; the limit, not something else, ended the run.
      expect(stored.length).toBeGreaterThan(20);
      expect(refused.status).toBe(507);
      expect(refused.body).toEqual({
        error_messages: [
          { code: '50701', parameter_name: '', description: expect.stringMatching(/^The sandbox's storage is full/) },
        ],
      });
      const trace = refused.headers.get('x-trace-id');
      expect(trace).toBeTruthy();
      expect(
        lines.filter((l) => l.endsWith(` trace=${trace} storage full: a write was refused and rolled back`)),
      ).toHaveLength(1);
      expect((await api(sandbox, 'GET', `/orders/${stored[0]}`)).status).toBe(200);
      // The next write of the same size is refused the same way, not with a 500 (one without a key
      // stores less, and may fit in what the refused one left: how much does is the pages' business).
      expect(
        (await api(sandbox, 'POST', '/orders', order([boletoCharge()]), { 'x-idempotency-key': 'fill-next' })).status,
      ).toBe(507);
    } finally {
      await sandbox.close();
    }
  });

  it('keeps nothing of a refused order, and its key works once there is room', async () => {
    const file = newDataFile();
    const sandbox = await startSandbox({ dataFile: file, maxDataBytes: MiB, requestLogEntries: 0 });
    let filled: Awaited<ReturnType<typeof fill>>;
    try {
      filled = await fill(sandbox);
    } finally {
      await sandbox.close();
    }
    expect(filled.refused.status).toBe(507);

    const db = new Database(file, { readonly: true });
    try {
      const count = (sql: string) => (db.prepare(sql).pluck().get() as number) ?? 0;
      // Every order that was answered 201 is there whole (its charge, its key), and nothing else.
      expect(count('SELECT count(*) FROM orders')).toBe(filled.stored.length);
      expect(count('SELECT count(*) FROM charges')).toBe(filled.stored.length);
      // Keys are stored as their digests (storage/idempotency-key-digest.ts).
      const secret = db.prepare("SELECT value FROM sandbox_secrets WHERE name = 'idempotency'").pluck().get() as string;
      const keys = new Set(db.prepare('SELECT key FROM idempotency_keys').pluck().all() as string[]);
      expect(keys.size).toBe(filled.stored.length);
      for (let i = 0; i < filled.stored.length; i++)
        expect(keys.has(idempotencyKeyDigest(secret, `fill-${i}`))).toBe(true);
      expect(keys.has(idempotencyKeyDigest(secret, filled.key))).toBe(false);
    } finally {
      db.close();
    }

    const roomier = await startSandbox({ dataFile: file, maxDataBytes: 4 * MiB });
    try {
      const retry = await api(roomier, 'POST', '/orders', order([boletoCharge()]), { 'x-idempotency-key': filled.key });
      expect(retry.status).toBe(201);
    } finally {
      await roomier.close();
    }
    // The file now holds more than 1 MiB: a sandbox limited to 1 MiB could write nothing, so it does not start.
    await expect(startSandbox({ dataFile: file, maxDataBytes: MiB })).rejects.toThrow(
      /^startSandbox: maxDataBytes is 1048576, but the data file .* already holds \d+ bytes$/,
    );
  });

  it('keeps the refused write in the request log (its oldest entries make room when the data is full)', async () => {
    const sandbox = await startSandbox({ maxDataBytes: MiB });
    try {
      const { refused } = await fill(sandbox);
      expect(refused.status).toBe(507);
      const trace = refused.headers.get('x-trace-id')!;
      const log = await api(sandbox, 'GET', `/sandbox/requests?trace_id=${trace}`);
      expect(log.body.requests.map((r: { status: number }) => r.status)).toEqual([507]);
    } finally {
      await sandbox.close();
    }
  });

  it.each([
    [1_000, 'must be a whole number of at least 1048576'],
    [MiB + 0.5, 'must be a whole number of at least 1048576'],
    [Number.NaN, 'must be a whole number of at least 1048576'],
    [2 * 1024 ** 3, 'must be at most 1073741824 in memory (a data file may hold more)'],
  ])('refuses maxDataBytes %s in memory', async (max, problem) => {
    await expect(startSandbox({ maxDataBytes: max })).rejects.toThrow(
      `startSandbox: maxDataBytes ${problem}, got ${max}`,
    );
  });

  it('lets a data file hold more than memory can', async () => {
    const sandbox = await startSandbox({ dataFile: newDataFile(), maxDataBytes: 2 * 1024 ** 3 });
    try {
      expect((await api(sandbox, 'POST', '/orders', order([boletoCharge()]))).status).toBe(201);
    } finally {
      await sandbox.close();
    }
  });

  it('answers 507 on the challenge origin too, as a page for a browser, and the challenge stays open', async () => {
    const file = newDataFile();
    const sandbox = await startSandbox({ dataFile: file, maxDataBytes: MiB });
    try {
      const session = await createSession(sandbox);
      const created = await postAuthentication(sandbox, session, {
        data: authData('4000000000002503'),
        device: validDevice(),
      });
      const { id, challenge } = (await created.json()) as { id: string; challenge: { url: string } };
      const token = new URL(challenge.url).searchParams.get('token')!;
      // A second connection makes ending the challenge write 2 MiB more (a trigger): past the limit, whatever is free.
      const side = new Database(file);
      side.exec(`CREATE TABLE filler (b BLOB);
        CREATE TRIGGER fill_on_end BEFORE UPDATE ON authentications BEGIN INSERT INTO filler VALUES (zeroblob(${2 * MiB})); END;`);
      side.close();

      const page = await fetch(`${sandbox.challengeUrl}/challenge/end`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body: new URLSearchParams({
          authentication: id,
          token,
          parent: 'http://shop.example:8080',
          locale: 'en',
          reason: 'CHALLENGE_CANCELED',
        }).toString(),
      });
      expect(page.status).toBe(507);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toMatch(/storage is full/);
      const read = await (await getAuthentication(sandbox, session, id)).json();
      expect(read).toMatchObject({ id, status: 'REQUIRE_CHALLENGE' });
    } finally {
      await sandbox.close();
    }
  });

  it('a webhook retry the full storage cannot record neither crashes the sandbox nor stops the delivery', async () => {
    const file = newDataFile();
    // The receiver fails the first attempt and takes the second.
    const attempts: string[] = [];
    const receiver = createServer((req, res) => {
      attempts.push(String(req.headers['x-gateway-delivery-attempt']));
      req.resume();
      req.on('end', () => res.writeHead(attempts.length === 1 ? 500 : 204).end());
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    // A write the storage refuses outside any request (the dispatcher's own bookkeeping) must not
    // become an unhandled rejection: in the CLI that ends the process.
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const lines: string[] = [];
    const sandbox = await startSandbox({
      dataFile: file,
      maxDataBytes: MiB,
      log: (line) => lines.push(line),
      webhooks: { retryDelaysMs: [20, 20] },
    });
    try {
      // A second connection makes recording a retry write 2 MiB more (a trigger): past the limit.
      const side = new Database(file);
      side.exec(`CREATE TABLE filler (b BLOB);
        CREATE TRIGGER fill_on_retry BEFORE UPDATE ON webhook_outbox BEGIN INSERT INTO filler VALUES (zeroblob(${2 * MiB})); END;`);
      side.close();
      const created = await api(sandbox, 'POST', '/orders', order([cardCharge()], { notification_urls: [url] }));
      expect(created.status).toBe(201);
      for (let i = 0; i < 200 && attempts.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
      // The retry went out all the same, numbered as the second attempt.
      expect(attempts).toEqual(['1', '2']);
      expect(lines.some((l) => /webhook .* could not be recorded/.test(l))).toBe(true);
      expect((await api(sandbox, 'GET', `/orders/${created.body.id}`)).status).toBe(200);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await sandbox.close();
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  });

  it('a start whose first write the full storage refuses rejects and leaves the file closed', async () => {
    const file = newDataFile();
    await (await startSandbox({ dataFile: file })).close();
    // Writing the sandbox merchant's token on start now needs 2 MiB more than a 1 MiB limit allows.
    const side = new Database(file);
    side.exec(`CREATE TABLE filler (b BLOB);
      CREATE TRIGGER fill_on_merchant BEFORE UPDATE ON merchants BEGIN INSERT INTO filler VALUES (zeroblob(${2 * MiB})); END;`);
    side.close();
    expect(existsSync(`${file}-wal`)).toBe(false);

    await expect(startSandbox({ dataFile: file, maxDataBytes: MiB, token: 'sbx_other_token' })).rejects.toMatchObject({
      code: 'SQLITE_FULL',
    });
    // The last connection to close removes the WAL file: none is left open.
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});
