import type {
  AuthenticationOutcomeValue,
  AuthenticationStatusValue,
  ChallengeEndReason,
  MethodCompletion,
} from '../../core/authentication-resource';
import type { CardPaymentType } from '../../core/card-payment-type';
import type { CardBrand } from '../../core/card-brand';
import type { ChallengeWindowSize } from '../../core/challenge-window-size';

/** How the card reached the authentication: clear number, tokenized card id, or encrypted card. */
export type CardSource = 'number' | 'id' | 'encrypted';

/**
 * A 3DS authentication as the API, the challenge pages and orders read it (the row: {@link StoredAuthentication}).
 * Never the card number or security code: brand, first 6,
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

/**
 * An authentication as its row holds it, every column: what the transitions
 * (`authentication-transitions.ts`) decide on and the store writes. Times are milliseconds since
 * the epoch; the row also keeps what no reader is shown.
 */
export interface StoredAuthentication
  extends Omit<AuthenticationRecord, 'createdAt' | 'updatedAt' | 'expiresAt' | 'usedAt'> {
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  usedAt: number | null;
  /** A result the issuer forces when the challenge ends (a sandbox card's scenario). */
  forcedOutcome: AuthenticationOutcomeValue | null;
  /** SHA-256 (hex) of the token that opens the challenge page: the row never holds the token. */
  challengeTokenHash: string | null;
  /** A digest of what the ACS's method page fingerprinted. */
  methodFingerprint: string | null;
}
