import type { Db } from './database';

/** Runs `work` in one SQLite transaction: all of its writes happen, or none. Nested calls become savepoints. */
export type RunInTransaction = <T>(work: () => T) => T;

/**
 * One transaction function for a database, built once: better-sqlite3's `db.transaction(fn)`
 * builds a wrapper and its four variants on every call, which an order paid for on every request
 * (docs/performance.md). This wraps a runner instead, and hands it the work of each call.
 */
export function transactionRunner(db: Db): RunInTransaction {
  const run = db.transaction((work: () => unknown) => work());
  return <T>(work: () => T): T => run(work) as T;
}
