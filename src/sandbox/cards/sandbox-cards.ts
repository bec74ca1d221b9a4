import type { AuthenticationOutcomeValue } from '../../core/authentication-resource';
import { detectCardBrand, type CardBrand } from '../../core/card-brand';

/**
 * What the sandbox's issuer does with a card:
 * - `NOT_SUPPORTED`: not eligible for 3DS, status AUTH_NOT_SUPPORTED.
 * - `DENIED`: authentication denied, status CHANGE_PAYMENT_METHOD.
 * - `FRICTIONLESS`: AUTH_FLOW_COMPLETED at once, with {@link SandboxScenario.outcome}.
 * - `CHALLENGE`: REQUIRE_CHALLENGE; the flow completes when the challenge ends.
 * - `BACKEND_FAILURE`: the API answers 500 and stores nothing (for SDK error paths).
 */
export type SandboxFlow = 'NOT_SUPPORTED' | 'DENIED' | 'FRICTIONLESS' | 'CHALLENGE' | 'BACKEND_FAILURE';

/** How the sandbox answers a 3DS authentication for one card. */
export interface SandboxScenario {
  flow: SandboxFlow;
  /**
   * FRICTIONLESS: the authentication result. CHALLENGE: a result the issuer forces whatever
   * the shopper answers, or null when the shopper's answer decides. Otherwise null.
   */
  outcome: AuthenticationOutcomeValue | null;
  /** Issuing bank's name, or null when the issuer is unknown (beforeChallenge gets no issuer). */
  issuer: string | null;
  /** What the card is for, as docs/sandbox.md#sandbox-cards says it. */
  description: string;
  /**
   * The card range has a 3DS Method URL (docs/three-ds-flow.md): its issuer's method page notifies
   * (`NOTIFIES`) or never does (`SILENT`). Then {@link SandboxScenario.flow} applies after the
   * method: FRICTIONLESS only when the completion indicator is Y, a challenge otherwise.
   * Absent: no method URL (indicator U).
   */
  method?: 'NOTIFIES' | 'SILENT';
}

/** A sandbox test card: a Luhn-valid number and what it does. */
export interface SandboxCard extends SandboxScenario {
  number: string;
  brand: CardBrand;
}

const card = (
  number: string,
  flow: SandboxFlow,
  outcome: AuthenticationOutcomeValue | null,
  issuer: string | null,
  description: string,
  method?: SandboxScenario['method'],
): SandboxCard => ({
  number,
  brand: detectCardBrand(number),
  flow,
  outcome,
  issuer,
  description,
  ...(method && { method }),
});

const NOT_ELIGIBLE = 'Not eligible for 3DS: AUTH_NOT_SUPPORTED';
const WITH_CHALLENGE = 'Eligible with challenge: REQUIRE_CHALLENGE, then AUTH_FLOW_COMPLETED';
const FRICTIONLESS = 'Eligible without challenge: AUTH_FLOW_COMPLETED, AUTHENTICATED';

/** The names of {@link TEST_CARDS}. */
export type TestCardName =
  | 'notSupported'
  | 'notSupportedMastercard'
  | 'notSupportedElo'
  | 'challenge'
  | 'challengeMastercard'
  | 'challengeElo'
  | 'frictionless'
  | 'frictionlessMastercard'
  | 'frictionlessElo'
  | 'denied'
  | 'challengeNotAuthenticated'
  | 'frictionlessNotAuthenticated'
  | 'challengeUnknownIssuer'
  | 'backendFailure'
  | 'method'
  | 'methodMastercard'
  | 'methodSilent'
  | 'methodThenChallenge';

/**
 * The sandbox test cards by name (docs/rules.md#sandbox-cards): the 3DS test set's nine (networks A
 * visa, B mastercard, C elo; a name without a network is the Visa card) and extra cards for the
 * cases the set has no card for. Any expiry date in the future and any holder name that passes the
 * holder rule work with every card. `@gateway/sdk/testing` exports them (docs/testing.md#test-cards).
 */
