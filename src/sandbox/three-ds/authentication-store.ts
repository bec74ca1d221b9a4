import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AuthenticationOutcomeValue, ChallengeEndReason } from '../../core/authentication-resource';
import { timestamp, type Clock } from '../clock';
import { sha256 } from '../crypto/sha256';
import type { Db } from '../storage/database';
import type { AuthenticationRecord, NewAuthentication, StoredAuthentication } from './authentication-record';
import {
  type AuthenticationDraws,
  challengeCanceled,
  challengeCompleted,
  created,
  fingerprinted,
  methodContinued,
  NOT_AWAITING_METHOD,
  notified,
  used,
} from './authentication-transitions';
import { ID_PREFIXES, newId } from '../values/resource-id';
import { NO_REPORTS, type ChangeOrigin, type StatusReports } from '../journal/status-changes';
import { asSandboxTime } from '../values/time';

/**
 * The column of each field, the one place the table's columns are named: the selects alias them
 * back to the field names, the insert and the update bind each by its field's name.
 */
const COLUMNS = {
  id: 'id',
  merchantId: 'merchant_id',
  status: 'status',
  authenticationStatus: 'authentication_status',
  endReason: 'end_reason',
  brand: 'brand',
  issuer: 'issuer',
  amountValue: 'amount_value',
  currency: 'currency',
  installments: 'installments',
  cardType: 'card_type',
  cardSource: 'card_source',
  firstDigits: 'first_digits',
  lastDigits: 'last_digits',
  expMonth: 'exp_month',
  expYear: 'exp_year',
  forcedOutcome: 'forced_outcome',
  challengeTokenHash: 'challenge_token_hash',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  expiresAt: 'expires_at',
  usedAt: 'used_at',
  usedBy: 'used_by',
  methodMode: 'method_mode',
  methodState: 'method_state',
  methodFingerprint: 'method_fingerprint',
  threeDsServerTransId: 'three_ds_server_trans_id',
  afterMethod: 'after_method',
  methodCompletion: 'method_completion',
  challengeWindowSize: 'challenge_window_size',
  authenticationValue: 'authentication_value',
  browserAcceptHeader: 'browser_accept_header',
  browserIp: 'browser_ip',
} as const satisfies { [K in keyof StoredAuthentication]-?: string };

type Field = keyof typeof COLUMNS;
const FIELDS = Object.keys(COLUMNS) as Field[];
const SELECT = `SELECT ${FIELDS.map((f) => (COLUMNS[f] === f ? f : `${COLUMNS[f]} AS ${f}`)).join(', ')} FROM authentications`;
/**
 * What a transition may change. The update sets these only: setting the id or the indexed
 * transaction id to their own value would still rewrite their index entries.
 */
const CHANGING: readonly Field[] = [
  'status',
  'authenticationStatus',
  'endReason',
  'challengeTokenHash',
  'updatedAt',
  'expiresAt',
  'usedAt',
  'usedBy',
  'methodState',
  'methodFingerprint',
  'methodCompletion',
  'authenticationValue',
];
/** The fields a transition's guard compares: what the transitions decide on, with the time of the last change. */
const GUARD: readonly Field[] = ['status', 'methodState', 'usedAt', 'updatedAt'];

const toRecord = (a: StoredAuthentication): AuthenticationRecord => {
  // What no reader is shown (the forced outcome, hashes) stays behind.
  return {
    id: a.id,
    merchantId: a.merchantId,
    status: a.status,
    authenticationStatus: a.authenticationStatus,
    endReason: a.endReason,
    brand: a.brand,
    issuer: a.issuer,
    amountValue: a.amountValue,
    currency: a.currency,
    installments: a.installments,
    cardType: a.cardType,
    cardSource: a.cardSource,
    firstDigits: a.firstDigits,
    lastDigits: a.lastDigits,
    expMonth: a.expMonth,
    expYear: a.expYear,
    createdAt: timestamp(new Date(a.createdAt)),
    updatedAt: timestamp(new Date(a.updatedAt)),
    expiresAt: timestamp(new Date(a.expiresAt)),
    usedAt: a.usedAt === null ? null : timestamp(new Date(a.usedAt)),
    usedBy: a.usedBy,
    methodMode: a.methodMode,
    methodState: a.methodState,
    threeDsServerTransId: a.threeDsServerTransId,
    afterMethod: a.afterMethod,
    methodCompletion: a.methodCompletion,
    challengeWindowSize: a.challengeWindowSize,
    authenticationValue: a.authenticationValue,
    browserAcceptHeader: a.browserAcceptHeader,
    browserIp: a.browserIp,
  };
};

