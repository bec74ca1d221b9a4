import type { Db } from './database';
import { DataFileVersionError } from './start-errors';

/** One step of the data file's schema. Released steps are never edited: a change is a new step. */
export interface Migration {
  /** The schema version this step brings a file to (1, 2, …, in order). */
  version: number;
  /** What the step does, for the error message when it fails. */
  name: string;
  /** Runs inside a transaction with the rest of the step. */
  up(db: Db): void;
}

/**
 * Adds a column unless the table has it: a step that adds columns then runs again on a file rewound
 * to an older version by hand (the webhook outbox's test of a version 6 file keeps the later columns).
 */
export function addColumnOnce(db: Db, table: string, column: string, type: string): void {
  const columns = db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all(table);
  if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
}

/** The data file's schema version: SQLite's `user_version`, 0 for a file from before migrations. */
export const schemaVersion = (db: Db): number => db.pragma('user_version', { simple: true }) as number;

/**
 * Brings the database to the newest schema: each step above the file's `user_version` runs in
 * its own transaction, which also records the new version, so a crash mid-way leaves the file at
 * the last finished step. A file from before migrations (version 0) and a new file take the same
 * path. A file from a newer sandbox is refused with {@link DataFileVersionError}, untouched.
 */
export function migrate(db: Db, migrations: readonly Migration[]): void {
  const latest = migrations.length ? migrations[migrations.length - 1]!.version : 0;
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migrations must be numbered 1, 2, …: step ${i + 1} says ${m.version}`);
  });
  const current = schemaVersion(db);
  if (current > latest) throw new DataFileVersionError(current, latest);
  for (const m of migrations.slice(current)) {
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
}
