import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { timestamp, type Clock } from '../clock';
import type { Db } from '../storage/database';
import { ID_PREFIXES, newId } from '../values/resource-id';

/** A replaced key keeps decrypting for this long, so cards encrypted just before a rotation still work. */
export const KEY_OVERLAP_MS = 7 * 24 * 60 * 60_000;

/** A merchant's card-encryption key pair. The private key never leaves the sandbox. */
export interface PublicKeyRecord {
  id: string;
  merchantId: string;
  /** Base64 of the DER SubjectPublicKeyInfo (RSA-2048), as POST /public-keys returns it. */
  publicKey: string;
  /** PKCS#8 PEM, for RSA-OAEP (SHA-256) decryption of encrypted cards. */
  privateKeyPem: string;
  /** When it was made, in epoch milliseconds: the provider answers `created_at` as this integer (docs/rules.md#success-answers). */
  createdAt: number;
  /** When a newer key replaced this one, the end of its 7 days of overlap; null for the current key. */
  retiresAt: string | null;
}

interface Row {
  id: string;
  merchant_id: string;
  public_key: string;
  private_key_pem: string;
  created_at: number;
  retires_at: number | null;
}

const toRecord = (r: Row): PublicKeyRecord => ({
  id: r.id,
  merchantId: r.merchant_id,
  publicKey: r.public_key,
  privateKeyPem: r.private_key_pem,
  createdAt: r.created_at,
  retiresAt: r.retires_at === null ? null : timestamp(new Date(r.retires_at)),
});

const generateRsa = promisify(generateKeyPair);

/** Card-encryption keys per merchant: one current key, replaced keys valid 7 more days. */
export class PublicKeyStore {
  private readonly rotate;
  private readonly currentKey;
  private readonly validRows;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.currentKey = db.prepare<[string], Row>(
      'SELECT * FROM public_keys WHERE merchant_id = ? AND retires_at IS NULL',
    );
    // Every encrypted card runs this: current key first, then retiring ones, newest first.
    this.validRows = db.prepare<[string, number], Row>(
      'SELECT * FROM public_keys WHERE merchant_id = ? AND (retires_at IS NULL OR retires_at > ?) ORDER BY created_at DESC, rowid DESC',
    );
    const retire = db.prepare('UPDATE public_keys SET retires_at = ? WHERE merchant_id = ? AND retires_at IS NULL');
    const insert = db.prepare(
      'INSERT INTO public_keys (id, merchant_id, public_key, private_key_pem, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    // One transaction: the merchant never has two current keys, nor none.
    this.rotate = db.transaction((row: Row) => {
      retire.run(row.created_at + KEY_OVERLAP_MS, row.merchant_id);
      insert.run(row.id, row.merchant_id, row.public_key, row.private_key_pem, row.created_at);
    });
  }

  /** Makes a new RSA-2048 key pair the merchant's current key; the previous one retires in 7 days. */
  async create(merchantId: string): Promise<PublicKeyRecord> {
    // Key generation takes tens of milliseconds: off the event loop, so other requests go on.
    const { publicKey, privateKey } = await generateRsa('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const row: Row = {
      id: newId(ID_PREFIXES.publicKey),
      merchant_id: merchantId,
      public_key: publicKey.toString('base64'),
      private_key_pem: privateKey,
      created_at: this.clock.now().getTime(),
      retires_at: null,
    };
    this.rotate(row);
    return toRecord(row);
  }

  /** The merchant's current key, if it has made one. */
  current(merchantId: string): PublicKeyRecord | undefined {
    const row = this.currentKey.get(merchantId);
    return row && toRecord(row);
  }

  /** Keys that may still decrypt a card of the merchant: the current one first, then retiring ones, newest first. */
  validKeys(merchantId: string): PublicKeyRecord[] {
    return this.validRows.all(merchantId, this.clock.now().getTime()).map(toRecord);
  }
}
