import { randomUUID } from 'node:crypto';
import type { Migration } from '../migrations';

const qrCodes = `
CREATE TABLE IF NOT EXISTS qr_codes (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants(id),
  order_id TEXT NOT NULL REFERENCES orders(id),
  amount INTEGER NOT NULL,
  text TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  charge_id TEXT UNIQUE REFERENCES charges(id),
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS qr_codes_by_order ON qr_codes (order_id, created_at);`;

/**
 * Version 6: Pix. Each existing account gets the city its Pix codes name and a Pix key of its
 * own: a random key (EVP), as the merchant store gives a new account.
 */
export const pix: Migration = {
  version: 6,
  name: "Pix: orders' QR codes, and each account's Pix key and city",
  up: (db) => {
    db.exec("ALTER TABLE merchants ADD COLUMN merchant_city TEXT NOT NULL DEFAULT 'SAO PAULO'");
    db.exec('ALTER TABLE merchants ADD COLUMN pix_key TEXT');
    const setKey = db.prepare<[string, string]>('UPDATE merchants SET pix_key = ? WHERE id = ?');
    for (const { id } of db.prepare<[], { id: string }>('SELECT id FROM merchants').all()) setKey.run(randomUUID(), id);
    db.exec(qrCodes);
  },
};
