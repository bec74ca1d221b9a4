import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { api, boletoCharge, order, type ApiCall } from './support/payments';
import { authData, createSession, getAuthentication, postAuthentication, validDevice } from './support/sdk-client';

const MiB = 1024 ** 2;
let dir: string | undefined;
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
    const sandbox = await startSandbox({ maxDataBytes: MiB, log: (line) => lines.push(line) });
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
      // The next write is refused the same way, not with a 500.
      expect((await api(sandbox, 'POST', '/orders', order([boletoCharge()]))).status).toBe(507);
    } finally {
      await sandbox.close();
    }
  });

  it('keeps nothing of a refused order, and its key works once there is room', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gateway-limit-'));
    const file = join(dir, 'sandbox.db');
    const sandbox = await startSandbox({ dataFile: file, maxDataBytes: MiB });
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
      expect(count("SELECT count(*) FROM idempotency_keys WHERE key LIKE 'fill-%'")).toBe(filled.stored.length);
      expect(db.prepare('SELECT 1 FROM idempotency_keys WHERE key = ?').get(filled.key)).toBeUndefined();
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

  it.each([[1_000], [MiB + 0.5], [2 * 1024 ** 3], [Number.NaN]])('refuses maxDataBytes %s in memory', async (max) => {
    await expect(startSandbox({ maxDataBytes: max })).rejects.toThrow(
      `startSandbox: maxDataBytes must be a whole number of bytes from 1048576 to 1073741824 (in memory; a dataFile may hold more), got ${max}`,
    );
  });

  it('lets a data file hold more than memory can', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gateway-limit-'));
    const sandbox = await startSandbox({ dataFile: join(dir, 'sandbox.db'), maxDataBytes: 2 * 1024 ** 3 });
    try {
      expect((await api(sandbox, 'POST', '/orders', order([boletoCharge()]))).status).toBe(201);
    } finally {
      await sandbox.close();
    }
  });

  it('answers 507 on the challenge origin too, as a page for a browser, and the challenge stays open', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gateway-limit-'));
    const file = join(dir, 'sandbox.db');
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
});
