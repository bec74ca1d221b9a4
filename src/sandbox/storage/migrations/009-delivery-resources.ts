import type { Migration } from '../migrations';

/**
 * Version 9: which resources each webhook delivery is about, so a resource's timeline finds its
 * deliveries by an index instead of reading every delivery's body (docs/performance.md). Deliveries
 * an earlier file holds are indexed from their bodies.
 */
export const deliveryResources: Migration = {
  version: 9,
  name: "the console: an index of each webhook delivery's resources",
  up: (db) => {
    db.exec(`CREATE TABLE IF NOT EXISTS delivery_resources (
  resource_id TEXT NOT NULL,
  delivery_id INTEGER NOT NULL,
  PRIMARY KEY (resource_id, delivery_id)
) WITHOUT ROWID;`);
    const link = db.prepare<[string, number]>(
      'INSERT OR IGNORE INTO delivery_resources (resource_id, delivery_id) VALUES (?, ?)',
    );
    const ids = /(?:ORDE|CHAR|QRCO|3DS)_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
    for (const row of db.prepare<[], { id: number; body: string }>('SELECT id, body FROM webhook_outbox').all())
      for (const id of new Set(row.body.match(ids) ?? [])) link.run(id, row.id);
  },
};
