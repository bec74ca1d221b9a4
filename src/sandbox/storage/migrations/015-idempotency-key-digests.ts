import { idempotencyKeyDigest, idempotencySecret } from '../idempotency-key-digest';
import type { Migration } from '../migrations';

/**
 * Version 15: idempotency keys are stored as their digest (storage/idempotency-key-digest.ts), never as
 * sent, since a merchant's key may hold a card number. The keys a file of an earlier version holds
 * are replaced by their digests, so a retry within the day still finds its first result.
 */
export const idempotencyKeyDigests: Migration = {
  version: 15,
  name: 'idempotency keys stored as their digests',
  up: (db) => {
    const rows = db
      .prepare<[], { merchant_id: string; scope: string; key: string }>(
        'SELECT merchant_id, scope, key FROM idempotency_keys',
      )
      .all();
    if (rows.length === 0) return;
    const secret = idempotencySecret(db);
    const update = db.prepare<[string, string, string, string]>(
      'UPDATE idempotency_keys SET key = ? WHERE merchant_id = ? AND scope = ? AND key = ?',
    );
    for (const row of rows) update.run(idempotencyKeyDigest(secret, row.key), row.merchant_id, row.scope, row.key);
  },
};
