import type { Migration } from '../migrations';

/**
 * Version 10: hosted checkouts (docs/checkouts.md). A checkout keeps the request as sent (normalised)
 * in `body`; its status is ACTIVE or INACTIVE, EXPIRED being read from `expires_at` and the clock.
 * `checkout_orders` lists the orders its page made, oldest first.
 */
export const checkouts: Migration = {
  version: 11,
  name: 'hosted checkouts and the orders their pages made',
  up: (db) => {
    db.exec(`CREATE TABLE IF NOT EXISTS checkouts (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants(id),
  body TEXT NOT NULL,
  status TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS checkout_orders (
  checkout_id TEXT NOT NULL REFERENCES checkouts(id),
  order_id TEXT NOT NULL UNIQUE REFERENCES orders(id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (checkout_id, order_id)
) WITHOUT ROWID;`);
  },
};
