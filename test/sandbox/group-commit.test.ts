import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/sandbox/storage/database';
import { groupCommit, type RunInSharedTransaction } from '../../src/sandbox/storage/group-commit';

let dir: string;
let file: string;
let db: Db;
let shared: RunInSharedTransaction;
/** A second connection to the same file: it sees only what is committed. */
let reader: Database.Database;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-group-'));
  file = join(dir, 'g.db');
  db = await openDatabase(file, [
    `CREATE TABLE t (x TEXT NOT NULL);
     CREATE TABLE parent (id TEXT PRIMARY KEY);
     CREATE TABLE child (parent TEXT REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
     CREATE TRIGGER undo_all BEFORE INSERT ON t WHEN NEW.x = 'undo all' BEGIN SELECT RAISE(ROLLBACK, 'undone'); END;`,
  ]);
  shared = groupCommit(db);
  reader = new Database(file, { readonly: true });
});
afterEach(() => {
  reader.close();
  if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (x: string) => () => db.prepare('INSERT INTO t (x) VALUES (?)').run(x).changes;
const committed = () => reader.prepare('SELECT x FROM t ORDER BY rowid').pluck().all();
const settle = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

describe('groupCommit', () => {
  it('commits the jobs of one turn together, once, and answers each only after that commit', async () => {
    const version = () => reader.pragma('data_version', { simple: true }) as number;
    const before = version();
    const seen: unknown[][] = [];
    const jobs = ['a', 'b', 'c'].map((x) => shared(insert(x)).then(() => seen.push(committed())));
    // Queued, not yet run: nothing is written before the turn ends.
    expect(committed()).toEqual([]);
    await Promise.all(jobs);
    // Each job, when answered, could already read all three rows from another connection.
    expect(seen).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ]);
    // One commit for the three: another connection's data_version moves once per commit it did not make.
    expect(version()).toBe(before + 1);
    // A job queued later goes in the next group.
    await shared(insert('d'));
    expect(version()).toBe(before + 2);
  });

  it('a job that throws keeps nothing of itself and leaves the others of its group alone', async () => {
    const failing = () => {
      insert('b')();
      throw new Error('refused');
    };
    const results = await Promise.all([
      settle(shared(insert('a'))),
      settle(shared(failing)),
      settle(shared(insert('c'))),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, false, true]);
    expect((results[1] as { error: Error }).error.message).toBe('refused');
    expect(committed()).toEqual(['a', 'c']);
  });

  it('a commit that fails fails every job of the group and keeps nothing', async () => {
    const orphan = () => db.prepare("INSERT INTO child (parent) VALUES ('none')").run().changes;
    const results = await Promise.all([settle(shared(insert('a'))), settle(shared(orphan))]);
    // The deferred foreign key is checked at COMMIT: the one bad job sinks the group.
    expect(results.map((r) => r.ok)).toEqual([false, false]);
    for (const r of results) expect(String((r as { error: unknown }).error)).toMatch(/FOREIGN KEY constraint failed/);
    expect(committed()).toEqual([]);
    expect(db.inTransaction).toBe(false);
    // The next group commits as usual.
    await shared(insert('b'));
    expect(committed()).toEqual(['b']);
  });

  it('when SQLite rolls the whole transaction back, the jobs before fail too, and the jobs after commit', async () => {
    const results = await Promise.all([
      settle(shared(insert('a'))),
      settle(shared(insert('undo all'))),
      settle(shared(insert('c'))),
    ]);
    expect(results.map((r) => r.ok)).toEqual([false, false, true]);
    expect(String((results[0] as { error: unknown }).error)).toMatch(/undone/);
    expect(committed()).toEqual(['c']);
  });

  it('a job that swallows the error of a whole rollback fails, and so do the jobs before it', async () => {
    const swallowing = () => {
      try {
        insert('undo all')();
      } catch {
        // Wrong, but possible: the transaction is gone and the job goes on writing.
      }
      return insert('after')();
    };
    const results = await Promise.all([
      settle(shared(insert('a'))),
      settle(shared(swallowing)),
      settle(shared(insert('c'))),
    ]);
    // 'a' was rolled back with the transaction: it must not be answered as stored.
    expect(results.map((r) => r.ok)).toEqual([false, false, true]);
    for (const r of results.slice(0, 2))
      expect(String((r as { error: unknown }).error)).toMatch(/rolled the shared transaction back/);
    // What the job wrote after the rollback committed on its own: no group can take it back.
    expect(committed()).toEqual(['after', 'c']);
  });

  it('a job may run a nested transaction, and catch its failure', async () => {
    const nested = () => {
      db.transaction(() => insert('inner')())();
      try {
        db.transaction(() => {
          insert('dropped')();
          throw new Error('inner refused');
        })();
      } catch {
        // The inner savepoint is rolled back; the job goes on.
      }
      return insert('outer')();
    };
    await shared(nested);
    expect(committed()).toEqual(['inner', 'outer']);
  });

  it('rejects the jobs of a database closed before their turn ends, without an uncaught error', async () => {
    const job = settle(shared(insert('a')));
    db.close();
    const result = await job;
    expect(result.ok).toBe(false);
    expect(String((result as { error: unknown }).error)).toMatch(/not open/);
  });

  it('refuses work that returns a promise, keeping none of its writes', async () => {
    const promising = () => {
      insert('b')();
      return Promise.resolve(1);
    };
    const results = await Promise.all([settle(shared(insert('a'))), settle(shared(promising))]);
    expect(results.map((r) => r.ok)).toEqual([true, false]);
    expect(String((results[1] as { error: unknown }).error)).toMatch(
      /TypeError: groupCommit: the work must be synchronous/,
    );
    expect(committed()).toEqual(['a']);
  });
});
