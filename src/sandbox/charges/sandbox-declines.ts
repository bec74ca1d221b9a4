import type { AuthenticationOutcomeValue } from '../../core/authentication-resource';

/** `payment_response` of a charge: `20000` / `SUCESSO` on success. */
export interface PaymentResponse {
  code: string;
  message: string;
  /** The acquirer's reference (NSU); card charges only. */
  reference?: string;
}

export const APPROVED = { code: '20000', message: 'SUCESSO' } as const;

/** Why a card charge is declined, as `payment_response`. */
export interface Decline {
  code: string;
  message: string;
}

const ISSUER_DECLINED: Decline = { code: '10002', message: 'NAO AUTORIZADA PELO EMISSOR' };
const INSUFFICIENT_FUNDS: Decline = { code: '10004', message: 'SALDO INSUFICIENTE' };
const SUSPECTED_FRAUD: Decline = { code: '10005', message: 'TRANSACAO NAO PERMITIDA: SUSPEITA DE FRAUDE' };
const NOT_AUTHENTICATED_DEBIT: Decline = { code: '10008', message: 'DEBITO NAO AUTENTICADO PELO EMISSOR (3DS)' };

/** Test cards that are always declined (Luhn-valid). docs/orders-and-charges.md#sandbox-declines lists them. */
const DECLINED_CARDS: Readonly<Record<string, Decline>> = {
  '4000000000000002': ISSUER_DECLINED,
  '4000000000009995': INSUFFICIENT_FUNDS,
  '5200000000000007': ISSUER_DECLINED,
};

// Matched on first 6 and last 4 digits, what a stored card still knows of its number.
const DECLINED_BY_DIGITS: ReadonlyMap<string, Decline> = new Map(
  Object.entries(DECLINED_CARDS).map(([n, d]) => [`${n.slice(0, 6)}${n.slice(-4)}`, d]),
);

/**
 * Amounts, in cents, that decline whatever the card: R$ 400,51 to R$ 400,53. Odd enough that
 * no other test trips on them by accident.
 */
const DECLINED_AMOUNTS: Readonly<Record<number, Decline>> = {
  40051: ISSUER_DECLINED,
  40052: INSUFFICIENT_FUNDS,
  40053: SUSPECTED_FRAUD,
};

/** What the sandbox issuer decides about a card charge: a decline, or undefined to approve. */
export function sandboxDecline(input: {
  card: { firstDigits: string; lastDigits: string };
  amount: number;
  debit: boolean;
  authentication: AuthenticationOutcomeValue | null;
}): Decline | undefined {
  // A debit without a successful 3DS authentication puts the fraud liability on the issuer,
  // which Brazilian issuers refuse.
  if (input.debit && input.authentication !== 'AUTHENTICATED') return NOT_AUTHENTICATED_DEBIT;
  return DECLINED_BY_DIGITS.get(`${input.card.firstDigits}${input.card.lastDigits}`) ?? DECLINED_AMOUNTS[input.amount];
}
