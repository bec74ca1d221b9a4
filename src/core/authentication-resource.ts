import type { CardBrand } from './card-brand';

/**
 * Statuses of an authentication. REQUIRE_CHALLENGE is the only one that changes: to
 * AUTH_FLOW_COMPLETED when the issuer decides the code, or to CANCELED when the shopper cancels
 * or the SDK's time runs out first (docs/authentications.md). Every other status is final.
 */
const AUTHENTICATION_STATUSES = ['AUTH_FLOW_COMPLETED', 'AUTH_NOT_SUPPORTED', 'CHANGE_PAYMENT_METHOD', 'REQUIRE_CHALLENGE', 'CANCELED'] as const;
export type AuthenticationStatusValue = (typeof AUTHENTICATION_STATUSES)[number];
export type AuthenticationOutcomeValue = 'AUTHENTICATED' | 'NOT_AUTHENTICATED';
/** Why a challenge was CANCELED: the same words as the SDK's rejection codes, so both tell one story. */
export const CHALLENGE_END_REASONS = ['CHALLENGE_CANCELED', 'CHALLENGE_TIMEOUT'] as const;
export type ChallengeEndReason = (typeof CHALLENGE_END_REASONS)[number];

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
  created_at: string;
  updated_at: string;
  expires_at: string;
}

/** Path of the SDK's authentication endpoint. */
export const AUTHENTICATIONS_PATH = '/checkout-sdk/3ds/authentications';
