import type { ChallengeEndReason, MethodCompletion, TransStatus } from '../../core/authentication-resource';
import type { ChallengeWindowSize } from '../../core/challenge-window-size';
import { resultFields } from './authentication-resource';
import type { AuthenticationRecord } from './authentication-record';

/**
 * An authentication as a merchant's server reads it (GET /3ds/authentications/{id}): what it
 * needs to check before ordering (status, amount, payment type, installments, card) and whether
 * an order already used it. Never the card number: brand, first 6 and last 4 only.
 */
export interface MerchantAuthenticationResource {
  id: string;
  status: AuthenticationRecord['status'];
  /** Why a CANCELED challenge ended; null otherwise. */
  reason: ChallengeEndReason | null;
  authentication_status: AuthenticationRecord['authenticationStatus'];
  brand: string;
  issuer: string | null;
  /** EMV transStatus (Y, N, A, U, R, C); null while the 3DS Method runs (docs/three-ds-flow.md#result-fields). */
  trans_status: TransStatus | null;
  /** Electronic Commerce Indicator of a final result (Visa/Elo 05/06/07, Mastercard 02/01/00); null before. */
  eci: string | null;
  /** True when a fraud chargeback is the issuer's (transStatus Y or A). */
  liability_shift: boolean;
  /** The CAVV of an authenticated (Y) result, for the authorization; null otherwise. Shown only here, never logged. */
  authentication_value: string | null;
  /** The 3DS Method completion indicator (Y, N, U); null while the method runs. */
  method_completion: MethodCompletion | null;
  /** The challenge window size the SDK asked for; null when it sent none. */
  challenge_window_size: ChallengeWindowSize | null;
  /** EMV browserAcceptHeader and browserIP, taken from the SDK's request (never from the page's data). */
  browser: { accept_header: string | null; ip: string | null };
  amount: { value: number; currency: 'BRL' };
  payment_method: {
    type: AuthenticationRecord['cardType'];
    installments: number;
    /** How the card reached the authentication: `number`, `id` (stored card) or `encrypted`. */
    card_source: AuthenticationRecord['cardSource'];
    /** Null when the card came as an id or encrypted. */
    first_digits: string | null;
    last_digits: string | null;
    exp_month: number | null;
    exp_year: number | null;
  };
  created_at: string;
  updated_at: string;
  /** End of the challenge window (REQUIRE_CHALLENGE) or of the id's use for an order (completed). */
  expires_at: string;
  /** When a charge used it, and which (its CHAR_ id); null while unused. */
  used_at: string | null;
  used_by: string | null;
}

/** The merchant's view of an authentication record. */
export function merchantAuthentication(r: AuthenticationRecord): MerchantAuthenticationResource {
  return {
    id: r.id,
    status: r.status,
    reason: r.endReason,
    authentication_status: r.authenticationStatus,
    brand: r.brand,
    issuer: r.issuer,
    ...resultFields(r),
    authentication_value: r.authenticationValue,
    method_completion: r.methodCompletion,
    challenge_window_size: r.challengeWindowSize,
    browser: { accept_header: r.browserAcceptHeader, ip: r.browserIp },
    amount: { value: r.amountValue, currency: r.currency },
    payment_method: {
      type: r.cardType,
      installments: r.installments,
      card_source: r.cardSource,
      first_digits: r.firstDigits || null,
      last_digits: r.lastDigits || null,
      exp_month: r.expMonth,
      exp_year: r.expYear,
    },
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    expires_at: r.expiresAt,
    used_at: r.usedAt,
    used_by: r.usedBy,
  };
}