// The challenge token opens the challenge page; stored hashed so the database file cannot open one.
const hashToken = (token: string) => sha256(token, 'hex');

/** Why a continue call cannot continue: unknown (404), or not waiting for its method any more (409). */
export type ContinueRefusal = 'NOT_FOUND' | typeof NOT_AWAITING_METHOD;

/** What a change the store is not told the origin of counts as: the shopper's browser or the SDK, a request. */
const SHOPPER: ChangeOrigin = { cause: 'request' };

/**
 * Stores 3DS authentications: the 3DS engine creates them, challenge pages complete them, orders
 * use them. Each change is a transition of `authentication-transitions.ts` written with one
 * compare-and-set: it applies to the row it was decided on, or not at all.
 */
export class AuthenticationStore {
  private readonly insert;
  private readonly update;
  private readonly byId;
  private readonly byTransId;
  private readonly draw: AuthenticationDraws = {
    id: () => newId(ID_PREFIXES.authentication),
    transId: () => randomUUID(),
    cavv: () => randomBytes(20).toString('base64'),
    challengeToken: () => {
      const token = randomBytes(32).toString('base64url');
      return { token, hash: hashToken(token) };
    },
  };

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly reports: StatusReports = NO_REPORTS,
  ) {
    this.insert = db.prepare<[StoredAuthentication]>(
      `INSERT INTO authentications (${FIELDS.map((f) => COLUMNS[f]).join(', ')}) VALUES (${FIELDS.map((f) => `@${f}`).join(', ')})`,
    );
    // The new values by their field's name, the guard's by `was_` and the field's name.
    this.update = db.prepare<[Record<string, unknown>]>(
      `UPDATE authentications SET ${CHANGING.map((f) => `${COLUMNS[f]} = @${f}`).join(', ')}
       WHERE id = @id AND ${GUARD.map((f) => `${COLUMNS[f]} IS @was_${f}`).join(' AND ')}`,
    );
    this.byId = db.prepare<[string], StoredAuthentication>(`${SELECT} WHERE id = ?`);
    this.byTransId = db.prepare<[string], StoredAuthentication>(`${SELECT} WHERE three_ds_server_trans_id = ?`);
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  /** Writes `next` over `from`: false when the row changed since `from` was read. A new status is reported to the journal. */
  private write(from: StoredAuthentication, next: StoredAuthentication, origin: ChangeOrigin = SHOPPER): boolean {
    const was = Object.fromEntries(GUARD.map((f) => [`was_${f}`, from[f]]));
    const written = this.update.run({ ...next, ...was, id: from.id }).changes === 1;
    if (written && next.status !== from.status) this.report(next, origin, from.status);
    return written;
  }

  /** Tells the journal of a new status (journal/status-changes.ts), with what made it. */
  private report(a: StoredAuthentication, origin: ChangeOrigin, from?: string): void {
    this.reports.changed({
      merchantId: a.merchantId,
      resourceId: a.id,
      kind: 'authentication',
      ...(from !== undefined && { from }),
      to: a.status,
      cause: origin.cause,
      at: asSandboxTime(this.now()),
      ...(origin.traceId && { traceId: origin.traceId }),
    });
  }

  /** The merchant's authentication as stored, undefined for an unknown id or another merchant's. */
  private owned(id: string, merchantId: string): StoredAuthentication | undefined {
    const row = this.byId.get(id);
    return row?.merchantId === merchantId ? row : undefined;
  }

  /**
   * Stores a new authentication. For REQUIRE_CHALLENGE it also returns the challenge token,
   * which exists only in this return value (the row keeps its hash).
   */
  create(
    input: NewAuthentication,
    origin: ChangeOrigin = SHOPPER,
  ): { record: AuthenticationRecord; challengeToken: string | null } {
    const { next, challengeToken } = created(input, this.now(), this.draw);
    this.insert.run(next);
    this.report(next, origin);
    return { record: toRecord(next), challengeToken };
  }

  /** The authentication when it belongs to the merchant; undefined otherwise (answer 404 either way). */
  get(id: string, merchantId: string): AuthenticationRecord | undefined {
    const row = this.owned(id, merchantId);
    return row && toRecord(row);
  }

  /** The authentication, whoever owns it: for the challenge origin, which has no merchant. */
  getById(id: string): AuthenticationRecord | undefined {
    const row = this.byId.get(id);
    return row && toRecord(row);
  }

  /** {@link challengeCompleted}: the completed authentication, undefined when unknown, already decided or expired. */
  completeChallenge(
    id: string,
    outcome: AuthenticationOutcomeValue,
    origin: ChangeOrigin = SHOPPER,
  ): AuthenticationRecord | undefined {
    const row = this.byId.get(id);
    const next = row && challengeCompleted(row, outcome, this.now(), this.draw);
    return next && this.write(row, next, origin) ? toRecord(next) : undefined;
  }

  /**
   * {@link challengeCanceled}, so the issuer page can no longer complete it and no order can use
   * it. Returns the authentication as it now is (decided first, it keeps its status), undefined
   * when unknown.
   */
  cancelChallenge(
    id: string,
    reason: ChallengeEndReason,
    origin: ChangeOrigin = SHOPPER,
  ): AuthenticationRecord | undefined {
    const row = this.byId.get(id);
    const next = row && challengeCanceled(row, reason, this.now());
    if (next && this.write(row, next, origin)) return toRecord(next);
    return this.getById(id);
  }

  /**
   * The authentication `token` opens, read once: undefined for an unknown id or a wrong token.
   * The token is compared in constant time.
   */
  byChallengeToken(id: string, token: string): AuthenticationRecord | undefined {
    const row = this.byId.get(id);
    const stored = row?.challengeTokenHash;
    const given = Buffer.from(hashToken(token), 'hex');
    // Compare even without a stored hash, so an unknown id takes the same time as a wrong token.
    const expected = stored ? Buffer.from(stored, 'hex') : Buffer.alloc(given.length);
    return timingSafeEqual(expected, given) && row && stored ? toRecord(row) : undefined;
  }

  /** The authentication of a 3DS server transaction id (threeDSMethodData), whoever owns it: for the challenge origin. */
  getByServerTransId(transId: string): AuthenticationRecord | undefined {
    const row = this.byTransId.get(transId);
    return row && toRecord(row);
  }

  /** {@link fingerprinted}: the method page got the authentication's threeDSMethodData. */
  recordFingerprint(transId: string, fingerprint: string): void {
    const row = this.byTransId.get(transId);
    const next = row && fingerprinted(row, fingerprint, this.now());
    if (next) this.write(row, next);
  }

  /** {@link notified}: the ACS posted to the notification URL. False when no method waits for it. */
  recordNotification(transId: string): boolean {
    const row = this.byTransId.get(transId);
    const next = row && notified(row, this.now());
    return next !== undefined && this.write(row!, next);
  }

  /**
   * {@link methodContinued} for the merchant's authentication, with the challenge token (returned
   * here only) when it now awaits a challenge. Atomic: a second call is refused.
   */
  continueAfterMethod(
    id: string,
    merchantId: string,
    origin: ChangeOrigin = SHOPPER,
  ): { record: AuthenticationRecord; challengeToken: string | null } | ContinueRefusal {
    const row = this.owned(id, merchantId);
    if (!row) return 'NOT_FOUND';
    const step = methodContinued(row, this.now(), this.draw);
    if (step === NOT_AWAITING_METHOD || !this.write(row, step.next, origin)) return NOT_AWAITING_METHOD;
    return { record: toRecord(step.next), challengeToken: step.challengeToken };
  }

  /**
   * {@link used}: marks the authentication used by an order or charge. Atomic: true exactly once,
   * and only for the merchant's completed, unexpired authentication.
   */
  markUsed(id: string, merchantId: string, usedBy: string): boolean {
    const row = this.byId.get(id);
    const next = row && used(row, merchantId, usedBy, this.now());
    return next !== undefined && this.write(row!, next);
  }
}
