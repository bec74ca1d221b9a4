import { AfterCommit } from './after-commit';
import type { Db } from './database';

/**
 * Runs `work` (synchronous: its reads and writes) in one SQLite transaction shared with the other
 * work queued in the same event-loop turn, and resolves with its result once that transaction is
 * committed; rejects with what it threw, or with the error that kept it from being committed.
 */
export type RunInSharedTransaction = <T>(work: () => T) => Promise<T>;

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: the writes of the requests that reach this point in one event-loop turn go into one
 * transaction, each inside a savepoint of its own, and each request is answered once that
 * transaction has committed. A request still gets all of its writes or none: one that throws rolls
 * back its savepoint and leaves the others alone, and if the commit fails, every request of the
 * group fails with it and nothing of any is kept. Under load this pays for BEGIN and COMMIT once
 * per group instead of once per request, and runs the group's SQLite work back to back: without
 * it both endpoints' p99 is 12 to 33 % higher (docs/performance.md#the-sandbox-devices-kept-and-why).
 * Requests run one after another, as they did one transaction each, so a
 * later request of a group sees an earlier one's rows (an idempotency key's first result, say).
 *
 * `work` may use the synchronous transaction runner inside (better-sqlite3 turns a nested
 * transaction into a savepoint), and may catch what a nested transaction throws, but must let
 * SQLite's own errors through: after one that rolled the whole transaction back (SQLITE_FULL can),
 * a write would commit on its own, outside the group. Work that swallows such an error fails all
 * the same, with the jobs before it, whose writes went with the transaction; what it wrote after
 * the error is beyond undoing. Work that returns a promise is refused, as better-sqlite3 refuses
 * it: its writes would land in some later transaction. Requests keep their order within a group.
 * What a job scheduled on `afterCommit` runs once the group has committed, and is dropped with the
 * job's savepoint or the group when they roll back.
 */
export function groupCommit(db: Db, afterCommit = new AfterCommit(db)): RunInSharedTransaction {
  const begin = db.prepare('BEGIN');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  const savepoint = db.prepare('SAVEPOINT group_commit_job');
  const release = db.prepare('RELEASE group_commit_job');
  const undo = db.prepare('ROLLBACK TO group_commit_job');
  let queue: Job[] = [];

  const flush = () => {
    const group = queue;
    queue = [];
    // The jobs whose writes are in the open transaction, with their results, answered once it commits.
    let done: Array<{ job: Job; value: unknown }> = [];
    let next = 0;
    const groupMark = afterCommit.mark();
    try {
      begin.run();
      for (; next < group.length; next++) {
        const job = group[next]!;
        const jobMark = afterCommit.mark();
        savepoint.run();
        let value: unknown;
        try {
          value = job.work();
          // The work caught an error after which SQLite had rolled the whole transaction back, and
          // carried on: the jobs before lost their writes, and must not be answered as stored.
          if (!db.inTransaction)
            throw new Error('groupCommit: SQLite rolled the shared transaction back and the work carried on');
          if (typeof (value as { then?: unknown } | null)?.then === 'function')
            throw new TypeError('groupCommit: the work must be synchronous, not return a promise');
        } catch (error) {
          if (db.inTransaction) {
            undo.run();
            release.run();
            afterCommit.rolledBack(jobMark);
          } else {
            // SQLite rolled the whole transaction back (it may on SQLITE_FULL): the jobs before this
            // one lost their writes too, so they fail with it rather than be answered as stored.
            for (const d of done) d.job.reject(error);
            done = [];
            afterCommit.rolledBack(groupMark);
            begin.run();
          }
          job.reject(error);
          continue;
        }
        release.run();
        done.push({ job, value });
      }
      commit.run();
    } catch (error) {
      afterCommit.rolledBack(groupMark);
      // BEGIN, a savepoint or COMMIT failed (the storage, or a database closed under a queued job):
      // nothing of the group is kept, and every job not answered yet fails with the error.
      try {
        if (db.open && db.inTransaction) rollback.run();
      } catch {
        // The database is gone or already rolled back: there is nothing left to undo.
      }
      for (const d of done) d.job.reject(error);
      for (const job of group.slice(next)) job.reject(error);
      return;
    }
    afterCommit.committed();
    for (const d of done) d.job.resolve(d.value);
  };

  return <T>(work: () => T) =>
    new Promise<T>((resolve, reject) => {
      // setImmediate runs after the I/O callbacks of this turn: every request read by then joins the group.
      if (queue.push({ work, resolve: resolve as (value: unknown) => void, reject }) === 1) setImmediate(flush);
    });
}
