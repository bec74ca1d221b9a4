import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type {
  AuthenticationOutcomeValue,
  AuthenticationStatusValue,
  ChallengeEndReason,
  MethodCompletion,
} from '../../core/authentication-resource';
import type { CardPaymentType } from '../../core/authentication-request';
import type { CardBrand } from '../../core/card-brand';
import type { ChallengeWindowSize } from '../../core/challenge-window-size';
import { timestamp, type Clock } from '../clock';
import type { Db } from '../storage/database';
import { RandomPool } from '../crypto/random-pool';

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
  /** The card range's 3DS Method: its page notifies, or never does; null without a method URL. */
  methodMode: 'NOTIFIES' | 'SILENT' | null;
  /** What the ACS did so far: null, FINGERPRINTED (the method page got the data), NOTIFIED (it posted the notification). */
  methodState: 'FINGERPRINTED' | 'NOTIFIED' | null;
  /** The 3DS server's id of this transaction, in threeDSMethodData; null without a method. */
  threeDsServerTransId: string | null;
  /** What the issuer does after the method: FRICTIONLESS (when the indicator is Y) or CHALLENGE. */
  afterMethod: 'FRICTIONLESS' | 'CHALLENGE' | null;
  methodCompletion: MethodCompletion | null;
  challengeWindowSize: ChallengeWindowSize | null;
  /** The CAVV of an authenticated (Y) result: for the merchant's read only, never logged nor sent to the browser. */
  authenticationValue: string | null;
  /** EMV browserAcceptHeader and browserIP: taken by the server from the SDK's request, never from the page's data. */
  browserAcceptHeader: string | null;
  browserIp: string | null;
}

/** What the 3DS engine decided, to be stored as a new authentication. */
export interface NewAuthentication
  extends Omit<
    AuthenticationRecord,
    | 'id'
    | 'endReason'
    | 'currency'
    | 'createdAt'
    | 'updatedAt'
    | 'expiresAt'
    | 'usedAt'
    | 'usedBy'
    | 'methodState'
    | 'threeDsServerTransId'
    | 'authenticationValue'
    | 'browserAcceptHeader'
    | 'browserIp'
  > {
  /** The request's accept header and the client's IP address, when the route has them. */
  browser?: { acceptHeader: string | null; ip: string | null };
  /** A result the issuer forces when the challenge ends (a sandbox card's scenario). */
  forcedOutcome: AuthenticationOutcomeValue | null;
}

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
  method_mode: AuthenticationRecord['methodMode'];
  method_state: AuthenticationRecord['methodState'];
  three_ds_server_trans_id: string | null;
  after_method: AuthenticationRecord['afterMethod'];
  method_completion: MethodCompletion | null;
  challenge_window_size: ChallengeWindowSize | null;
  authentication_value: string | null;
  browser_accept_header: string | null;
  browser_ip: string | null;
}

/** The insert's parameters, in the order of its placeholders. */
type InsertParams = [
  id: string,
  merchantId: string,
  status: AuthenticationStatusValue,
  authenticationStatus: AuthenticationOutcomeValue | null,
  brand: CardBrand,
  issuer: string | null,
  amountValue: number,
  installments: number,
  cardType: CardPaymentType,
  cardSource: CardSource,
  firstDigits: string,
  lastDigits: string,
  expMonth: number | null,
  expYear: number | null,
  forcedOutcome: AuthenticationOutcomeValue | null,
  challengeTokenHash: string | null,
  createdAt: number,
  updatedAt: number,
  expiresAt: number,
  methodMode: AuthenticationRecord['methodMode'],
  threeDsServerTransId: string | null,
  afterMethod: AuthenticationRecord['afterMethod'],
  methodCompletion: MethodCompletion | null,
  challengeWindowSize: ChallengeWindowSize | null,
  authenticationValue: string | null,
  browserAcceptHeader: string | null,
  browserIp: string | null,
];

// The challenge token opens the challenge page; stored hashed so the database file cannot open one.
const hashToken = (token: string) => createHash('sha256').update(token).digest();

const toRecord = (r: Row): AuthenticationRecord => {
  // A new row was created and updated at the same instant: one formatted time serves both.
  const createdAt = timestamp(new Date(r.created_at));
  return {
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
    createdAt,
    updatedAt: r.updated_at === r.created_at ? createdAt : timestamp(new Date(r.updated_at)),
    expiresAt: timestamp(new Date(r.expires_at)),
    usedAt: r.used_at === null ? null : timestamp(new Date(r.used_at)),
    usedBy: r.used_by,
    methodMode: r.method_mode ?? null,
    methodState: r.method_state ?? null,
    threeDsServerTransId: r.three_ds_server_trans_id ?? null,
    afterMethod: r.after_method ?? null,
    methodCompletion: r.method_completion ?? null,
    challengeWindowSize: r.challenge_window_size ?? null,
    authenticationValue: r.authentication_value ?? null,
    browserAcceptHeader: r.browser_accept_header ?? null,
    browserIp: r.browser_ip ?? null,
  };
};

