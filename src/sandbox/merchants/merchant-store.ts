import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../storage/database';

/** A merchant account of the sandbox and its settings (docs/account-settings.md). */
export interface Merchant {
  id: string;
  name: string;
  /** Completed PCI homologation: may send clear card data. */
  pciHomologated: boolean;
  /** May create sub-merchant (payment facilitator) charges. */
  subMerchantEnabled: boolean;
  /** High-risk MCCs released for this account. */
  releasedMccs: string[];
  /**
   * Key of the HMAC that signs this account's webhooks (`whsec_…`). Separate from the bearer
   * token so a webhook receiver never holds an API credential. Stored as is: signing needs the
   * key itself, where the token is only compared (and stored hashed).
   */
  webhookSecret: string;
}

/** A new webhook signing secret: `whsec_` and 256 random bits. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

export const merchantSchema = `
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

interface Row {
  id: string;
  name: string;
  token_hash: string;
  pci_homologated: number;
  sub_merchant_enabled: number;
  released_mccs: string;
  webhook_secret: string;
}

// Tokens are stored hashed: a copied database file does not leak working credentials.
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

const toMerchant = (r: Row): Merchant => ({
  id: r.id,
  name: r.name,
  pciHomologated: r.pci_homologated === 1,
  subMerchantEnabled: r.sub_merchant_enabled === 1,
  releasedMccs: JSON.parse(r.released_mccs) as string[],
  webhookSecret: r.webhook_secret,
});

export class MerchantStore {
  // Prepared once: byToken runs on every merchant request and get on every SDK request.
  private readonly byId;
  private readonly byHash;
  private readonly upsertRow;
  private readonly updateSettings;
  private readonly updateSecret;

  constructor(db: Db) {
    this.byId = db.prepare<[string], Row>('SELECT * FROM merchants WHERE id = ?');
    this.byHash = db.prepare<[string], Row>('SELECT * FROM merchants WHERE token_hash = ?');
    this.upsertRow = db.prepare(
      `INSERT INTO merchants (id, name, token_hash, pci_homologated, sub_merchant_enabled, released_mccs, webhook_secret, created_at)
       VALUES (@id, @name, @token_hash, @pci, @sub, @mccs, COALESCE(@secret, @fresh), @now)
       ON CONFLICT(id) DO UPDATE SET name = excluded.name, token_hash = excluded.token_hash,
         pci_homologated = excluded.pci_homologated, sub_merchant_enabled = excluded.sub_merchant_enabled,
         released_mccs = excluded.released_mccs, webhook_secret = COALESCE(@secret, merchants.webhook_secret)`,
    );
    this.updateSettings = db.prepare(
      'UPDATE merchants SET pci_homologated = ?, sub_merchant_enabled = ?, released_mccs = ? WHERE id = ?',
    );
    this.updateSecret = db.prepare('UPDATE merchants SET webhook_secret = ? WHERE id = ?');
  }

  /**
   * Creates the merchant, or updates its settings when the id exists (so restarts keep one row).
   * The webhook secret is the one given, else the one the row has (a restart keeps it), else new.
   */
  upsert(m: Omit<Merchant, 'webhookSecret'> & { token: string; webhookSecret?: string }): Merchant {
    this.upsertRow.run({
      id: m.id,
      name: m.name,
      token_hash: hash(m.token),
      pci: m.pciHomologated ? 1 : 0,
      sub: m.subMerchantEnabled ? 1 : 0,
      mccs: JSON.stringify(m.releasedMccs),
      secret: m.webhookSecret ?? null,
      fresh: newWebhookSecret(),
      now: new Date().toISOString(),
    });
    return this.get(m.id)!;
  }

  get(id: string): Merchant | undefined {
    const row = this.byId.get(id);
    return row && toMerchant(row);
  }

  /**
   * The merchant a bearer token belongs to. The lookup is by the token's SHA-256, so the index
   * never compares secret bytes an attacker can steer prefix by prefix.
   */
  byToken(token: string): Merchant | undefined {
    const row = this.byHash.get(hash(token));
    return row && toMerchant(row);
  }

  /** Changes an account's settings (PCI homologation, sub-merchant function, released MCCs). */
  update(id: string, patch: Partial<Omit<Merchant, 'id' | 'name' | 'webhookSecret'>>): Merchant | undefined {
    const current = this.get(id);
    if (!current) return undefined;
    const next = { ...current, ...patch };
    this.updateSettings.run(
      next.pciHomologated ? 1 : 0,
      next.subMerchantEnabled ? 1 : 0,
      JSON.stringify(next.releasedMccs),
      id,
    );
    return this.get(id);
  }

  /** Replaces the account's webhook secret with a new one, at once, and returns the account. */
  rotateWebhookSecret(id: string): Merchant | undefined {
    return this.updateSecret.run(newWebhookSecret(), id).changes ? this.get(id) : undefined;
  }
}
