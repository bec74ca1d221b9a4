import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AfterCommit } from '../../src/sandbox/storage/after-commit';
import { openDatabase, type Db } from '../../src/sandbox/storage/database';
import { groupCommit } from '../../src/sandbox/storage/group-commit';
import { transactionRunner } from '../../src/sandbox/storage/transaction-runner';

// What a transaction schedules (a notification's delivery) runs once it has committed, never
// before and never for work rolled back: the hook ChargeEvents schedules its deliveries on.
let db: Db;
let hooks: AfterCommit;
let ran: string[];
beforeEach(async () => {
  db = await openDatabase(undefined, ['CREATE TABLE t (x TEXT NOT NULL)']);
  hooks = new AfterCommit(db);
  ran = [];
});
afterEach(() => db.close());

const insert = (x: string) => db.prepare('INSERT INTO t (x) VALUES (?)').run(x);
const note = (x: string) => hooks.schedule(() => ran.push(x));

describe('the after-commit hook', () => {
  it('runs what a transaction scheduled once it commits, in order, and at once outside one', () => {
    const transaction = transactionRunner(db, hooks);
    transaction(() => {
      insert('a');
      note('a');
      note('b');
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['a', 'b']);
    note('c');
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('drops what a rolled-back transaction or savepoint scheduled, and keeps the rest of the outer one', () => {
    const transaction = transactionRunner(db, hooks);
    expect(() =>
      transaction(() => {
        note('lost');
        throw new Error('no');
      }),
    ).toThrow('no');
    transaction(() => {
      note('kept');
      expect(() =>
        transaction(() => {
          note('inner lost');
          throw new Error('inner');
        }),
      ).toThrow('inner');
      transaction(() => note('inner kept'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['kept', 'inner kept']);
  });

  it('runs what the jobs of a group scheduled once the group commits, without a failed job’s', async () => {
    const shared = groupCommit(db, hooks);
    const jobs = [
      shared(() => note('first')),
      shared(() => {
        note('failed');
        throw new Error('job');
      }),
      shared(() => note('third')),
    ];
    expect(ran).toEqual([]);
    const settled = await Promise.allSettled(jobs);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(ran).toEqual(['first', 'third']);
  });
});
