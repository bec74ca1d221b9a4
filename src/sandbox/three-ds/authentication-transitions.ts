import type {
  AuthenticationOutcomeValue,
  ChallengeEndReason,
  MethodCompletion,
} from '../../core/authentication-resource';
import type { NewAuthentication, StoredAuthentication } from './authentication-record';

/** How long the shopper has to finish a challenge, from the authentication's creation. */
export const CHALLENGE_WINDOW_MS = 10 * 60_000;
/** How long a completed authentication id stays usable for an order, from its completion. */
export const COMPLETED_VALIDITY_MS = 30 * 60_000;

/**
 * The random values a transition may need, drawn only when it does: the store draws them from
 * its pool, a test gives fixed ones.
 */
export interface AuthenticationDraws {
  /** `3DS_<uuid>`. */
  id(): string;
  /** The 3DS server's transaction id of a method (threeDSMethodData). */
  transId(): string;
  /** A CAVV: 20 random bytes, base64, as the networks send it. */
  cavv(): string;
  /** A new challenge token and its hash: the token opens the challenge page, the row keeps the hash. */
  challengeToken(): { token: string; hash: string };
}

/** A transition's new row, and the challenge token when it made one (it exists only there). */
export interface WithToken {
  next: StoredAuthentication;
  challengeToken: string | null;
}

/** Why a continue call cannot continue: not waiting for its method any more (409). */
export const NOT_AWAITING_METHOD = 'NOT_AWAITING_METHOD';

const awaitsMethod = (a: StoredAuthentication, now: number) => a.status === 'REQUIRE_METHOD' && a.expiresAt > now;

/**
 * A new authentication as the 3DS engine decided it. A challenge gets its token, a method its
 * transaction id, an authenticated frictionless result its CAVV. A challenge or a method waits
 * {@link CHALLENGE_WINDOW_MS}; a final status is usable for an order {@link COMPLETED_VALIDITY_MS}.
 */
export function created(input: NewAuthentication, now: number, draw: AuthenticationDraws): WithToken {
  const challenge = input.status === 'REQUIRE_CHALLENGE' ? draw.challengeToken() : null;
  const waiting = challenge !== null || input.status === 'REQUIRE_METHOD';
  const next: StoredAuthentication = {
    id: draw.id(),
    merchantId: input.merchantId,
    status: input.status,
    authenticationStatus: input.authenticationStatus,
    endReason: null,
    brand: input.brand,
    issuer: input.issuer,
    amountValue: input.amountValue,
    currency: 'BRL',
    installments: input.installments,
    cardType: input.cardType,
    cardSource: input.cardSource,
    firstDigits: input.firstDigits,
    lastDigits: input.lastDigits,
    expMonth: input.expMonth,
    expYear: input.expYear,
    forcedOutcome: input.forcedOutcome,
    challengeTokenHash: challenge?.hash ?? null,
    createdAt: now,
    updatedAt: now,
    expiresAt: now + (waiting ? CHALLENGE_WINDOW_MS : COMPLETED_VALIDITY_MS),
    usedAt: null,
    usedBy: null,
    methodMode: input.methodMode,
    methodState: null,
    methodFingerprint: null,
    threeDsServerTransId: input.status === 'REQUIRE_METHOD' ? draw.transId() : null,
    afterMethod: input.afterMethod,
    methodCompletion: input.methodCompletion,
    challengeWindowSize: input.challengeWindowSize,
    authenticationValue:
      input.status === 'AUTH_FLOW_COMPLETED' && input.authenticationStatus === 'AUTHENTICATED' ? draw.cavv() : null,
    browserAcceptHeader: input.browser?.acceptHeader ?? null,
    browserIp: input.browser?.ip ?? null,
  };
  return { next, challengeToken: challenge?.token ?? null };
}

/**
 * Ends the challenge: REQUIRE_CHALLENGE (within its window) becomes AUTH_FLOW_COMPLETED with
 * `outcome`, unless the card's sandbox scenario forces another; an AUTHENTICATED result gets its
 * CAVV. The completed id is usable for an order for {@link COMPLETED_VALIDITY_MS}. Undefined when
 * the authentication is not awaiting a challenge (a second call) or its window has passed.
 */
