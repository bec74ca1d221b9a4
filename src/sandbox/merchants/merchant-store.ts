import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../storage/database';
import { sha256 } from '../crypto/sha256';
import { DEFAULT_INSTALLMENT_RATE_BP } from '../charges/installment-plans';

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
  /** Monthly interest of the installment plans with interest, in hundredths of a percent (299 = 2,99 % a.m.). */
  installmentRateBp: number;
  /**
   * Key of the HMAC that signs this account's webhooks (`whsec_…`). Separate from the bearer
   * token so a webhook receiver never holds an API credential. Stored as is: signing needs the
   * key itself, where the token is only compared (and stored hashed).
   */
  webhookSecret: string;
  /** The city its Pix codes name (docs/pix.md#the-br-code). */
  merchantCity: string;
  /** The Pix key its Pix codes pay into: by default a random key (EVP) of its own. */
  pixKey: string;
}

/** A new account's Pix key: a random key (EVP), the kind a bank gives an account that registers no other. */
const newPixKey = (): string => randomUUID();

/** A new webhook signing secret: `whsec_` and 256 random bits. */
const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

interface Row {
  id: string;
  name: string;
  token_hash: string;
  pci_homologated: number;
  sub_merchant_enabled: number;
  released_mccs: string;
  installment_rate_bp: number;
  webhook_secret: string;
  merchant_city: string;
  pix_key: string;
}

// Tokens are stored hashed: a copied database file does not leak working credentials.
const hash = (token: string) => sha256(token, 'hex');

const toMerchant = (r: Row): Merchant => ({
  id: r.id,
  name: r.name,
  pciHomologated: r.pci_homologated === 1,
  subMerchantEnabled: r.sub_merchant_enabled === 1,
  releasedMccs: JSON.parse(r.released_mccs) as string[],
  installmentRateBp: r.installment_rate_bp,
  webhookSecret: r.webhook_secret,
  merchantCity: r.merchant_city,
  pixKey: r.pix_key,
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
      `INSERT INTO merchants (id, name, token_hash, pci_homologated, sub_merchant_enabled, released_mccs,
         installment_rate_bp, webhook_secret, pix_key, merchant_city, created_at)
       VALUES (@id, @name, @token_hash, @pci, @sub, @mccs, @rate, COALESCE(@secret, @fresh),
         COALESCE(@pix_key, @fresh_pix_key), COALESCE(@city, 'SAO PAULO'), @now)
       ON CONFLICT(id) DO UPDATE SET name = excluded.name, token_hash = excluded.token_hash,
         pci_homologated = excluded.pci_homologated, sub_merchant_enabled = excluded.sub_merchant_enabled,
         released_mccs = excluded.released_mccs, installment_rate_bp = excluded.installment_rate_bp,
         webhook_secret = COALESCE(@secret, merchants.webhook_secret),
         pix_key = COALESCE(@pix_key, merchants.pix_key), merchant_city = COALESCE(@city, merchants.merchant_city)`,
    );
    this.updateSettings = db.prepare(
      `UPDATE merchants SET name = @name, pci_homologated = @pci, sub_merchant_enabled = @sub, released_mccs = @mccs,
         installment_rate_bp = @rate, merchant_city = @city, pix_key = @pix_key WHERE id = @id`,
    );
    this.updateSecret = db.prepare('UPDATE merchants SET webhook_secret = @secret WHERE id = @id');
  }

  /**
   * Creates the merchant, or updates its settings when the id exists (so restarts keep one row).
   * The webhook secret, the Pix key and the city are the ones given, else the row's (a restart
   * keeps them), else new: a random secret and key, the city `SAO PAULO`. The installment rate is
   * the one given, else the default, like the other settings.
   */
  upsert(
    m: Omit<Merchant, 'webhookSecret' | 'merchantCity' | 'pixKey' | 'installmentRateBp'> &
      Partial<Pick<Merchant, 'webhookSecret' | 'merchantCity' | 'pixKey' | 'installmentRateBp'>> & { token: string },
  ): Merchant {
    this.upsertRow.run({
      id: m.id,
      name: m.name,
      token_hash: hash(m.token),
      pci: m.pciHomologated ? 1 : 0,
      sub: m.subMerchantEnabled ? 1 : 0,
      mccs: JSON.stringify(m.releasedMccs),
      rate: m.installmentRateBp ?? DEFAULT_INSTALLMENT_RATE_BP,
      secret: m.webhookSecret ?? null,
      fresh: newWebhookSecret(),
      pix_key: m.pixKey ?? null,
      fresh_pix_key: newPixKey(),
      city: m.merchantCity ?? null,
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

  /** Changes an account's settings (PCI homologation, sub-merchant function, released MCCs, installment rate, its Pix name, city and key). */
  update(id: string, patch: Partial<Omit<Merchant, 'id' | 'webhookSecret'>>): Merchant | undefined {
    const current = this.get(id);
    if (!current) return undefined;
    const next = { ...current, ...patch };
    this.updateSettings.run({
      id,
      name: next.name,
      pci: next.pciHomologated ? 1 : 0,
      sub: next.subMerchantEnabled ? 1 : 0,
      mccs: JSON.stringify(next.releasedMccs),
      rate: next.installmentRateBp,
      city: next.merchantCity,
      pix_key: next.pixKey,
    });
    return this.get(id);
  }

  /** Replaces the account's webhook secret with a new one, at once, and returns the account. */
  rotateWebhookSecret(id: string): Merchant | undefined {
    return this.updateSecret.run({ secret: newWebhookSecret(), id }).changes ? this.get(id) : undefined;
  }
}
