import type { Db } from './database';

/**
 * The tables POST /sandbox/reset empties, children before parents (the foreign keys): every
 * payment, authentication, session, stored card, idempotency key and notification. The accounts
 * (merchants, their public keys) and the sandbox's own secrets stay (docs/sandbox-operations.md#reset).
 */
const DATA_TABLES = [
  'delivery_resources',
  'webhook_attempts',
  'webhook_outbox',
  'idempotency_keys',
  'challenge_codes',
  'challenge_attempts',
  'checkout_orders',
  'checkouts',
  'qr_codes',
  'charges',
  'orders',
  'authentications',
  'stored_cards',
  'sdk_sessions',
] as const;

/** Empties the data tables; run it inside a transaction with the rest of a reset. */
export function resetData(db: Db): void {
  for (const table of DATA_TABLES) db.exec(`DELETE FROM ${table}`);
}
