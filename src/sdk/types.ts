import type { AuthenticationOutcomeValue, AuthenticationStatusValue } from '../core/authentication-resource';
import type { CardBrand } from '../core/card-brand';
import type { CardPaymentType } from '../core/card-payment-type';
import type { PhoneType } from '../core/phone-type';

/** Where the SDK talks to: production or the sandbox. */
export type Environment = 'PROD' | 'SANDBOX';

/** Texts the shopper sees (the challenge dialog): Brazilian Portuguese by default. */
export type Locale = 'pt-BR' | 'en';

/** Arguments of {@link setUp}. */
export interface SetUpOptions {
  /** The SDK session your server created (POST /checkout-sdk/sessions). Valid at most 30 minutes. */
  session: string;
  /** `"PROD"` or `"SANDBOX"` (also `Gateway.env.PROD` / `Gateway.env.SANDBOX`). */
  env: Environment;
  /**
   * Base URL of the API. Required with `env: "PROD"`: the SDK has no built-in production host,
   * and setUp fails with `INVALID_SETUP` (parameterName `apiUrl`) without it. With SANDBOX leave
   * it out when the script tag is served by the sandbox (the script's own origin is used); set it
   * with the npm build against a sandbox that does not run on `http://127.0.0.1:4010`. Without it,
   * a `GatewayConfig = { apiUrl }` global or the script tag's `data-gateway-api-url` is used.
   */
  apiUrl?: string;
  /** Milliseconds an API call may take before it fails with `TIMEOUT`. Default 15000. */
  timeout?: number;
  /** Language of the challenge dialog. Default `"pt-BR"`. */
  locale?: Locale;
}

/** A phone of the customer. Digits may be given as strings or numbers. */
export interface PhoneInput {
  country: string | number;
  area: string | number;
  /** 8 or 9 digits. */
  number: string | number;
  type: PhoneType;
}

/** A billing or shipping address. */
export interface AddressInput {
  street: string;
  number: string;
  complement?: string;
  city: string;
  /** Region (state) code, such as `"SP"`. */
  regionCode: string;
  /** ISO 3166-1 alpha-3, such as `"BRA"`. */
  country: string;
  /** 5 to 10 digits; `"01310-100"` is accepted too. */
  postalCode: string;
}

/** The card: exactly one of a tokenized `id`, an `encrypted` card, or the clear `number` group. */
export interface CardInput {
  /** A stored (tokenized) card id. */
  id?: string;
  /** A card encrypted with your public key. */
  encrypted?: string;
  /** 13 to 21 digits, Luhn valid. */
  number?: string;
  /** 1 to 12; `"12"` works too. */
  expMonth?: number | string;
  /** 4 digits; `"2030"` works too. */
  expYear?: number | string;
  holder?: { name?: string };
}

/** The `data` of a 3DS authentication request. */
export interface AuthenticationRequestData {
  customer: {
    /** At least two names, letters only. */
    name: string;
    email: string;
    /** At least one, and at least one of type MOBILE. */
    phones: PhoneInput[];
  };
  paymentMethod: {
    type: CardPaymentType;
    /** 1 to 12. */
    installments: number;
    card: CardInput;
  };
  amount: {
    /** Integer cents, at least 100. */
    value: number;
    currency: 'BRL';
  };
  /** At least one of billingAddress and shippingAddress. */
  billingAddress?: AddressInput;
  shippingAddress?: AddressInput;
  /** Accepted here too, as some plugins send it; must be false. */
  dataOnly?: false;
}

/** What {@link BeforeChallenge} receives. */
export interface ChallengeInfo {
  /** Card network, lower case (`"visa"`, `"mastercard"`, `"elo"`, …). */
  brand: CardBrand;
  /** Issuing bank's name, when known. */
  issuer?: string;
  /** Opens the challenge. Call it once you are ready; calling it again does nothing. */
  open: () => void;
}

/** Called before a challenge is shown. When you give it, you must call `open()`. */
export type BeforeChallenge = (info: ChallengeInfo) => void;

/**
 * Statuses of a 3DS authentication the page sees: AUTH_FLOW_COMPLETED, AUTH_NOT_SUPPORTED,
 * CHANGE_PAYMENT_METHOD, REQUIRE_CHALLENGE. The API's REQUIRE_METHOD is run inside the SDK, and
 * a CANCELED challenge rejects the promise instead.
 */
export type AuthenticationStatus = Exclude<AuthenticationStatusValue, 'REQUIRE_METHOD' | 'CANCELED'>;

/** Whether the issuer authenticated the shopper, once the flow completed. */
export type AuthenticationOutcome = AuthenticationOutcomeValue;

/** The request of {@link authenticate3DS}. */
export interface AuthenticationRequest {
  data: AuthenticationRequestData;
  /** Must be false. May also be given inside `data`. */
  dataOnly?: false;
  /** See {@link BeforeChallenge}. Without it the challenge opens at once. */
  beforeChallenge?: BeforeChallenge;
  /**
   * Called with each intermediate status, so far only `REQUIRE_CHALLENGE` (before
   * `beforeChallenge`). The promise itself always settles with a final status.
   */
  onStatusChange?: (status: AuthenticationStatus) => void;
  /** Aborts the authentication and closes any challenge or 3DS Method frame at once: rejects with `ABORTED`. */
  signal?: AbortSignal;
  /** Milliseconds the shopper has for the challenge. Default 600000 (10 minutes). */
  challengeTimeout?: number;
}

/**
 * The fulfilled value of {@link authenticate3DS}. The EMV result (transStatus, ECI, liability
 * shift, the 3DS Method completion indicator) is not here: your server reads it with its token
 * from GET /3ds/authentications/{id} before ordering, rather than trusting the page
 * (docs/three-ds-flow.md#deciding-with-the-result).
 */
export interface AuthenticationResult {
  /** A final status: AUTH_FLOW_COMPLETED, AUTH_NOT_SUPPORTED or CHANGE_PAYMENT_METHOD. */
  status: Exclude<AuthenticationStatus, 'REQUIRE_CHALLENGE'>;
  /** `3DS_<uuid>`, present when status is AUTH_FLOW_COMPLETED: send it in the order. */
  id?: string;
  /** Present when status is AUTH_FLOW_COMPLETED. */
  authenticationStatus?: AuthenticationOutcome;
  /**
   * The `x-trace-id` of this authentication's requests, whatever the status: the API logs it, so
   * support finds the authentication by it (a denied card has no `id` to quote).
   */
  traceId: string;
}

declare global {
  /**
   * Declared empty so the SDK's types compile without the DOM lib and without @types/node (a
   * server-rendering project, say). With either present it merges into the real AbortSignal and
   * changes nothing; without them there is no AbortController to pass anyway.
   */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a merge point, see above
  interface AbortSignal {}
  /**
   * Declared empty for the same reason: a card field's `container` may be an element, and a
   * project without the DOM lib (which cannot mount fields anyway) must still compile the types.
   */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a merge point, see above
  interface HTMLElement {}
}
