// Types of server.mjs's export, for the TypeScript e2e tests that start the example.

/** Where the example checkout finds the Gateway API: a sandbox from startSandbox() fits. */
export interface CheckoutGateway {
  apiUrl: string;
  challengeUrl: string;
  sdkUrl: string;
  /** The merchant's bearer token: stays in the server. */
  token: string;
  /**
   * The account's webhook secret (a sandbox's `webhookSecret`): the server then asks for the
   * API's notifications and checks their signature. Without it, it learns of a Pix payment only
   * by reading the order. docs/example-checkout.md#pix.
   */
  webhookSecret?: string;
  /** Port of the checkout; default 0, a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The ESM example's bundle folder. Default examples/esm/dist (npm run build:examples). */
  esmDir?: string;
  /**
   * Whether a credit card whose 3DS ended NOT_AUTHENTICATED is charged. Default
   * `{ chargeNotAuthenticated: false }`: it is not, the shopper is asked for another card or
   * method. Debit is never charged without AUTHENTICATED. docs/example-checkout.md.
   */
  threeDsPolicy?: { chargeNotAuthenticated: boolean };
}

/** A running example checkout. */
export interface Checkout {
  /** e.g. http://127.0.0.1:3000: the script-tag page at /, the ESM page at /esm/. */
  url: string;
  close(): Promise<void>;
}

/** Starts the example checkout against a Gateway API. */
export function startCheckout(gateway: CheckoutGateway): Promise<Checkout>;