export const TEST_CARDS: { readonly [name in TestCardName]: SandboxCard } = {
  notSupported: card('4000000000002719', 'NOT_SUPPORTED', null, 'Banco Exemplo', NOT_ELIGIBLE),
  notSupportedMastercard: card('5200000000001021', 'NOT_SUPPORTED', null, 'Banco Fictício do Brasil', NOT_ELIGIBLE),
  notSupportedElo: card('6505050000001026', 'NOT_SUPPORTED', null, 'Caixa Imaginária', NOT_ELIGIBLE),
  challenge: card('4000000000002503', 'CHALLENGE', null, 'Banco Exemplo', WITH_CHALLENGE),
  challengeMastercard: card('5200000000001096', 'CHALLENGE', null, 'Banco Fictício do Brasil', WITH_CHALLENGE),
  challengeElo: card('6505050000001091', 'CHALLENGE', null, 'Caixa Imaginária', WITH_CHALLENGE),
  frictionless: card('4000000000002370', 'FRICTIONLESS', 'AUTHENTICATED', 'Banco Exemplo', FRICTIONLESS),
  frictionlessMastercard: card(
    '5200000000001104',
    'FRICTIONLESS',
    'AUTHENTICATED',
    'Banco Fictício do Brasil',
    FRICTIONLESS,
  ),
  frictionlessElo: card('6505050000001109', 'FRICTIONLESS', 'AUTHENTICATED', 'Caixa Imaginária', FRICTIONLESS),
  denied: card('4000000000003006', 'DENIED', null, 'Banco Exemplo', 'Authentication denied: CHANGE_PAYMENT_METHOD'),
  challengeNotAuthenticated: card(
    '4000000000003105',
    'CHALLENGE',
    'NOT_AUTHENTICATED',
    'Banco Exemplo',
    'Challenge that ends NOT_AUTHENTICATED, whatever the shopper answers',
  ),
  frictionlessNotAuthenticated: card(
    '4000000000003204',
    'FRICTIONLESS',
    'NOT_AUTHENTICATED',
    'Banco Exemplo',
    'Frictionless: AUTH_FLOW_COMPLETED, NOT_AUTHENTICATED',
  ),
  challengeUnknownIssuer: card(
    '4000000000003303',
    'CHALLENGE',
    null,
    null,
    'Challenge with an issuer unknown to the database (no issuer for beforeChallenge)',
  ),
  backendFailure: card(
    '4000000000005001',
    'BACKEND_FAILURE',
    null,
    null,
    'The backend fails: HTTP 500, nothing stored',
  ),
  method: card(
    '4000000000004004',
    'FRICTIONLESS',
    'AUTHENTICATED',
    'Banco Exemplo',
    '3DS Method that completes (Y): then AUTH_FLOW_COMPLETED, AUTHENTICATED; a challenge when the indicator is N',
    'NOTIFIES',
  ),
  methodMastercard: card(
    '5200000000001401',
    'FRICTIONLESS',
    'AUTHENTICATED',
    'Banco Fictício do Brasil',
    '3DS Method that completes (Y): then AUTH_FLOW_COMPLETED, AUTHENTICATED; a challenge when the indicator is N',
    'NOTIFIES',
  ),
  methodSilent: card(
    '4000000000004103',
    'FRICTIONLESS',
    'AUTHENTICATED',
    'Banco Exemplo',
    '3DS Method whose page never notifies: the SDK sends N after 10 s, then REQUIRE_CHALLENGE',
    'SILENT',
  ),
  methodThenChallenge: card(
    '4000000000004202',
    'CHALLENGE',
    null,
    'Banco Exemplo',
    '3DS Method that completes (Y), then REQUIRE_CHALLENGE: method and challenge in one payment',
    'NOTIFIES',
  ),
};

/** Every sandbox test card, in the order of {@link TEST_CARDS}. */
export const SANDBOX_CARDS: readonly SandboxCard[] = Object.values(TEST_CARDS);

/** Any other Luhn-valid card of a known network: frictionless and authenticated. */
export const DEFAULT_SCENARIO: SandboxScenario = {
  flow: 'FRICTIONLESS',
  outcome: 'AUTHENTICATED',
  issuer: 'Banco Exemplo',
  description: 'Any other card of a known network: AUTH_FLOW_COMPLETED, AUTHENTICATED',
};

/** A Luhn-valid card whose network is unknown: no 3DS program to enrol in. */
export const UNKNOWN_NETWORK_SCENARIO: SandboxScenario = {
  flow: 'NOT_SUPPORTED',
  outcome: null,
  issuer: null,
  description: 'Any card of an unknown network: AUTH_NOT_SUPPORTED',
};

const BY_NUMBER: ReadonlyMap<string, SandboxCard> = new Map(SANDBOX_CARDS.map((c) => [c.number, c]));

/**
 * The sandbox scenario of a card number (digits only): its row in {@link SANDBOX_CARDS}, else
 * {@link DEFAULT_SCENARIO}, or {@link UNKNOWN_NETWORK_SCENARIO} when the BIN names no network.
 */
export function sandboxScenario(cardNumber: string): SandboxScenario {
  return (
    BY_NUMBER.get(cardNumber) ??
    (detectCardBrand(cardNumber) === 'unknown' ? UNKNOWN_NETWORK_SCENARIO : DEFAULT_SCENARIO)
  );
}
