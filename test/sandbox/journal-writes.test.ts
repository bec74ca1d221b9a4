// The journal's write path (docs/console.md#request-log, docs/performance.md#the-journal): requests
// are queued as answered and written in one batch once the turn's I/O is done, masked then; a read, and the
// sandbox's close, write what is queued first, so nothing answered is missing or lost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect } from 'vitest';
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
