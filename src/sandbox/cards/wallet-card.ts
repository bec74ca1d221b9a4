import { detectCardBrand } from '../../core/card-brand';
import { isLuhnValid } from '../../core/luhn';

/**
 * The card a wallet's payment data stands for, in the sandbox (docs/orders-and-charges.md#card-forms).
 * A real Google Pay or Apple Pay key is encrypted for the provider, which the sandbox cannot read;
 * so the sandbox looks in the key for a card number of a network it accepts (a test card number
 * put there to pick an outcome) and otherwise pays with {@link WALLET_DEFAULT_CARD}, a card the
 * sandbox issuer approves.
 */
const WALLET_DEFAULT_CARD = '4111111111111111';

const DIGIT_RUNS = /\d{13,21}/g;

/** The card number a wallet key holds for the sandbox: the first Luhn-valid run of 13 to 21 digits of a known network, else the default. */
export function walletCardNumber(key: string): string {
  for (const [run] of key.matchAll(DIGIT_RUNS)) {
    if (isLuhnValid(run) && detectCardBrand(run) !== 'unknown') return run;
  }
  return WALLET_DEFAULT_CARD;
}
