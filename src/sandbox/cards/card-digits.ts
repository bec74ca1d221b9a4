import { detectCardBrand, type CardBrand } from '../../core/card-brand';
import { sandboxScenario } from './sandbox-cards';
import type { StoredCard } from './card-vault';

/** What may be kept of a card number: brand, first 6 and last 4 digits. */
export const cardDigits = (number: string): { brand: CardBrand; firstDigits: string; lastDigits: string } => ({
  brand: detectCardBrand(number),
  firstDigits: number.slice(0, 6),
  lastDigits: number.slice(-4),
});

/** The sandbox scenario of a number, without its description (docs/sandbox.md#sandbox-cards): what a stored card keeps. */
export function scenarioOf(number: string): StoredCard['scenario'] {
  const { flow, outcome, issuer } = sandboxScenario(number);
  return { flow, outcome, issuer };
}
