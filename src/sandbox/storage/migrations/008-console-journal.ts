import type { Migration } from '../migrations';

const journal = `
CREATE TABLE IF NOT EXISTS request_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  merchant_id TEXT,
  at INTEGER NOT NULL,
  trace_id TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  status INTEGER NOT NULL,
  duration_ms REAL NOT NULL,
  idempotency_key TEXT,
  replayed INTEGER NOT NULL,
  request_body TEXT,
  response_body TEXT,
  bytes INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS request_log_trace ON request_log (trace_id);
CREATE TABLE IF NOT EXISTS request_resources (
  resource_id TEXT NOT NULL,
  request_id INTEGER NOT NULL REFERENCES request_log(id) ON DELETE CASCADE,
  PRIMARY KEY (resource_id, request_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS request_resources_request ON request_resources (request_id);
CREATE TABLE IF NOT EXISTS resources (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  status TEXT,
  reference_id TEXT,
  links TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS resources_list ON resources (merchant_id, kind);
CREATE TABLE IF NOT EXISTS state_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  resource_id TEXT NOT NULL,
  from_status TEXT,
  to_status TEXT NOT NULL,
  at INTEGER NOT NULL,
  trace_id TEXT,
  source TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS state_changes_resource ON state_changes (resource_id, id);
CREATE TABLE IF NOT EXISTS webhook_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id INTEGER NOT NULL,
  attempt INTEGER NOT NULL,
  at INTEGER NOT NULL,
  url TEXT NOT NULL,
  headers TEXT NOT NULL,
  status INTEGER,
  answer_excerpt TEXT,
  duration_ms REAL NOT NULL,
  outcome TEXT NOT NULL,
  next_retry_at INTEGER,
  given_up TEXT
);
CREATE INDEX IF NOT EXISTS webhook_attempts_delivery ON webhook_attempts (delivery_id, id);`;

/**
 * Version 8: what the console shows (docs/console.md). The request log and the resources and
 * state changes it saw; each webhook delivery attempt. Deliveries stay in the outbox once done,
 * with their state, so the console lists them and one can be sent again.
 */
export const consoleJournal: Migration = {
  version: 8,
  name: 'the console: request log, resources and their state changes, webhook attempts',
  up: (db) => {
    db.exec(journal);
    db.exec("ALTER TABLE webhook_outbox ADD COLUMN state TEXT NOT NULL DEFAULT 'pending'");
    db.exec('ALTER TABLE webhook_outbox ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0');
    db.exec('UPDATE webhook_outbox SET created_at = due_at');
    db.exec('CREATE INDEX IF NOT EXISTS webhook_outbox_state ON webhook_outbox (merchant_id, state, id)');
  },
};
