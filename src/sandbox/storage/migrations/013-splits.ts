import { addColumnOnce, type Migration } from '../migrations';

/**
 * Version 11: a charge's split among receiving accounts (docs/splits.md), as JSON with its custody
 * state, and the split's id, indexed so GET /splits/{id} finds its charge; a Pix QR code's split,
 * which its payment's charge takes. NULL on existing rows.
 */
export const splits: Migration = {
  version: 13,
  name: "a charge's split among receivers, a QR code's split and arrangements",
  up: (db) => {
    addColumnOnce(db, 'charges', 'split_id', 'TEXT');
    addColumnOnce(db, 'charges', 'splits', 'TEXT');
    // A Pix QR code's split, passed to the charge its payment makes.
    addColumnOnce(db, 'qr_codes', 'splits', 'TEXT');
    // How a QR code may be paid (PIX, PAGBANK), as JSON; NULL on existing codes, which were Pix only.
    addColumnOnce(db, 'qr_codes', 'arrangements', 'TEXT');
    db.exec('CREATE UNIQUE INDEX IF NOT EXISTS charges_split_id ON charges (split_id) WHERE split_id IS NOT NULL');
  },
};
