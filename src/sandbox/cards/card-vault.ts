import type { CardBrand } from '../../core/card-brand';
import { timestamp, type Clock } from '../clock';
import type { Db } from '../storage/database';
import { cardDigits, scenarioOf, type CardScenario } from './card-digits';
import { ID_PREFIXES, newId } from '../values/resource-id';

/**
 * A tokenized card: what an order with `card.store = true` keeps, usable later as `card.id` in
 * authenticate3DS and in orders of the same merchant. Never the number or security code; the
 * sandbox scenario of the number is kept instead, so a stored test card behaves as its number.
 */
export interface StoredCard {
  /** `CARD_<uuid>`. */
  id: string;
  merchantId: string;
  brand: CardBrand;
  firstDigits: string;
  lastDigits: string;
  expMonth: number;
  expYear: number;
  holderName: string;
  scenario: CardScenario;
  createdAt: string;
}

interface Row {
  id: string;
  merchant_id: string;
  brand: string;
  first_digits: string;
  last_digits: string;
  exp_month: number;
  exp_year: number;
  holder_name: string;
  scenario: string;
  created_at: string;
}

const toCard = (r: Row): StoredCard => ({
  id: r.id,
  merchantId: r.merchant_id,
  brand: r.brand as CardBrand,
  firstDigits: r.first_digits,
  lastDigits: r.last_digits,
  expMonth: r.exp_month,
  expYear: r.exp_year,
  holderName: r.holder_name,
  scenario: JSON.parse(r.scenario) as CardScenario,
  createdAt: r.created_at,
});

export class CardVault {
  private readonly insert;
  private readonly byId;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.insert = db.prepare<[Row]>(
      `INSERT INTO stored_cards (id, merchant_id, brand, first_digits, last_digits, exp_month, exp_year, holder_name, scenario, created_at)
       VALUES (@id, @merchant_id, @brand, @first_digits, @last_digits, @exp_month, @exp_year, @holder_name, @scenario, @created_at)`,
    );
    this.byId = db.prepare<[string, string], Row>('SELECT * FROM stored_cards WHERE id = ? AND merchant_id = ?');
  }

  /** Tokenizes a card for a merchant and returns the stored card (with its new id). */
  store(
    merchantId: string,
    card: { number: string; expMonth: number; expYear: number; holderName: string },
  ): StoredCard {
    const { brand, firstDigits, lastDigits } = cardDigits(card.number);
    const row: Row = {
      id: newId(ID_PREFIXES.card),
      merchant_id: merchantId,
      brand,
      first_digits: firstDigits,
      last_digits: lastDigits,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      holder_name: card.holderName,
      scenario: JSON.stringify(scenarioOf(card.number)),
      created_at: timestamp(this.clock.now()),
    };
    this.insert.run(row);
    return toCard(row);
  }

  /** A stored card of this merchant only: another merchant's id is as unknown as a made-up one. */
  get(id: string, merchantId: string): StoredCard | undefined {
    const row = this.byId.get(id, merchantId);
    return row && toCard(row);
  }
}
