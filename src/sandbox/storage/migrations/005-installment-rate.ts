import type { Migration } from '../migrations';

/** Version 5: the account's installment interest rate, 2,99 % a.m. on every existing row. */
export const installmentRate: Migration = {
  version: 5,
  name: "the account's installment interest rate",
  up: (db) => db.exec('ALTER TABLE merchants ADD COLUMN installment_rate_bp INTEGER NOT NULL DEFAULT 299'),
};
