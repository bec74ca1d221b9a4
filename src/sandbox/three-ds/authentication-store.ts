import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AuthenticationOutcomeValue, AuthenticationStatusValue, ChallengeEndReason } from '../../core/authentication-resource';
import type { CardPaymentType } from '../../core/authentication-request';
import type { CardBrand } from '../../core/card-brand';
import { timestamp, type Clock } from '../clock';
import type { Db } from '../storage/database';

/** How long the shopper has to finish a challenge, from the authentication's creation. */
export const CHALLENGE_WINDOW_MS = 10 * 60_000;
/** How long a completed authentication id stays usable for an order, from its completion. */
export const COMPLETED_VALIDITY_MS = 30 * 60_000;

/** How the card reached the authentication: clear number, tokenized card id, or encrypted card. */
export type CardSource = 'number' | 'id' | 'encrypted';

/**
 * A 3DS authentication as stored. Never the card number or security code: brand, first 6,
 * last 4 and expiry only. Timestamps are ISO 8601 strings with an offset (docs/rules.md#formats).
 */
export interface AuthenticationRecord {
  /** `3DS_<uuid>`. */
  id: string;
  merchantId: string;
  status: AuthenticationStatusValue;
  /** Set once the flow completed (AUTH_FLOW_COMPLETED), null before and for other statuses. */
  authenticationStatus: AuthenticationOutcomeValue | null;
  /** Why a CANCELED challenge ended; null for every other status. */
  endReason: ChallengeEndReason | null;
  brand: CardBrand;
  issuer: string | null;
  amountValue: number;
  currency: 'BRL';
  installments: number;
  cardType: CardPaymentType;
  cardSource: CardSource;
  /** First 6 digits, whatever form the card came in (the vault keeps them for a card id; an encrypted card is decrypted). */
  firstDigits: string;
  /** Last 4 digits, whatever form the card came in. */
  lastDigits: string;
  expMonth: number | null;
  expYear: number | null;
  createdAt: string;
  updatedAt: string;
  /** REQUIRE_CHALLENGE: end of the challenge window. Completed: end of its use for an order. */
  expiresAt: string;
  usedAt: string | null;
  /** The order or charge id that used it. */
  usedBy: string | null;
}

/** What the 3DS engine decided, to be stored as a new authentication. */
export interface NewAuthentication
  extends Omit<AuthenticationRecord, 'id' | 'endReason' | 'currency' | 'createdAt' | 'updatedAt' | 'expiresAt' | 'usedAt' | 'usedBy'> {
  /** A result the issuer forces when the challenge ends (a sandbox card's scenario). */
  forcedOutcome: AuthenticationOutcomeValue | null;
}

