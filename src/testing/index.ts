/**
 * Testing kit for integrators' Playwright suites: `import { test, expect, passChallenge } from
 * '@gateway/sdk/testing'`; `payPixCode` and `expirePixCode` stand in for the shopper's bank;
 * `TEST_CARDS` names the sandbox's test cards; `fillCardFields` types one into the hosted card
 * fields; `startWebhookReceiver` receives and checks notifications; `routeProviderSdk` serves this
 * SDK, pointed at the sandbox, where a page loads the provider's browser SDK, and answers the
 * provider's API and 3DS hosts from the sandbox. Needs the optional peer
 * dependency @playwright/test (and better-sqlite3 for the sandbox). See docs/testing.md.
 * @packageDocumentation
 */
export { test, expect, type GatewaySandbox, type GatewayWorkerFixtures, type SecondMerchant } from './fixture';
export {
  cancelChallenge,
  challengeDialog,
  enterWrongCode,
  failChallenge,
  issuerFrame,
  passChallenge,
  submitChallengeCode,
  waitForChallenge,
  waitForChallengeSettled,
  type CancelBy,
  type ShownChallenge,
} from './challenge-helpers';
export { decideChallenge, type ChallengeDecision, type SandboxTarget } from './decide-challenge';
export { expirePixCode, payPixCode, type PixOrder } from './pix-simulator';
export { advanceClock, sandboxTime } from './sandbox-time';
export {
  startWebhookReceiver,
  type ReceivedWebhook,
  type WebhookReceiver,
  type WebhookReceiverOptions,
} from './webhook-receiver';
export {
  CARD_FIELD_HOOKS,
  CHALLENGE_HOOKS,
  CHECKOUT_PAGE_HOOKS,
  SANDBOX_CODES,
  type CardFieldHookName,
} from './selectors';
export { payCheckout, type CheckoutPayment, type PayCheckoutOptions } from './checkout-page';
export {
  PROVIDER_API_ORIGIN,
  PROVIDER_CHALLENGE_ORIGIN,
  routeProviderSdk,
  type ProviderSdkTarget,
} from './provider-sdk';
export { fillCardFields, readCardFields, type CardFieldReading, type CardFieldsInput } from './card-fields';
export {
  TEST_CARDS,
  type SandboxCard,
  type SandboxFlow,
  type SandboxScenario,
  type TestCardName,
} from '../sandbox/cards/sandbox-cards';
