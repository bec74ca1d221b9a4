import { ApiError } from '../http/api-error';
import { UNPROCESSABLE } from '../http/api-error-code';
import type { CardResolver } from '../cards/card-resolver';
import type { CardVault, StoredCard } from '../cards/card-vault';
import { readChargeCard } from '../charges/charge-card';
import type { Clock } from '../clock';
import { REQUIRED_PARAMETER, type ErrorItem } from '../../core/error-item';
import type { Merchant } from '../merchants/merchant-store';
import type { CardTokenBody } from './card-token-request';

/**
 * Card tokenisation apart from a payment (POST /tokens/cards): the card read as a charge reads it
 * (expired, a wrong security code length, an encrypted card that does not decrypt are 400), then
 * kept in the vault that `card.store` fills, so the token is a `card.id` for charges and 3DS.
 */
export class CardTokens {
  constructor(
    private readonly cards: CardResolver,
    private readonly vault: CardVault,
    private readonly clock: Clock,
  ) {}

  create(merchant: Merchant, body: CardTokenBody): StoredCard {
    if (body.number !== undefined && !merchant.pciHomologated)
      throw ApiError.of(
        422,
        UNPROCESSABLE,
        'number',
        'number is clear card data, which only PCI-homologated accounts may send: encrypt the card in the browser with Gateway.encryptCard and send encrypted',
      );
    const invalid: ErrorItem[] = [];
    const card = readChargeCard(this.cards, body, '', merchant.id, this.clock.now().getTime(), (e) => invalid.push(e));
    if (invalid.length || !card?.number) throw new ApiError(400, invalid);
    const holderName = card.holderName;
    if (holderName === null) throw ApiError.of(400, REQUIRED_PARAMETER, 'holder.name', 'holder.name is required');
    return this.vault.store(merchant.id, {
      number: card.number,
      expMonth: card.expMonth,
      expYear: card.expYear,
      holderName,
    });
  }
}