export const authenticationSchema = `
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

interface Row {
  id: string;
  merchant_id: string;
  status: AuthenticationStatusValue;
  authentication_status: AuthenticationOutcomeValue | null;
  end_reason: ChallengeEndReason | null;
  brand: CardBrand;
  issuer: string | null;
  amount_value: number;
  currency: 'BRL';
  installments: number;
  card_type: CardPaymentType;
  card_source: CardSource;
  first_digits: string;
  last_digits: string;
  exp_month: number | null;
  exp_year: number | null;
  challenge_token_hash: string | null;
  created_at: number;
  updated_at: number;
  expires_at: number;
  used_at: number | null;
  used_by: string | null;
}

// The challenge token opens the challenge page; stored hashed so the database file cannot open one.
const hashToken = (token: string) => createHash('sha256').update(token).digest();

const toRecord = (r: Row): AuthenticationRecord => ({
  id: r.id,
  merchantId: r.merchant_id,
  status: r.status,
  authenticationStatus: r.authentication_status,
  endReason: r.end_reason,
  brand: r.brand,
  issuer: r.issuer,
  amountValue: r.amount_value,
  currency: r.currency,
  installments: r.installments,
  cardType: r.card_type,
  cardSource: r.card_source,
  firstDigits: r.first_digits,
  lastDigits: r.last_digits,
  expMonth: r.exp_month,
  expYear: r.exp_year,
  createdAt: timestamp(new Date(r.created_at)),
  updatedAt: timestamp(new Date(r.updated_at)),
  expiresAt: timestamp(new Date(r.expires_at)),
  usedAt: r.used_at === null ? null : timestamp(new Date(r.used_at)),
  usedBy: r.used_by,
});

/** Stores 3DS authentications: the 3DS engine creates them, challenge pages complete them, orders use them. */
export class AuthenticationStore {
  private readonly insert;
  private readonly byId;
  private readonly byIdAndMerchant;
  private readonly complete;
  private readonly use;
  private readonly cancel;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.insert = db.prepare(
      `INSERT INTO authentications (id, merchant_id, status, authentication_status, brand, issuer, amount_value, currency, installments,
         card_type, card_source, first_digits, last_digits, exp_month, exp_year, forced_outcome, challenge_token_hash, created_at, updated_at, expires_at)
       VALUES (@id, @merchantId, @status, @authenticationStatus, @brand, @issuer, @amountValue, 'BRL', @installments,
         @cardType, @cardSource, @firstDigits, @lastDigits, @expMonth, @expYear, @forcedOutcome, @tokenHash, @now, @now, @expiresAt)`,
    );
    this.byId = db.prepare<[string], Row>('SELECT * FROM authentications WHERE id = ?');
    this.byIdAndMerchant = db.prepare<[string, string], Row>('SELECT * FROM authentications WHERE id = ? AND merchant_id = ?');
    this.complete = db.prepare<{ id: string; outcome: string; now: number; expiresAt: number }, Row>(
      `UPDATE authentications
         SET status = 'AUTH_FLOW_COMPLETED', authentication_status = COALESCE(forced_outcome, @outcome), updated_at = @now, expires_at = @expiresAt
       WHERE id = @id AND status = 'REQUIRE_CHALLENGE' AND expires_at > @now
       RETURNING *`,
    );
    this.cancel = db.prepare<{ id: string; reason: ChallengeEndReason; now: number }, Row>(
      `UPDATE authentications SET status = 'CANCELED', end_reason = @reason, updated_at = @now
       WHERE id = @id AND status = 'REQUIRE_CHALLENGE'
       RETURNING *`,
    );
    this.use = db.prepare<{ id: string; merchantId: string; usedBy: string; now: number }>(
      `UPDATE authentications SET used_at = @now, used_by = @usedBy, updated_at = @now
       WHERE id = @id AND merchant_id = @merchantId AND used_at IS NULL AND status = 'AUTH_FLOW_COMPLETED' AND expires_at > @now`,
    );
  }

  /**
   * Stores a new authentication. For REQUIRE_CHALLENGE it also returns the challenge token,
   * which exists only in this return value (the row keeps its hash).
   */
  create(input: NewAuthentication): { record: AuthenticationRecord; challengeToken: string | null } {
    const now = this.clock.now().getTime();
    const id = `3DS_${randomUUID()}`;
    const challenge = input.status === 'REQUIRE_CHALLENGE';
    const challengeToken = challenge ? randomBytes(32).toString('base64url') : null;
    const row: Row = {
      id,
      merchant_id: input.merchantId,
      status: input.status,
      authentication_status: input.authenticationStatus,
      end_reason: null,
      brand: input.brand,
      issuer: input.issuer,
      amount_value: input.amountValue,
      currency: 'BRL',
      installments: input.installments,
      card_type: input.cardType,
      card_source: input.cardSource,
      first_digits: input.firstDigits,
      last_digits: input.lastDigits,
      exp_month: input.expMonth,
      exp_year: input.expYear,
      challenge_token_hash: challengeToken && hashToken(challengeToken).toString('hex'),
      created_at: now,
      updated_at: now,
      expires_at: now + (challenge ? CHALLENGE_WINDOW_MS : COMPLETED_VALIDITY_MS),
      used_at: null,
      used_by: null,
    };
    this.insert.run({
      ...input,
      id,
      now,
      expiresAt: row.expires_at,
      tokenHash: row.challenge_token_hash,
    });
    return { record: toRecord(row), challengeToken };
  }

  /** The authentication when it belongs to the merchant; undefined otherwise (answer 404 either way). */
  get(id: string, merchantId: string): AuthenticationRecord | undefined {
    const row = this.byIdAndMerchant.get(id, merchantId);
    return row && toRecord(row);
  }

  /** The authentication, whoever owns it: for the challenge origin, which has no merchant. */
  getById(id: string): AuthenticationRecord | undefined {
    const row = this.byId.get(id);
    return row && toRecord(row);
  }

  /**
   * Ends the challenge: REQUIRE_CHALLENGE (within its window) becomes AUTH_FLOW_COMPLETED with
   * `outcome`, unless the card's sandbox scenario forces NOT_AUTHENTICATED. The completed id is
   * usable for an order for {@link COMPLETED_VALIDITY_MS}. Returns undefined when the
   * authentication is unknown, not awaiting a challenge (a second call), or expired.
   */
  completeChallenge(id: string, outcome: AuthenticationOutcomeValue): AuthenticationRecord | undefined {
    const now = this.clock.now().getTime();
    const row = this.complete.get({ id, outcome, now, expiresAt: now + COMPLETED_VALIDITY_MS });
    return row && toRecord(row);
  }

  /**
   * Ends a challenge the shopper canceled or ran out of time for: REQUIRE_CHALLENGE becomes
   * CANCELED with `reason`, final, so the issuer page can no longer complete it and no order can
   * use it. A challenge already decided keeps its status (the code was accepted first: SQLite
   * orders the two updates). Returns the authentication as it now is, undefined when unknown.
   */
  cancelChallenge(id: string, reason: ChallengeEndReason): AuthenticationRecord | undefined {
    const row = this.cancel.get({ id, reason, now: this.clock.now().getTime() }) ?? this.byId.get(id);
    return row && toRecord(row);
  }

  /**
   * The authentication `token` opens, read once: undefined for an unknown id or a wrong token.
   * The token is compared in constant time.
   */
  byChallengeToken(id: string, token: string): AuthenticationRecord | undefined {
    const row = this.byId.get(id);
    const stored = row?.challenge_token_hash;
    const given = hashToken(token);
    // Compare even without a stored hash, so an unknown id takes the same time as a wrong token.
    const expected = stored ? Buffer.from(stored, 'hex') : Buffer.alloc(given.length);
    return timingSafeEqual(expected, given) && row && stored ? toRecord(row) : undefined;
  }

  /**
   * Marks the authentication used by an order or charge. Atomic: true exactly once, and only
   * for the merchant's completed, unexpired authentication; false when already used (or not usable).
   */
  markUsed(id: string, merchantId: string, usedBy: string): boolean {
    return this.use.run({ id, merchantId, usedBy, now: this.clock.now().getTime() }).changes === 1;
  }
}
