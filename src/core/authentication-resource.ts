import type { CardBrand } from './card-brand';
import type { ChallengeWindowSize } from './challenge-window-size';

/**
 * Statuses of an authentication. REQUIRE_METHOD and REQUIRE_CHALLENGE are the ones that change:
 * REQUIRE_METHOD (the card range has a 3DS Method URL) to a final status or REQUIRE_CHALLENGE once
 * the SDK continues after the method; REQUIRE_CHALLENGE to AUTH_FLOW_COMPLETED when the issuer
 * decides the code, or to CANCELED when the shopper cancels or the SDK's time runs out first
 * (docs/authentications.md, docs/three-ds-flow.md). Every other status is final.
 */
export const AUTHENTICATION_STATUSES = [
  'AUTH_FLOW_COMPLETED',
  'AUTH_NOT_SUPPORTED',
  'CHANGE_PAYMENT_METHOD',
  'REQUIRE_CHALLENGE',
  'REQUIRE_METHOD',
  'CANCELED',
] as const;
export type AuthenticationStatusValue = (typeof AUTHENTICATION_STATUSES)[number];
/** Whether the issuer authenticated the shopper, once the flow completed. */
export const AUTHENTICATION_OUTCOMES = ['AUTHENTICATED', 'NOT_AUTHENTICATED'] as const;
export type AuthenticationOutcomeValue = (typeof AUTHENTICATION_OUTCOMES)[number];
/** Why a challenge was CANCELED: the same words as the SDK's rejection codes, so both tell one story. */
export const CHALLENGE_END_REASONS = ['CHALLENGE_CANCELED', 'CHALLENGE_TIMEOUT'] as const;
export type ChallengeEndReason = (typeof CHALLENGE_END_REASONS)[number];

/**
 * EMV 3DS `transStatus`: Y authenticated, N not authenticated (a failed, canceled or timed-out
 * challenge too), A attempted, U could not be performed, R rejected by the issuer, C challenge
 * required (docs/three-ds-flow.md#result-fields).
 */
export const TRANS_STATUSES = ['Y', 'N', 'A', 'U', 'R', 'C'] as const;
export type TransStatus = (typeof TRANS_STATUSES)[number];
/** The 3DS Method completion indicator: Y done, N not done within 10 s, U the card range has no method URL. */
export const METHOD_COMPLETIONS = ['Y', 'N', 'U'] as const;
export type MethodCompletion = (typeof METHOD_COMPLETIONS)[number];

/** What the SDK needs to run the 3DS Method: in the creating POST's response while status is REQUIRE_METHOD. */
export interface ThreeDsMethodStep {
  /** The issuer's (ACS) method URL: the SDK form-posts `three_ds_method_data` to it in a hidden iframe. */
  url: string;
  three_ds_server_trans_id: string;
  /** `threeDSMethodData`, already base64url-encoded: `{ threeDSServerTransID, threeDSMethodNotificationURL }`. */
  three_ds_method_data: string;
  /** Where the ACS posts when the method is done; its page tells the SDK's page. */
  notification_url: string;
}

/**
 * A 3DS authentication as the API returns it, from POST and GET
 * /checkout-sdk/3ds/authentications. The SDK reads exactly these fields.
 */
export interface AuthenticationResource {
  /** `3DS_<uuid>`. */
  id: string;
  status: AuthenticationStatusValue;
  /** Set once the flow completed. */
  authentication_status: AuthenticationOutcomeValue | null;
  /** Why a CANCELED authentication ended; null for every other status. */
  reason: ChallengeEndReason | null;
  brand: CardBrand;
  /** Issuer name, or null when the BIN is unknown to the issuer database. */
  issuer: string | null;
  /**
   * In the creating POST's response while status is REQUIRE_CHALLENGE; null otherwise and in
   * every GET, because its URL carries the challenge's one secret token.
   */
  challenge: { url: string; origin: string; expires_at: string } | null;
  /** In the creating POST's response while status is REQUIRE_METHOD; null otherwise. */
  method: ThreeDsMethodStep | null;
  /** EMV transStatus; null while the 3DS Method runs. */
  trans_status: TransStatus | null;
  /** Electronic Commerce Indicator of a final result (Visa/Elo 05/06/07, Mastercard 02/01/00); null before. */
  eci: string | null;
  /** True when a fraud chargeback is the issuer's (transStatus Y or A). */
  liability_shift: boolean;
  /** The 3DS Method completion indicator; null until the method step ended. */
  method_completion: MethodCompletion | null;
  /** The challenge window size the SDK asked for (`01`–`05`); null when it sent none. */
  challenge_window_size: ChallengeWindowSize | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

/** Path of the SDK's authentication endpoint. */
export const AUTHENTICATIONS_PATH = '/checkout-sdk/3ds/authentications';
