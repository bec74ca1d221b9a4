import type { Migration } from '../migrations';

const merchants = `
CREATE TABLE IF NOT EXISTS merchants (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  pci_homologated INTEGER NOT NULL DEFAULT 1,
  sub_merchant_enabled INTEGER NOT NULL DEFAULT 1,
  released_mccs TEXT NOT NULL DEFAULT '[]',
  webhook_secret TEXT NOT NULL,
  created_at TEXT NOT NULL
);`;

const sdkSessions = `
CREATE TABLE IF NOT EXISTS sdk_sessions (
  token_hash TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants(id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sdk_sessions_expires_at ON sdk_sessions (expires_at);`;

const publicKeys = `
CREATE TABLE IF NOT EXISTS public_keys (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants(id),
  public_key TEXT NOT NULL,
  private_key_pem TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  retires_at INTEGER
);
CREATE INDEX IF NOT EXISTS public_keys_merchant ON public_keys (merchant_id, created_at);`;

const authentications = `
CREATE TABLE IF NOT EXISTS authentications (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants(id),
  status TEXT NOT NULL,
  authentication_status TEXT,
  brand TEXT NOT NULL,
  issuer TEXT,
  amount_value INTEGER NOT NULL,
  currency TEXT NOT NULL,
  installments INTEGER NOT NULL,
  card_type TEXT NOT NULL,
  card_source TEXT NOT NULL,
  first_digits TEXT NOT NULL,
  last_digits TEXT NOT NULL,
  exp_month INTEGER,
  exp_year INTEGER,
  forced_outcome TEXT,
  challenge_token_hash TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  used_by TEXT
);`;

const storedCards = `
CREATE TABLE IF NOT EXISTS stored_cards (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants(id),
  brand TEXT NOT NULL,
  first_digits TEXT NOT NULL,
  last_digits TEXT NOT NULL,
  exp_month INTEGER NOT NULL,
  exp_year INTEGER NOT NULL,
  holder_name TEXT NOT NULL,
  scenario TEXT NOT NULL,
  created_at TEXT NOT NULL
);`;

/** Wrong codes typed per challenge, kept server side so a reloaded page cannot reset them. */
const challengeAttempts = `
CREATE TABLE IF NOT EXISTS challenge_attempts (
  authentication_id TEXT PRIMARY KEY REFERENCES authentications(id),
  wrong INTEGER NOT NULL
);`;

const orders = `
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants(id),
  reference_id TEXT,
  customer TEXT NOT NULL,
  items TEXT NOT NULL,
  shipping TEXT,
  notification_urls TEXT NOT NULL,
  created_at INTEGER NOT NULL
);`;

// Only what a response shows is stored: payment_method holds brand, first 6 and last 4 digits,
// expiry and holder, never the card number or security code.
const charges = `
CREATE TABLE IF NOT EXISTS charges (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants(id),
  order_id TEXT REFERENCES orders(id),
  reference_id TEXT,
  description TEXT,
  status TEXT NOT NULL,
  amount INTEGER NOT NULL,
  paid INTEGER NOT NULL,
  refunded INTEGER NOT NULL,
  payment_response TEXT NOT NULL,
  payment_method TEXT NOT NULL,
  sub_merchant TEXT,
  notification_urls TEXT NOT NULL,
  authentication_id TEXT UNIQUE,
  boleto_id TEXT UNIQUE,
  capture_before INTEGER,
  created_at INTEGER NOT NULL,
  paid_at INTEGER,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS charges_by_order ON charges (order_id, created_at);`;

const idempotencyKeys = `
CREATE TABLE IF NOT EXISTS idempotency_keys (
  merchant_id TEXT NOT NULL REFERENCES merchants(id),
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  status INTEGER NOT NULL,
  response TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (merchant_id, scope, key)
);`;

/**
 * Version 1: the schema of the first release (0.1.0). Every table is created with IF NOT EXISTS,
 * so this step also adopts a file written before versions existed. As released: never edited.
 */
export const firstRelease: Migration = {
  version: 1,
  name: 'tables of the first release',
  up: (db) => {
    for (const sql of [
      merchants,
      sdkSessions,
      publicKeys,
      authentications,
      storedCards,
      challengeAttempts,
      orders,
      charges,
      idempotencyKeys,
    ])
      db.exec(sql);
  },
};
