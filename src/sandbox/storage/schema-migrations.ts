import { addPixColumns, merchantSchema } from '../merchants/merchant-store';
import { qrCodeSchema } from '../pix/qr-code-store';
import { publicKeySchema } from '../public-keys/public-key-store';
import { sessionSchema } from '../sessions/session-store';
import { authenticationSchema, threeDsMethodColumns } from '../three-ds/authentication-store';
import { cardVaultSchema } from '../cards/card-vault';
import { challengeAttemptsSchema } from '../challenge/challenge-attempts';
import { chargeSchema } from '../charges/charge-store';
import { idempotencySchema, sandboxSecretsSchema } from '../http/idempotency';
import { orderSchema } from '../orders/order-store';
import { webhookOutboxSchema } from '../webhooks/webhook-outbox';
import type { Migration } from './migrations';

/**
 * The sandbox's schema history, oldest first. Version 1 is the schema of the first release
 * (0.1.0), every table created with IF NOT EXISTS, so it also adopts a file written before
 * versions existed. Each feature's schema string must therefore stay as released: a later
 * change to a table is a new step here (ALTER TABLE, a new table), never an edit.
 */
export const SCHEMA_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'tables of the first release',
    up: (db) => {
      for (const sql of [
        merchantSchema,
        sessionSchema,
        publicKeySchema,
        authenticationSchema,
        cardVaultSchema,
        challengeAttemptsSchema,
        orderSchema,
        chargeSchema,
        idempotencySchema,
      ])
        db.exec(sql);
    },
  },
  {
    version: 2,
    name: 'webhook outbox',
    up: (db) => db.exec(webhookOutboxSchema),
  },
  {
    version: 3,
    name: 'why a challenge ended, and the database secret for idempotency fingerprints',
    up: (db) => {
      db.exec('ALTER TABLE authentications ADD COLUMN end_reason TEXT');
      db.exec(sandboxSecretsSchema);
    },
  },
  {
    version: 4,
    name: 'the 3DS Method and the EMV result of authentications',
    up: (db) => {
      for (const sql of threeDsMethodColumns) db.exec(sql);
    },
  },
  {
    version: 5,
    name: "Pix: orders' QR codes, and each account's Pix key and city",
    up: (db) => {
      addPixColumns(db);
      db.exec(qrCodeSchema);
    },
  },
];
