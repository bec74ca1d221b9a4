import type { Db } from './database';

/**
 * Work to run once the transaction open now has committed: a notification's delivery must not
 * start before the change it reports is stored, nor at all when that change is rolled back. The
 * transaction runners (transaction-runner.ts, group-commit.ts) tell it where each transaction or
 * savepoint began, whether it rolled back, and when the outermost one committed; domain code
 * only schedules.
 */
export class AfterCommit {
  private pending: Array<() => void> = [];

  constructor(private readonly db: Db) {}

  /** Runs `fn` once the open transaction commits (dropped if it rolls back); at once when none is open. */
  schedule(fn: () => void): void {
    if (this.db.inTransaction) this.pending.push(fn);
    else fn();
  }

  /** Where a transaction or savepoint starting now begins, for {@link rolledBack}. */
  mark(): number {
    return this.pending.length;
  }

  /** The transaction or savepoint begun at `mark` rolled back: what it scheduled is dropped. */
  rolledBack(mark: number): void {
    this.pending.length = Math.min(mark, this.pending.length);
  }

  /** The outermost transaction committed: runs what it scheduled, in order. */
  committed(): void {
    const due = this.pending;
    this.pending = [];
    for (const fn of due) fn();
  }
}
