import type { CardBrand } from '../../core/card-brand';
import { INVALID_PARAMETER, type ErrorItem } from '../../core/error-item';
import type { Clock } from '../clock';
import type { PublicKeyStore } from '../public-keys/public-key-store';
import type { CardSource } from '../three-ds/authentication-record';
import { decryptCard, PrivateKeys } from './card-decryption';
import type { CardVault } from './card-vault';
import { cardDigits, scenarioOf, type CardScenario } from './card-digits';

/** A card in any of its three forms, as a request gives it. */
export interface CardInput {
  number?: string;
  expMonth?: number;
  expYear?: number;
  holderName?: string;
  encrypted?: string;
  id?: string;
}

/** What the sandbox may know of a card, whatever form it came in. */
interface ResolvedCard {
  source: CardSource;
  brand: CardBrand;
  firstDigits: string;
  lastDigits: string;
  expMonth: number | null;
  expYear: number | null;
  holderName: string | null;
  scenario: CardScenario;
  /** The clear number, in memory only for this request (an order stores it in the vault); null for a stored card. */
  number: string | null;
  /** The security code from an encrypted card, in memory only; never stored. */
  securityCode: string | null;
}

export type Resolution = { ok: true; card: ResolvedCard } | { ok: false; error: ErrorItem };

/**
 * Turns a clear, encrypted or tokenized card into one {@link ResolvedCard}, so the 3DS engine
 * and the orders API treat the three forms alike: the encrypted card is decrypted with the
 * merchant's keys, the card id is looked up among the merchant's stored cards.
 */
export class CardResolver {
  private readonly privateKeys = new PrivateKeys();

  constructor(
    private readonly keys: PublicKeyStore,
    private readonly vault: CardVault,
    private readonly clock: Clock,
  ) {}

  /** `path` is where the card sits in the request, e.g. `data.paymentMethod.card`. */
  resolve(merchantId: string, card: CardInput, path: string): Resolution {
    if (card.id !== undefined) {
      const stored = this.vault.get(card.id, merchantId);
      if (!stored) {
        const name = `${path}.id`;
        const description = `${name} does not name a stored card of this account (cards are stored by a charge with card.store true)`;
        return { ok: false, error: { code: INVALID_PARAMETER, parameterName: name, description } };
      }
      return {
        ok: true,
        card: {
          source: 'id',
          brand: stored.brand,
          firstDigits: stored.firstDigits,
          lastDigits: stored.lastDigits,
          expMonth: stored.expMonth,
          expYear: stored.expYear,
          holderName: card.holderName ?? stored.holderName,
          scenario: stored.scenario,
          number: null,
          securityCode: null,
        },
      };
    }
    if (card.encrypted !== undefined) {
      const now = this.clock.now();
      const out = decryptCard(
        card.encrypted,
        this.keys.validKeys(merchantId),
        now,
        `${path}.encrypted`,
        this.privateKeys,
      );
      if (!out.ok) return out;
      const c = out.card;
      return {
        ok: true,
        card: fromNumber(c.number, 'encrypted', c.expMonth, c.expYear, card.holderName ?? c.holder, c.securityCode),
      };
    }
    return {
      ok: true,
      card: fromNumber(
        card.number ?? '',
        'number',
        card.expMonth ?? null,
        card.expYear ?? null,
        card.holderName ?? null,
        null,
      ),
    };
  }
}

/** A card read from its number: what the sandbox knows of it from the digits alone, and what was sent with it. */
function fromNumber(
  number: string,
  source: CardSource,
  expMonth: number | null,
  expYear: number | null,
  holderName: string | null,
  securityCode: string | null,
): ResolvedCard {
  const digits = cardDigits(number);
  return {
    source,
    brand: digits.brand,
    firstDigits: digits.firstDigits,
    lastDigits: digits.lastDigits,
    expMonth,
    expYear,
    holderName,
    scenario: scenarioOf(number),
    number,
    securityCode,
  };
}
