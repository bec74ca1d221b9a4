/**
 * Merchant category codes the sandbox treats as high risk, as acquirers do for payment
 * facilitators: a sub-merchant charge with one of them is refused unless the account has the
 * code released (`released_mccs`). docs/orders-and-charges.md#sub-merchant-charges lists them with
 * their meaning.
 */
export const HIGH_RISK_MCCS: Readonly<Record<string, string>> = {
  '4829': 'Money transfer, wire transfer and money orders',
  '5122': 'Drugs, drug proprietaries and druggist sundries',
  '5816': 'Digital goods: games',
  '5962': 'Direct marketing: travel-related arrangement services',
  '5966': 'Direct marketing: outbound telemarketing',
  '5967': 'Direct marketing: inbound teleservices',
  '5993': 'Cigar stores and stands',
  '6051': 'Quasi-cash: foreign currency, money orders, crypto assets',
  '6211': 'Security brokers and dealers',
  '7273': 'Dating and escort services',
  '7995': 'Betting, lottery tickets, casino gaming chips',
};

/** True when a sub-merchant with this MCC may not be charged on the account. */
export const isBlockedMcc = (mcc: string, released: readonly string[]): boolean =>
  mcc in HIGH_RISK_MCCS && !released.includes(mcc);
