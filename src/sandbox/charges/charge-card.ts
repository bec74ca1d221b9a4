import { INVALID_PARAMETER, type ErrorItem } from '../../core/error-item';
import type { CardBrand } from '../../core/card-brand';
import { hasExpired } from '../../core/card-expiry';
import { cardDigits } from '../cards/card-digits';
import type { CardResolver } from '../cards/card-resolver';
import type { CardBody, WalletType } from './charge-request';
import { walletCardNumber } from '../cards/wallet-card';

/**
 * The card of a charge as read from the request. A clear or decrypted card has its number,
 * which lives only while the charge is decided; a stored card has none.
 */
export interface ChargeCard {
  number?: string;
  brand: CardBrand;
  firstDigits: string;
  lastDigits: string;
  expMonth: number;
  expYear: number;
  securityCode?: string;
  /** Null for a wallet's card sent without a holder: the wallet does not say. */
  holderName: string | null;
  /** Which wallet the card came from, when it came from one. */
  wallet?: WalletType;
  /** `CARD_<uuid>` when the card came from the vault. */
  storedId?: string;
  /** The request field to name in a card problem: `card.number`, `card.network_token`, `card.wallet.key`, `card.encrypted` or `card.id`. */
  path: (field: 'number' | 'exp_year' | 'security_code') => string;
}

/** The card of the request: clear, a network token, a wallet's, decrypted from `card.encrypted`, or stored (`card.id`). Reports what is wrong with it. */
export function readChargeCard(
  cards: CardResolver,
  body: CardBody,
  at: string,
  merchantId: string,
  now: number,
  bad: (item: ErrorItem) => void,
): ChargeCard | undefined {
  const invalid = (path: string, description: string) =>
    bad({ code: INVALID_PARAMETER, parameterName: path, description: `${path} ${description}` });
  let card: ChargeCard;
  if (body.id !== undefined || body.encrypted !== undefined) {
    // The same resolver the 3DS engine uses: a stored or encrypted card reads alike in both.
    const resolved = cards.resolve(merchantId, { id: body.id, encrypted: body.encrypted }, at.slice(0, -1));
    if (!resolved.ok) {
      bad(resolved.error);
      return undefined;
    }
    const r = resolved.card;
    // Literals naming each field rather than a spread of the resolved card: see ChargeProcessor.create().
    if (body.id !== undefined) {
      card = {
        brand: r.brand,
        firstDigits: r.firstDigits,
        lastDigits: r.lastDigits,
        number: undefined,
        expMonth: r.expMonth!,
        expYear: r.expYear!,
        securityCode: body.security_code,
        holderName: body.holder?.name ?? r.holderName!,
        storedId: body.id,
        path: (field) => (field === 'security_code' ? `${at}security_code` : `${at}id`),
      };
    } else {
      const path = `${at}encrypted`;
      if (r.brand === 'unknown') {
        invalid(path, 'holds a card of no network the gateway accepts');
        return undefined;
      }
      card = {
        brand: r.brand,
        firstDigits: r.firstDigits,
        lastDigits: r.lastDigits,
        number: r.number!,
        expMonth: r.expMonth!,
        expYear: r.expYear!,
        securityCode: r.securityCode!,
        holderName: body.holder?.name ?? r.holderName!,
        path: () => path,
      };
    }
  } else {
    // A clear number, a network token (the network's number for the card) or a wallet's card: all
    // read by their number, which in the sandbox is a test card's (docs/orders-and-charges.md#card-forms).
    const form = body.number !== undefined ? 'number' : body.network_token !== undefined ? 'network_token' : 'wallet';
    const number = body.number ?? body.network_token ?? walletCardNumber(body.wallet!.key);
    const digits = cardDigits(number);
    const year = new Date(now).getUTCFullYear();
    card = {
      brand: digits.brand,
      firstDigits: digits.firstDigits,
      lastDigits: digits.lastDigits,
      number,
      // A wallet's card sent alone: its expiry is in the key, which the sandbox cannot read; a date well ahead.
      expMonth: body.exp_month ?? 12,
      expYear: body.exp_year ?? year + 5,
      securityCode: body.security_code,
      holderName: body.holder?.name ?? null,
      ...(body.wallet && { wallet: body.wallet.type }),
      path: (field) =>
        form === 'number' || field !== 'number'
          ? `${at}${field}`
          : form === 'wallet'
            ? `${at}wallet.key`
            : `${at}network_token`,
    };
  }
  if (hasExpired(card.expMonth, card.expYear, new Date(now), true)) {
    invalid(
      card.path('exp_year'),
      card.storedId ? 'names a stored card that has expired' : 'and exp_month are in the past: the card has expired',
    );
  }
  const codeLength = card.brand === 'amex' ? 4 : 3;
  if (card.securityCode !== undefined && card.securityCode.length !== codeLength)
    invalid(card.path('security_code'), `must be ${codeLength} digits for this card`);
  return card;
}
