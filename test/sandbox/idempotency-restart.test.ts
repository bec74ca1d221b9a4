import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index';
import { api, cardCharge, order, subMerchantCharge } from './support/payments';

let dir: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-idempotency-restart-'));
  file = join(dir, 'sandbox.db');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts a sandbox on the test's database file (a new random token each time, as `--data` does), runs `use`, stops it. */
async function withSandbox<T>(use: (sandbox: Awaited<ReturnType<typeof startSandbox>>) => Promise<T>): Promise<T> {
  const sandbox = await startSandbox({ dataFile: file });
  try {
    return await use(sandbox);
  } finally {
    await sandbox.close();
  }
}

describe('x-idempotency-key across a restart of a file-backed sandbox', () => {
  for (const [path, body] of [
    ['/orders', order([cardCharge()])],
    ['/charges', subMerchantCharge()],
  ] as const) {
    it(`POST ${path}: the same key and body replay the first result after a restart with a new token; another body is still 422`, async () => {
      const headers = { 'x-idempotency-key': `restart-${path}` };
      const first = await withSandbox(async (s) => ({
        token: s.token,
        call: await api(s, 'POST', path, body, headers),
      }));
      expect(first.call.status).toBe(201);
      await withSandbox(async (s) => {
        expect(s.token).not.toBe(first.token);
        const again = await api(s, 'POST', path, body, headers);
        expect(again.status).toBe(201);
        expect(again.headers.get('x-idempotent-replayed')).toBe('true');
        expect(again.body).toEqual(first.call.body);
        const other = await api(s, 'POST', path, { ...body, reference_id: 'another-request' }, headers);
        expect(other.status).toBe(422);
        expect(other.body.error_messages[0].parameter_name).toBe('x-idempotency-key');
      });
    });
  }

  it('the secret belongs to the database: made once, kept across opens, never the bearer token', async () => {
    const token = await withSandbox(async (s) => s.token);
    const read = () => {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare<[], { value: string }>("SELECT value FROM sandbox_secrets WHERE name = 'idempotency'").all();
      } finally {
        db.close();
      }
    };
    const before = read();
    expect(before).toHaveLength(1);
    expect(before[0]!.value).not.toBe(token);
    expect(before[0]!.value.length).toBeGreaterThanOrEqual(43);
    await withSandbox(async () => {});
    expect(read()).toEqual(before);
  });

  it('a key is stored as its digest, never as sent, and a file whose keys were stored as sent still replays them once upgraded', async () => {
    const key = '4111111111111111';
    const body = order([cardCharge()]);
    const first = await withSandbox((s) => api(s, 'POST', '/orders', body, { 'x-idempotency-key': key }));
    expect(first.status).toBe(201);
    const db = new Database(file);
    const keys = () =>
      db
        .prepare<[], { key: string }>('SELECT key FROM idempotency_keys')
        .all()
        .map((r) => r.key);
    expect(keys().length).toBeGreaterThan(0);
    expect(keys()).not.toContain(key);
    expect(readFileSync(file).includes(Buffer.from(key))).toBe(false);
    // A file of version 14, whose keys were all stored as sent: this test's key only.
    const digest = db
      .prepare<[string], { key: string }>('SELECT key FROM idempotency_keys WHERE instr(response, ?) > 0')
      .get(first.body.id)!.key;
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    db.prepare('DELETE FROM idempotency_keys WHERE key <> ?').run(digest);
    db.prepare('UPDATE idempotency_keys SET key = ? WHERE key = ?').run(key, digest);
    db.pragma('user_version = 14');
    db.close();
    await withSandbox(async (s) => {
      const again = await api(s, 'POST', '/orders', body, { 'x-idempotency-key': key });
      expect(again.status).toBe(201);
      expect(again.headers.get('x-idempotent-replayed')).toBe('true');
      expect(again.body.id).toBe(first.body.id);
    });
    const upgraded = new Database(file, { readonly: true });
    const after = upgraded
      .prepare<[], { key: string }>('SELECT key FROM idempotency_keys')
      .all()
      .map((r) => r.key);
    upgraded.close();
    expect(after).not.toContain(key);
    expect(after).toContain(digest);
  });
});
