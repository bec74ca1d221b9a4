import type Database from 'better-sqlite3';

export type Db = Database.Database;

/** What an integrator runs to get the sandbox's one native dependency. */
export const SQLITE_INSTALL_COMMAND = 'npm install --save-dev better-sqlite3@12';

/**
 * Thrown when better-sqlite3 cannot be loaded. It prints as its one line: the fix is an install
 * command, and a trace through our bundle (or the loader's error, whose first line the message
 * quotes when it is not simply "not found") would only hide it.
 */
export class SandboxDependencyError extends Error {
  constructor(cause: unknown) {
    const why =
      cause instanceof Error && !/Cannot find (module|package) 'better-sqlite3'/.test(cause.message)
        ? ` (${cause.message.split('\n')[0]})`
        : '';
    super(
      `The Gateway sandbox needs better-sqlite3, which is not installed or did not load${why}: run \`${SQLITE_INSTALL_COMMAND}\``,
    );
    this.name = 'SandboxDependencyError';
    this.stack = `${this.name}: ${this.message}`;
  }

  /** Stable code to match on (a getter, so Node prints the error as its one line). */
  get code(): 'GATEWAY_SANDBOX_NEEDS_SQLITE' {
    return 'GATEWAY_SANDBOX_NEEDS_SQLITE';
  }
}

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

/**
 * Opens the sandbox's SQLite database: in memory unless a file is given, in which case data
 * survives restarts. WAL plus synchronous=NORMAL keeps writes fast and loses nothing on a clean
 * close; each feature passes its own `CREATE TABLE IF NOT EXISTS` schema.
 */
export async function openDatabase(file: string | undefined, schemas: readonly string[]): Promise<Db> {
  const Driver = await loadDriver();
  const db = new Driver(file ?? ':memory:');
  if (file) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  for (const sql of schemas) db.exec(sql);
  return db;
}
