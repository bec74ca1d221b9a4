// The journal's write path (docs/console.md#request-log, docs/performance.md#the-journal): requests
// and status changes are queued as they happen and written, masked then, once the sandbox is quiet,
// a slice per turn; a read, the live console and the sandbox's close write what is queued first, so
// nothing answered is missing or lost, and a burst pays for none of it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { buildJournal } from '../../src/sandbox/services';
import { openDatabase, type Db } from '../../src/sandbox/storage/database';
import { migrate } from '../../src/sandbox/storage/migrations';
import { SCHEMA_MIGRATIONS } from '../../src/sandbox/storage/schema-migrations';
import { asSandboxTime } from '../../src/sandbox/values/time';
import { api, cardCharge, order } from './support/payments';
import { it } from './support/sandbox-test';

const CARD = '4111111111111111';

describe('SandboxJournal batches', () => {
  let db: Db;
  beforeEach(async () => {
    db = await openDatabase(undefined, []);
    migrate(db, SCHEMA_MIGRATIONS);
  });
  afterEach(() => db.close());

  const answered = (n: number) => ({
    merchantId: 'MERC_1',
    at: asSandboxTime(1_000 + n),
    traceId: `trace-${n}`,
    method: 'POST',
    path: `/cards/${CARD}`,
    status: 201,
    durationMs: 1,
    idempotencyKey: `key-${CARD}`,
    replayed: false,
    requestBody: JSON.stringify({ card: { number: CARD, security_code: '123' } }),
    responseBody: '{"id":"ORDE_2c4a6f0e-7b1d-4c3e-9f5a-1b2c3d4e5f60"}',
  });

  it('queues requests as answered and writes them after the turn, masked, in one transaction', async () => {
    const journal = buildJournal(db, () => {}, { maxEntries: 100, maxBytes: 1024 ** 2 });
    const rows = () => (db.prepare('SELECT count(*) AS n FROM request_log').get() as { n: number }).n;
    for (let n = 0; n < 3; n++) journal.request(answered(n));
    // Nothing is written while the turn that answered them runs.
    expect(rows()).toBe(0);
    // Written a moment later, without anyone reading.
    while (rows() === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    expect(rows()).toBe(3);
    const stored = JSON.stringify(db.prepare('SELECT * FROM request_log').all());
    expect(stored).not.toContain(CARD);
    expect(stored).not.toContain('"123"');
    const [first] = journal.requests.list('MERC_1', { limit: 10 }).requests.reverse();
    expect(first).toMatchObject({ traceId: 'trace-0', path: '/cards/[digits]', idempotencyKey: 'key-[digits]' });
    expect(first!.resources).toEqual(['ORDE_2c4a6f0e-7b1d-4c3e-9f5a-1b2c3d4e5f60']);
  });

  it('a read writes what is queued first, so it sees every request answered before it', () => {
    const journal = buildJournal(db, () => {}, { maxEntries: 100, maxBytes: 1024 ** 2 });
    journal.request(answered(1));
    expect(journal.requests.list('MERC_1', { limit: 10 }).requests.map((r) => r.traceId)).toEqual(['trace-1']);
  });

  describe('when it writes', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] });
    });
    afterEach(() => vi.useRealTimers());
    const rows = () => (db.prepare('SELECT count(*) AS n FROM request_log').get() as { n: number }).n;
    const changeRows = () => (db.prepare('SELECT count(*) AS n FROM state_changes').get() as { n: number }).n;
    const created = (n: number) => ({
      merchantId: 'MERC_1',
      resourceId: `3DS_${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`,
      kind: 'authentication' as const,
      to: 'AUTH_FLOW_COMPLETED',
      cause: 'request' as const,
      at: asSandboxTime(1_000 + n),
    });

    it('writes nothing while requests keep arriving, and all of them once the sandbox is quiet', () => {
      const journal = buildJournal(db, () => {}, { maxEntries: 100, maxBytes: 1024 ** 2 });
      for (let n = 0; n < 20; n++) {
        journal.request(answered(n));
        journal.changed(created(n));
        // 40 ms apart: never 50 ms of quiet.
        vi.advanceTimersByTime(40);
      }
      expect(rows()).toBe(0);
      expect(changeRows()).toBe(0);
      vi.advanceTimersByTime(50);
      vi.runAllTimers();
      expect(rows()).toBe(20);
      expect(changeRows()).toBe(20);
    });

    it('catches up a slice per turn, and waits for quiet again when a request arrives', () => {
      const journal = buildJournal(db, () => {}, { maxEntries: 1000, maxBytes: 1024 ** 2 });
      for (let n = 0; n < 100; n++) journal.request(answered(n));
      // Quiet is seen 50 to 100 ms after the last arrival (the timer is not pushed back by each).
      vi.advanceTimersByTime(50);
      expect(rows()).toBe(0);
      vi.advanceTimersByTime(50);
      // One slice written; the next waits for its own turn.
      expect(rows()).toBe(32);
      journal.request(answered(100));
      // Its turn comes, sees the arrival and stops: nothing more until 50 ms of quiet.
      vi.advanceTimersByTime(40);
      expect(rows()).toBe(32);
      vi.advanceTimersByTime(10);
      expect(rows()).toBe(64);
      vi.runAllTimers();
      expect(rows()).toBe(101);
      expect(journal.requests.list('MERC_1', { limit: 1 }).requests[0]!.traceId).toBe('trace-100');
    });

    it('writes at the end of each turn while the console watches live, and tells it', () => {
      const journal = buildJournal(db, () => {}, { maxEntries: 100, maxBytes: 1024 ** 2 });
      const seen: string[] = [];
      const stop = journal.feed.subscribe((event) => event && seen.push(`${event.type} ${event.id}`));
      journal.request(answered(1));
      journal.changed(created(1));
      expect(rows()).toBe(0);
      vi.advanceTimersToNextTimer();
      expect(rows()).toBe(1);
      expect(seen).toEqual([`status ${created(1).resourceId}`, 'request trace-1']);
      stop();
    });

    it("past the log's bound, writes only the newest requests: the others are dropped unwritten", () => {
      const journal = buildJournal(db, () => {}, { maxEntries: 4, maxBytes: 1024 ** 2 });
      for (let n = 0; n < 50; n++) journal.request(answered(n));
      vi.runAllTimers();
      const ids = db.prepare('SELECT id, trace_id AS t FROM request_log ORDER BY id').all() as Array<{
        id: number;
        t: string;
      }>;
      expect(ids.map((r) => r.t)).toEqual(['trace-46', 'trace-47', 'trace-48', 'trace-49']);
      // Four rows were ever inserted: the 46 before them cost no redaction and no write.
      expect(ids.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    });

    it("holds no more text than the log's byte limit while it waits", () => {
      const one = JSON.stringify(answered(0)).length;
      const journal = buildJournal(db, () => {}, { maxEntries: 1000, maxBytes: one * 3 });
      for (let n = 0; n < 30; n++) journal.request(answered(n));
      journal.flush();
      expect(rows()).toBeLessThanOrEqual(3);
      expect(journal.requests.list('MERC_1', { limit: 1 }).requests[0]!.traceId).toBe('trace-29');
    });

    it('writes status changes a slice per turn once 50,000 wait, however busy the sandbox is', () => {
      const journal = buildJournal(db, () => {}, { maxEntries: 100, maxBytes: 1024 ** 2 });
      for (let n = 0; n <= 50_000; n++) journal.changed(created(n));
      expect(changeRows()).toBe(0);
      vi.advanceTimersToNextTimer();
      expect(changeRows()).toBe(512);
    });

    it('close writes everything queued, and no timer is left behind', () => {
      const journal = buildJournal(db, () => {}, { maxEntries: 100, maxBytes: 1024 ** 2 });
      for (let n = 0; n < 40; n++) journal.request(answered(n));
      journal.changed(created(1));
      journal.close();
      expect(rows()).toBe(40);
      expect(changeRows()).toBe(1);
      expect(vi.getTimerCount()).toBe(0);
    });
  });

  it('keeps at most maxEntries when a batch passes the limit', () => {
    const journal = buildJournal(db, () => {}, { maxEntries: 4, maxBytes: 1024 ** 2 });
    for (let n = 0; n < 7; n++) journal.request(answered(n));
    journal.flush();
    expect(journal.requests.list('MERC_1', { limit: 10 }).requests.map((r) => r.traceId)).toEqual([
      'trace-6',
      'trace-5',
      'trace-4',
      'trace-3',
    ]);
    expect(journal.requests.size().entries).toBe(4);
  });
});

describe('the request log across close', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gateway-journal-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a request answered just before close, across a restart', async ({ startSandbox }) => {
    const dataFile = join(dir, 'sandbox.db');
    const first = await startSandbox({ dataFile });
    const made = await api(first, 'POST', '/orders', order([cardCharge()]), { 'x-trace-id': 'last-before-close' });
    expect(made.status).toBe(201);
    await first.close();
    const again = await startSandbox({ dataFile, token: first.token });
    const log = await api(again, 'GET', '/sandbox/requests?trace_id=last-before-close');
    expect(log.body.requests).toHaveLength(1);
    expect(log.body.requests[0]).toMatchObject({ method: 'POST', path: '/orders', status: 201 });
  });

  it('records nothing with journal: false', async ({ startSandbox }) => {
    const sandbox = await startSandbox({ journal: false });
    expect((await api(sandbox, 'POST', '/orders', order([cardCharge()]), { 'x-trace-id': 'off' })).status).toBe(201);
    const log = await api(sandbox, 'GET', '/sandbox/requests');
    expect(log.body.requests).toEqual([]);
  });
});
