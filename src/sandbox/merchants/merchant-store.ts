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
  private readonly dataVersion;
  /**
   * Accounts read so far, by id and by token hash: two reads and a JSON parse on every request
   * were a tenth of the 3DS endpoint's time (docs/performance.md). Every write of this store
   * empties them, and so does a write by another connection to the same data file (SQLite's
   * data_version moves), so a changed setting or secret applies from the next request on.
   */
  private readonly cachedById = new Map<string, Merchant>();
  private readonly cachedByHash = new Map<string, Merchant>();
  private seenVersion: number | undefined;

  constructor(db: Db) {
    // An in-memory database has no other connection: nothing can change it behind this store's back.
    this.dataVersion = db.memory ? undefined : db.prepare<[], number>('PRAGMA data_version').pluck();
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
      `UPDATE merchants SET name = ?, pci_homologated = ?, sub_merchant_enabled = ?, released_mccs = ?,
         installment_rate_bp = ?, merchant_city = ?, pix_key = ? WHERE id = ?`,
    );
    this.updateSecret = db.prepare('UPDATE merchants SET webhook_secret = ? WHERE id = ?');
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
    this.forget();
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
    this.forgetIfChangedElsewhere();
    const cached = this.cachedById.get(id);
    if (cached) return cached;
    const row = this.byId.get(id);
    return row && this.remember(toMerchant(row), row.token_hash);
  }

  /**
   * The merchant a bearer token belongs to. The lookup is by the token's SHA-256, so the index
   * never compares secret bytes an attacker can steer prefix by prefix.
   */
  byToken(token: string): Merchant | undefined {
    this.forgetIfChangedElsewhere();
    const tokenHash = hash(token);
    const cached = this.cachedByHash.get(tokenHash);
    if (cached) return cached;
    const row = this.byHash.get(tokenHash);
    return row && this.remember(toMerchant(row), row.token_hash);
  }

  /** Keeps an account read from its row, frozen: every request gets the same object, so none may change it. */
  private remember(merchant: Merchant, tokenHash: string): Merchant {
    Object.freeze(merchant.releasedMccs);
    Object.freeze(merchant);
    this.cachedById.set(merchant.id, merchant);
    this.cachedByHash.set(tokenHash, merchant);
    return merchant;
  }

  private forget(): void {
    this.cachedById.clear();
    this.cachedByHash.clear();
  }

  /** Another connection to the data file (another process) committed: what was read may be stale. */
  private forgetIfChangedElsewhere(): void {
    if (!this.dataVersion) return;
    const version = this.dataVersion.get();
    if (version !== this.seenVersion) {
      this.forget();
      this.seenVersion = version;
    }
  }

  /** Changes an account's settings (PCI homologation, sub-merchant function, released MCCs, installment rate, its Pix name, city and key). */
  update(id: string, patch: Partial<Omit<Merchant, 'id' | 'webhookSecret'>>): Merchant | undefined {
    const current = this.get(id);
    if (!current) return undefined;
    const next = { ...current, ...patch };
    this.forget();
    this.updateSettings.run(
      next.name,
      next.pciHomologated ? 1 : 0,
      next.subMerchantEnabled ? 1 : 0,
      JSON.stringify(next.releasedMccs),
      next.installmentRateBp,
      next.merchantCity,
      next.pixKey,
      id,
    );
    return this.get(id);
  }

  /** Replaces the account's webhook secret with a new one, at once, and returns the account. */
  rotateWebhookSecret(id: string): Merchant | undefined {
    this.forget();
    return this.updateSecret.run(newWebhookSecret(), id).changes ? this.get(id) : undefined;
  }
}
