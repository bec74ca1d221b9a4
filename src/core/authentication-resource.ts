import type { CardBrand } from './card-brand';

export const AUTHENTICATION_STATUSES = ['AUTH_FLOW_COMPLETED', 'AUTH_NOT_SUPPORTED', 'CHANGE_PAYMENT_METHOD', 'REQUIRE_CHALLENGE'] as const;
export type AuthenticationStatusValue = (typeof AUTHENTICATION_STATUSES)[number];
export type AuthenticationOutcomeValue = 'AUTHENTICATED' | 'NOT_AUTHENTICATED';

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
