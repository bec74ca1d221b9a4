import type Database from 'better-sqlite3';
import { DataFileOverLimitError, SandboxDependencyError } from './start-errors';

export type Db = Database.Database;

/**
 * Loads better-sqlite3 only when a sandbox starts. Imported at the top of a module it would make
 * every importer need the native module: the browser SDK's users, `gateway-sandbox --help`, and
 * anyone who only reads the sandbox's types.
 */
async function loadDriver(): Promise<typeof Database> {
  try {
    const module = (await import('better-sqlite3')) as { default?: typeof Database } & typeof Database;
    return module.default ?? module;
  } catch (error) {
    throw new SandboxDependencyError(error);
  }
}

/** The most an in-memory sandbox can hold: SQLite's memdb store stops there (SQLITE_MEMDB_DEFAULT_MAXSIZE). */
export const IN_MEMORY_MAX_BYTES: number = 1024 ** 3;
/** The smallest data limit: the tables alone take a few hundred KB. */
export const MIN_DATA_BYTES: number = 1024 ** 2;

/** The data limit that applies: the one given, else all that memory holds in memory, and none for a file. */
export const dataLimitOf = (file: string | undefined, maxBytes: number | undefined): number | undefined =>
  maxBytes ?? (file ? undefined : IN_MEMORY_MAX_BYTES);

/**
 * Opens the sandbox's SQLite database: in memory unless a file is given, in which case data
 * survives restarts. WAL plus synchronous=NORMAL keeps writes fast and loses nothing on a clean
 * close. The sandbox's tables come from the migrations (`schema-migrations.ts`); `schemas` is DDL run at open.
 *
 * In memory, the database is SQLite's memdb store (what better-sqlite3 opens from a buffer, here an
 * empty one), not `:memory:`: a `:memory:` database's COMMIT costs time in proportion to all the
 * pages it holds, so a sandbox got slower with every row it kept (an order cost half as much
 * again after 50,000 of them); a memdb one commits only what changed. memdb holds at most
 * {@link IN_MEMORY_MAX_BYTES}, the data limit's bound (docs/performance.md#the-sandbox-devices-kept-and-why).
 *
 * `maxData` caps the data ({@link dataLimitOf}): past it, a write fails with SQLITE_FULL and leaves nothing of itself
 * (the API answers 507). A file that already holds more is refused, since nothing could be written.
 */
export async function openDatabase(
  file: string | undefined,
  schemas: readonly string[],
  maxData?: number,
): Promise<Db> {
  const maxBytes = dataLimitOf(file, maxData);
  const Driver = await loadDriver();
  const db = file ? new Driver(file) : new Driver(Buffer.alloc(0));
  if (file) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  if (maxBytes !== undefined) {
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const held = (db.pragma('page_count', { simple: true }) as number) * pageSize;
    if (held > maxBytes) {
      db.close();
      throw new DataFileOverLimitError(file ?? ':memory:', held, maxBytes);
    }
    db.pragma(`max_page_count = ${Math.floor(maxBytes / pageSize)}`);
  }
  for (const sql of schemas) db.exec(sql);
  return db;
}
