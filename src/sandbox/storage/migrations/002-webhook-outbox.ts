import type { Migration } from '../migrations';

/** One row per event and URL still to be delivered. */
const outboxTable = `
CREATE TABLE IF NOT EXISTS webhook_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  merchant_id TEXT NOT NULL REFERENCES merchants(id),
  event_id TEXT NOT NULL,
  url TEXT NOT NULL,
  body TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  due_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_outbox_due ON webhook_outbox (due_at);
`;

/** Version 2: the webhook outbox. */
export const webhookOutbox: Migration = {
  version: 2,
  name: 'webhook outbox',
  up: (db) => db.exec(outboxTable),
};
