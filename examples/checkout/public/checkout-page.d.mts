// Types of checkout-page.mjs, for the ESM example's TypeScript entry (examples/esm/src/checkout.ts).
import type {
  AuthenticationRequest,
  AuthenticationResult,
  CardFields,
  CardFieldsOptions,
  GatewayError,
} from '@gateway/sdk';

/** What the checkout page needs of the SDK, from the script tag or from the npm package. */
export interface CheckoutSdk {
  authenticate3DS(request: AuthenticationRequest): Promise<AuthenticationResult>;
  createCardFields(options: CardFieldsOptions): CardFields;
  GatewayError: typeof GatewayError;
  /** Hands a new session to the SDK (`setUp`); `config` holds the API's URL. */
  setUp(session: string, config: { apiUrl: string }): void;
}

/** Runs the example checkout page (index.html) with this SDK. */
export function runCheckout(sdk: CheckoutSdk): void;
