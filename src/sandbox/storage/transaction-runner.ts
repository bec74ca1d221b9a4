import type { Db } from './database';

/** Runs `work` in one SQLite transaction: all of its writes happen, or none. Nested calls become savepoints. */
export type RunInTransaction = <T>(work: () => T) => T;

/** The database's transaction function: better-sqlite3's `db.transaction`, built once, running the work it is given. */
export function transactionRunner(db: Db): RunInTransaction {
  const run = db.transaction((work: () => unknown) => work());
  return <T>(work: () => T): T => run(work) as T;
}
