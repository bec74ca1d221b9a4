import type { Migration } from '../migrations';

/**
 * Version 14: each code submitted in a challenge, in order (docs/console.md#3ds-authentications):
 * the code as typed (card-like digits masked, cut short), when on the sandbox's clock, through
 * which door (the issuer page or POST /sandbox/3ds/authentications/{id}/challenge), accepted or
 * refused, and what it decided. A file of an earlier version keeps its challenges' count of wrong
 * codes (`challenge_attempts`) and has no codes for them.
 */
export const challengeCodes: Migration = {
  version: 14,
  name: 'the codes submitted in each 3DS challenge',
  up: (db) => {
    db.exec(`
CREATE TABLE IF NOT EXISTS challenge_codes (
  authentication_id TEXT NOT NULL REFERENCES authentications(id),
  seq INTEGER NOT NULL,
  code TEXT NOT NULL,
  at INTEGER NOT NULL,
  via TEXT NOT NULL,
  result TEXT NOT NULL,
  outcome TEXT NOT NULL,
  PRIMARY KEY (authentication_id, seq)
) WITHOUT ROWID;`);
  },
};
