import type { Migration } from '../migrations';

/**
 * The database's own secret for request fingerprints, made on first use. Not the bearer token:
 * the sandbox's default token is new at every start, and a retry after a restart must still find
 * its first result.
 */
const sandboxSecrets = `
CREATE TABLE IF NOT EXISTS sandbox_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);`;

/** Version 3: why a challenge ended, and the database secret for idempotency fingerprints. */
export const challengeEndAndSecrets: Migration = {
  version: 3,
  name: 'why a challenge ended, and the database secret for idempotency fingerprints',
  up: (db) => {
    db.exec('ALTER TABLE authentications ADD COLUMN end_reason TEXT');
    db.exec(sandboxSecrets);
  },
};
