import { detectCardBrand, type CardBrand } from '../../core/card-brand';
import type { AuthenticationOutcomeValue } from '../../core/authentication-resource';
import { sandboxScenario, type SandboxFlow } from './sandbox-cards';

/** How a sandbox card behaves, kept with a stored card so it behaves as its number did. */
export interface CardScenario {
  flow: SandboxFlow;
  outcome: AuthenticationOutcomeValue | null;
  issuer: string | null;
  /** Whether the card's issuer runs a 3DS Method and whether its page notifies (docs/three-ds-flow.md). */
  method?: 'NOTIFIES' | 'SILENT';
}

/** What may be kept of a card number: brand, first 6 and last 4 digits. */
export const cardDigits = (number: string): { brand: CardBrand; firstDigits: string; lastDigits: string } => ({
  brand: detectCardBrand(number),
  firstDigits: number.slice(0, 6),
  lastDigits: number.slice(-4),
});

/** The sandbox scenario of a number, without its description (docs/sandbox.md#sandbox-cards): what a stored card keeps. */
export function scenarioOf(number: string): CardScenario {
  const { flow, outcome, issuer, method } = sandboxScenario(number);
  return { flow, outcome, issuer, ...(method && { method }) };
}