export function challengeCompleted(
  a: StoredAuthentication,
  outcome: AuthenticationOutcomeValue,
  now: number,
  draw: AuthenticationDraws,
): StoredAuthentication | undefined {
  if (a.status !== 'REQUIRE_CHALLENGE' || a.expiresAt <= now) return undefined;
  const result = a.forcedOutcome ?? outcome;
  return {
    ...a,
    status: 'AUTH_FLOW_COMPLETED',
    authenticationStatus: result,
    authenticationValue: result === 'AUTHENTICATED' ? draw.cavv() : null,
    updatedAt: now,
    expiresAt: now + COMPLETED_VALIDITY_MS,
  };
}

/**
 * Ends a challenge the shopper canceled or ran out of time for: REQUIRE_CHALLENGE becomes
 * CANCELED with `reason`, final. Undefined for any other status: a challenge already decided
 * keeps its status (the code was accepted first).
 */
export function challengeCanceled(
  a: StoredAuthentication,
  reason: ChallengeEndReason,
  now: number,
): StoredAuthentication | undefined {
  if (a.status !== 'REQUIRE_CHALLENGE') return undefined;
  return { ...a, status: 'CANCELED', endReason: reason, updatedAt: now };
}

/**
 * The ACS's method page got threeDSMethodData: keeps a digest of what it fingerprinted, once,
 * while the authentication waits for its method. Not the indicator: only a notification makes Y.
 */
export function fingerprinted(
  a: StoredAuthentication,
  fingerprint: string,
  now: number,
): StoredAuthentication | undefined {
  if (a.status !== 'REQUIRE_METHOD' || a.methodState !== null) return undefined;
  return { ...a, methodState: 'FINGERPRINTED', methodFingerprint: fingerprint, updatedAt: now };
}

/** The ACS posted to the notification URL within the window: the method is done. Undefined when no method waits. */
export function notified(a: StoredAuthentication, now: number): StoredAuthentication | undefined {
  return awaitsMethod(a, now) ? { ...a, methodState: 'NOTIFIED', updatedAt: now } : undefined;
}

/**
 * Ends the 3DS Method of a REQUIRE_METHOD authentication: the indicator is Y when the ACS
 * notified, N otherwise (whatever the browser says: the server saw the notification or did not).
 * Then the issuer decides as the card's scenario says: AUTH_FLOW_COMPLETED AUTHENTICATED for a
 * frictionless range with Y, REQUIRE_CHALLENGE with a new challenge token otherwise.
 */
export function methodContinued(
  a: StoredAuthentication,
  now: number,
  draw: AuthenticationDraws,
): WithToken | typeof NOT_AWAITING_METHOD {
  if (!awaitsMethod(a, now)) return NOT_AWAITING_METHOD;
  const indicator: MethodCompletion = a.methodState === 'NOTIFIED' ? 'Y' : 'N';
  const base = { ...a, methodCompletion: indicator, updatedAt: now };
  if (a.afterMethod === 'FRICTIONLESS' && indicator === 'Y') {
    const next: StoredAuthentication = {
      ...base,
      status: 'AUTH_FLOW_COMPLETED',
      authenticationStatus: 'AUTHENTICATED',
      authenticationValue: draw.cavv(),
      expiresAt: now + COMPLETED_VALIDITY_MS,
    };
    return { next, challengeToken: null };
  }
  const challenge = draw.challengeToken();
  const next: StoredAuthentication = {
    ...base,
    status: 'REQUIRE_CHALLENGE',
    authenticationStatus: null,
    authenticationValue: null,
    challengeTokenHash: challenge.hash,
    expiresAt: now + CHALLENGE_WINDOW_MS,
  };
  return { next, challengeToken: challenge.token };
}

/**
 * An order or charge uses the authentication: only the merchant's completed, unexpired and
 * unused one. Undefined otherwise, so one authentication pays once.
 */
export function used(
  a: StoredAuthentication,
  merchantId: string,
  usedBy: string,
  now: number,
): StoredAuthentication | undefined {
  if (a.merchantId !== merchantId || a.usedAt !== null || a.status !== 'AUTH_FLOW_COMPLETED' || a.expiresAt <= now)
    return undefined;
  return { ...a, usedAt: now, usedBy, updatedAt: now };
}
