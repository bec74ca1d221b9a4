import type { AfterCommit } from './after-commit';
import type { Db } from './database';

/** Runs `work` in one SQLite transaction: all of its writes happen, or none. Nested calls become savepoints. */
export type RunInTransaction = <T>(work: () => T) => T;

/**
 * The database's transaction function: better-sqlite3's `db.transaction`, built once, running the
 * work it is given. What the work scheduled on `afterCommit` runs once the outermost transaction
 * commits, and is dropped with a transaction or savepoint that rolls back.
 */
export function transactionRunner(db: Db, afterCommit: AfterCommit): RunInTransaction {
  const run = db.transaction((work: () => unknown) => work());
  return <T>(work: () => T): T => {
    const mark = afterCommit.mark();
    let result: T;
    try {
      result = run(work) as T;
    } catch (error) {
      afterCommit.rolledBack(mark);
      throw error;
    }
    if (!db.inTransaction) afterCommit.committed();
    return result;
  };
}
