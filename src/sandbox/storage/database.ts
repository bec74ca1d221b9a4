import Database from 'better-sqlite3';

export type Db = Database.Database;

/**
 * Opens the sandbox's SQLite database: in memory unless a file is given, in which case data
 * survives restarts. WAL plus synchronous=NORMAL keeps writes fast and loses nothing on a clean
 * close; each feature passes its own `CREATE TABLE IF NOT EXISTS` schema.
 */
export function openDatabase(file: string | undefined, schemas: readonly string[]): Db {
  const db = new Database(file ?? ':memory:');
  if (file) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  for (const sql of schemas) db.exec(sql);
  return db;
}
