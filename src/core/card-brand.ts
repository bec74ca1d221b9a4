/** The card networks the gateway knows, lower case, as the API returns them in `card.brand`. */
export const CARD_NETWORKS = ['visa', 'mastercard', 'elo', 'amex', 'hipercard', 'diners', 'discover', 'jcb'] as const;
/** Every `card.brand`: a known network, or `unknown` when the BIN names none. */
export const CARD_BRANDS: readonly [...typeof CARD_NETWORKS, 'unknown'] = [...CARD_NETWORKS, 'unknown'];
export type CardBrand = (typeof CARD_BRANDS)[number];

// Elo and Hipercard ranges overlap Visa/Mastercard/Discover prefixes, so they are tested first.
const ELO = new RegExp(
  `^(${[
    '4011(78|79)',
    '43(1274|8935)',
    '45(1416|7393|763[12])',
    '50(4175|6699|67[0-7]\\d|9\\d{3})',
    '627780',
    '636(297|368)',
    '650(0(3[1-3]|[4-9]\\d)|[1-4]\\d{2}|5(0\\d|1[0-9]|2[0-9]|3[0-8]|4[1-9]|[5-8]\\d|9[0-8]))',
    '6516(5[2-9]|[6-7]\\d)',
    '6550([0-1]\\d|2[0-5]|5[0-8])',
  ].join('|')})`,
);
const RULES: ReadonlyArray<readonly [CardBrand, RegExp]> = [
  ['elo', ELO],
  ['hipercard', /^(606282|3841(0|4|6)0)/],
  ['amex', /^3[47]/],
  ['diners', /^3(0[0-5]|[689])/],
  ['jcb', /^35(2[89]|[3-8])/],
  ['visa', /^4/],
  ['mastercard', /^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/],
  ['discover', /^(6011|65|64[4-9])/],
];

/** Detects the card network from the leading digits (BIN) of a card number. */
export function detectCardBrand(number: string): CardBrand {
  for (const [brand, pattern] of RULES) if (pattern.test(number)) return brand;
  return 'unknown';
}
