import type { CardBrand } from '../../core/card-brand';
import { formatBrl } from '../values/money';

/** Smallest card transaction per network, in cents (docs/rules.md#minimum-amounts). Networks not listed: {@link DEFAULT_TRANSACTION_MINIMUM}. */
const TRANSACTION_MINIMUMS: Readonly<Partial<Record<CardBrand, number>>> = { visa: 100 };
/** Smallest card transaction of every network other than visa: R$ 0,20. */
const DEFAULT_TRANSACTION_MINIMUM = 20;
/** Smallest installment of an installment purchase, every network: R$ 5,00. */
const INSTALLMENT_MINIMUM = 500;
/** Smallest boleto: R$ 0,20. */
const BOLETO_MINIMUM = 20;

/**
 * Whether each of `installments` installments of `amount` is at least {@link INSTALLMENT_MINIMUM}:
 * the one test the card charge and the installment plans (installment-plans.ts) both apply.
 * A single payment is one "installment" too, but the floor is for split purchases: applying it
 * to 1x would make every card's minimum R$ 5,00 and contradict the visa rule.
 */
export const meetsInstallmentMinimum = (amount: number, installments: number): boolean =>
  installments === 1 || amount >= INSTALLMENT_MINIMUM * installments;

/** What the amount falls short of, for the error description; undefined when it is enough. */
export function cardMinimumProblem(brand: CardBrand, amount: number, installments: number): string | undefined {
  const minimum = TRANSACTION_MINIMUMS[brand] ?? DEFAULT_TRANSACTION_MINIMUM;
  if (amount < minimum)
    return `must be at least ${minimum} (${formatBrl(minimum)}), the smallest ${brand} card transaction`;
  if (!meetsInstallmentMinimum(amount, installments)) {
    const total = INSTALLMENT_MINIMUM * installments;
    return (
      `must be at least ${total} (${formatBrl(total)}) for ${installments} installments: ` +
      `each installment must be at least ${formatBrl(INSTALLMENT_MINIMUM)}`
    );
  }
  return undefined;
}

/** What a boleto amount falls short of; undefined when it is enough. */
export function boletoMinimumProblem(amount: number): string | undefined {
  return amount < BOLETO_MINIMUM
    ? `must be at least ${BOLETO_MINIMUM} (${formatBrl(BOLETO_MINIMUM)}), the smallest boleto`
    : undefined;
}
