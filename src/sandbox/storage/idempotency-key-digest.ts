import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from './database';

/** The database's idempotency secret, created on first use and the same on every later open. */
export function idempotencySecret(db: Db): string {
  db.prepare("INSERT OR IGNORE INTO sandbox_secrets (name, value) VALUES ('idempotency', ?)").run(
    randomBytes(32).toString('base64url'),
  );
  return db.prepare<[], { value: string }>("SELECT value FROM sandbox_secrets WHERE name = 'idempotency'").get()!.value;
}

/**
 * What an `x-idempotency-key` is stored as: a keyed HMAC of it, never the key. A key is the
 * merchant's free text, and one may hold a card number; the store only needs to find the key
 * again, which the digest does as well (docs/orders-and-charges.md#idempotency). Prefixed, so it
 * can never equal a body's fingerprint made with the same secret.
 */
export const idempotencyKeyDigest = (secret: string, key: string): string =>
  createHmac('sha256', secret).update(`x-idempotency-key\0${key}`).digest('hex');