/** Why a continue call cannot continue: unknown (404), or not waiting for its method any more (409). */
export type ContinueRefusal = 'NOT_FOUND' | 'NOT_AWAITING_METHOD';

/** Stores 3DS authentications: the 3DS engine creates them, challenge pages complete them, orders use them. */
export class AuthenticationStore {
  private readonly insert;
  private readonly byId;
  private readonly byIdAndMerchant;
  private readonly complete;
  private readonly use;
  private readonly cancel;
  private readonly byTransId;
  private readonly fingerprint;
  private readonly notified;
  private readonly afterMethod;
  private readonly random = new RandomPool();

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    // Positional parameters, bound from an array: binding 27 named ones from an object costs
    // better-sqlite3 a property lookup per name, twice the time of the insert itself (docs/performance.md).
    this.insert = db.prepare<InsertParams>(
      `INSERT INTO authentications (id, merchant_id, status, authentication_status, brand, issuer, amount_value, currency, installments,
         card_type, card_source, first_digits, last_digits, exp_month, exp_year, forced_outcome, challenge_token_hash, created_at, updated_at, expires_at,
         method_mode, three_ds_server_trans_id, after_method, method_completion, challenge_window_size, authentication_value,
         browser_accept_header, browser_ip)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'BRL', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.byId = db.prepare<[string], Row>('SELECT * FROM authentications WHERE id = ?');
    this.byIdAndMerchant = db.prepare<[string, string], Row>(
      'SELECT * FROM authentications WHERE id = ? AND merchant_id = ?',
    );
    this.complete = db.prepare<{ id: string; outcome: string; now: number; expiresAt: number; cavv: string }, Row>(
      `UPDATE authentications
         SET status = 'AUTH_FLOW_COMPLETED', authentication_status = COALESCE(forced_outcome, @outcome), updated_at = @now, expires_at = @expiresAt,
           authentication_value = CASE COALESCE(forced_outcome, @outcome) WHEN 'AUTHENTICATED' THEN @cavv END
       WHERE id = @id AND status = 'REQUIRE_CHALLENGE' AND expires_at > @now
       RETURNING *`,
    );
    this.cancel = db.prepare<{ id: string; reason: ChallengeEndReason; now: number }, Row>(
      `UPDATE authentications SET status = 'CANCELED', end_reason = @reason, updated_at = @now
       WHERE id = @id AND status = 'REQUIRE_CHALLENGE'
       RETURNING *`,
    );
    this.byTransId = db.prepare<[string], Row>('SELECT * FROM authentications WHERE three_ds_server_trans_id = ?');
    this.fingerprint = db.prepare<{ transId: string; fingerprint: string; now: number }>(
      `UPDATE authentications SET method_state = 'FINGERPRINTED', method_fingerprint = @fingerprint, updated_at = @now
       WHERE three_ds_server_trans_id = @transId AND status = 'REQUIRE_METHOD' AND method_state IS NULL`,
    );
    this.notified = db.prepare<{ transId: string; now: number }>(
      `UPDATE authentications SET method_state = 'NOTIFIED', updated_at = @now
       WHERE three_ds_server_trans_id = @transId AND status = 'REQUIRE_METHOD' AND expires_at > @now`,
    );
    this.afterMethod = db.prepare<
      {
        id: string;
        status: AuthenticationStatusValue;
        outcome: string | null;
        indicator: MethodCompletion;
        cavv: string | null;
        tokenHash: string | null;
        now: number;
        expiresAt: number;
      },
      Row
    >(
      `UPDATE authentications
         SET status = @status, authentication_status = @outcome, method_completion = @indicator, authentication_value = @cavv,
           challenge_token_hash = @tokenHash, updated_at = @now, expires_at = @expiresAt
       WHERE id = @id AND status = 'REQUIRE_METHOD' AND expires_at > @now
       RETURNING *`,
    );
    this.use = db.prepare<{ id: string; merchantId: string; usedBy: string; now: number }>(
      `UPDATE authentications SET used_at = @now, used_by = @usedBy, updated_at = @now
       WHERE id = @id AND merchant_id = @merchantId AND used_at IS NULL AND status = 'AUTH_FLOW_COMPLETED' AND expires_at > @now`,
    );
  }

  /** A CAVV: 20 random bytes, base64 (28 characters), as the networks send it. */
  private newCavv(): string {
    return this.random.take(20, 'base64');
  }

  /**
   * Stores a new authentication. For REQUIRE_CHALLENGE it also returns the challenge token,
   * which exists only in this return value (the row keeps its hash).
   */
  create(input: NewAuthentication): { record: AuthenticationRecord; challengeToken: string | null } {
    const now = this.clock.now().getTime();
    const id = `3DS_${randomUUID()}`;
    const challenge = input.status === 'REQUIRE_CHALLENGE';
    const waiting = challenge || input.status === 'REQUIRE_METHOD';
    const challengeToken = challenge ? this.random.take(32, 'base64url') : null;
    const transId = input.status === 'REQUIRE_METHOD' ? randomUUID() : null;
    const cavv =
      input.status === 'AUTH_FLOW_COMPLETED' && input.authenticationStatus === 'AUTHENTICATED' ? this.newCavv() : null;
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
      expires_at: now + (waiting ? CHALLENGE_WINDOW_MS : COMPLETED_VALIDITY_MS),
      used_at: null,
      used_by: null,
      method_mode: input.methodMode,
      method_state: null,
      three_ds_server_trans_id: transId,
      after_method: input.afterMethod,
      method_completion: input.methodCompletion,
      challenge_window_size: input.challengeWindowSize,
      authentication_value: cavv,
      browser_accept_header: input.browser?.acceptHeader ?? null,
      browser_ip: input.browser?.ip ?? null,
    };
    this.insert.run(
      id,
      row.merchant_id,
      row.status,
      row.authentication_status,
      row.brand,
      row.issuer,
      row.amount_value,
      row.installments,
      row.card_type,
      row.card_source,
      row.first_digits,
      row.last_digits,
      row.exp_month,
      row.exp_year,
      input.forcedOutcome,
      row.challenge_token_hash,
      now,
      now,
      row.expires_at,
      row.method_mode,
      transId,
      row.after_method,
      row.method_completion,
      row.challenge_window_size,
      cavv,
      row.browser_accept_header,
      row.browser_ip,
    );
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
    const row = this.complete.get({ id, outcome, now, expiresAt: now + COMPLETED_VALIDITY_MS, cavv: this.newCavv() });
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

  /** The authentication of a 3DS server transaction id (threeDSMethodData), whoever owns it: for the challenge origin. */
  getByServerTransId(transId: string): AuthenticationRecord | undefined {
    const row = this.byTransId.get(transId);
    return row && toRecord(row);
  }

  /**
   * The ACS's method page got threeDSMethodData: keeps a digest of what it fingerprinted (once,
   * while the authentication waits for its method). Not the indicator: only a notification makes Y.
   */
  recordFingerprint(transId: string, fingerprint: string): void {
    this.fingerprint.run({ transId, fingerprint, now: this.clock.now().getTime() });
  }

  /** The ACS posted to the notification URL: the method is done. False when no method waits for it. */
  recordNotification(transId: string): boolean {
    return this.notified.run({ transId, now: this.clock.now().getTime() }).changes === 1;
  }

  /**
   * Ends the 3DS Method of the merchant's REQUIRE_METHOD authentication: the indicator is Y when
   * the ACS notified, N otherwise (whatever the browser says: the server saw the notification or
   * did not). Then the issuer decides as the card's scenario says: AUTH_FLOW_COMPLETED
   * AUTHENTICATED for a frictionless range with Y, REQUIRE_CHALLENGE (with a new challenge
   * token, returned here only) otherwise. Atomic: a second call is refused.
   */
  continueAfterMethod(
    id: string,
    merchantId: string,
  ): { record: AuthenticationRecord; challengeToken: string | null } | ContinueRefusal {
    const current = this.byIdAndMerchant.get(id, merchantId);
    if (!current) return 'NOT_FOUND';
    const now = this.clock.now().getTime();
    const indicator: MethodCompletion = current.method_state === 'NOTIFIED' ? 'Y' : 'N';
    const frictionless = current.after_method === 'FRICTIONLESS' && indicator === 'Y';
    const challengeToken = frictionless ? null : this.random.take(32, 'base64url');
    const row = this.afterMethod.get({
      id,
      status: frictionless ? 'AUTH_FLOW_COMPLETED' : 'REQUIRE_CHALLENGE',
      outcome: frictionless ? 'AUTHENTICATED' : null,
      indicator,
      cavv: frictionless ? this.newCavv() : null,
      tokenHash: challengeToken && hashToken(challengeToken).toString('hex'),
      now,
      expiresAt: now + (frictionless ? COMPLETED_VALIDITY_MS : CHALLENGE_WINDOW_MS),
    });
    return row ? { record: toRecord(row), challengeToken } : 'NOT_AWAITING_METHOD';
  }

  /**
   * Marks the authentication used by an order or charge. Atomic: true exactly once, and only
   * for the merchant's completed, unexpired authentication; false when already used (or not usable).
   */
  markUsed(id: string, merchantId: string, usedBy: string): boolean {
    return this.use.run({ id, merchantId, usedBy, now: this.clock.now().getTime() }).changes === 1;
  }
}
