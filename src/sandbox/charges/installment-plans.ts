import { MAX_AMOUNT_CENTS } from '../values/money';
import { meetsInstallmentMinimum } from './card-minimums';

/** One row of an installment selector, as GET /charges/fees/calculate answers it (docs/orders-and-charges.md#installment-plans). */
export interface InstallmentPlan {
  installments: number;
  /** What each installment costs, in cents. */
  installment_value: number;
  interest_free: boolean;
  /**
   * `value` is what the charge of this plan is for; the buyer's interest is `value` less the price,
   * which a charge of this plan sends as `amount.fees.buyer.interest` (with the plan's installments).
   */
  amount: { value: number; currency: 'BRL'; fees: { buyer: { interest: { total: number; installments: number } } } };
}

/** The limits and the rate a plan table is computed with. */
export interface PlanTerms {
  /** The price, in cents. */
  value: number;
  /** Plans go from 1 to this (1 to 12). */
  maxInstallments: number;
  /**
   * Plans up to this many installments cost the price (0 to `maxInstallments`). Plan 1 is paying
   * at once and always costs the price, so 0 (what public integrations send for "no interest-free
   * installments") gives the plans of 1.
   */
  maxInstallmentsNoInterest: number;
  /** The monthly interest of the other plans, in hundredths of a percent (299 = 2,99 % a.m.). */
  monthlyRateBp: number;
}

/** The monthly interest rate of an account until its settings change it: 2,99 % a.m. */
export const DEFAULT_INSTALLMENT_RATE_BP = 299;

const BP = 10_000n;

/**
 * The Price (annuity) table installment of `value` over `n` months at `rateBp`, rounded up to the
 * cent: value × i / (1 − (1 + i)^−n), computed in integers (no binary fraction can round a
 * whole cent the wrong way), i = rateBp / 10 000.
 */
function priceInstallment(value: number, n: number, rateBp: number): number {
  const growth = (BP + BigInt(rateBp)) ** BigInt(n);
  const numerator = BigInt(value) * BigInt(rateBp) * growth;
  const denominator = BP * (growth - BP ** BigInt(n));
  return Number((numerator + denominator - 1n) / denominator);
}

/**
 * The plans a shopper may choose for `value` (docs/orders-and-charges.md#installment-plans):
 * plan 1 and up to `maxInstallmentsNoInterest` the price split with each installment rounded up to the cent;
 * beyond it the Price table installment, rounded up to the cent, and `amount.value` the
 * installment times the count. A plan is left out when a card charge of its `amount.value` in
 * that many installments would be refused: an installment under the minimum
 * ({@link meetsInstallmentMinimum}) or an amount over the API's largest. Plan 1 always stays.
 */
export function installmentPlans(terms: PlanTerms): InstallmentPlan[] {
  const { value, maxInstallments, maxInstallmentsNoInterest, monthlyRateBp } = terms;
  const plans: InstallmentPlan[] = [];
  for (let n = 1; n <= maxInstallments; n++) {
    const interestFree = n === 1 || n <= maxInstallmentsNoInterest;
    const installmentValue = interestFree ? Math.ceil(value / n) : priceInstallment(value, n, monthlyRateBp);
    const amount = interestFree ? value : installmentValue * n;
    if (n > 1 && (!meetsInstallmentMinimum(amount, n) || amount > MAX_AMOUNT_CENTS)) continue;
    plans.push({
      installments: n,
      installment_value: installmentValue,
      interest_free: interestFree,
      amount: {
        value: amount,
        currency: 'BRL',
        fees: { buyer: { interest: { total: amount - value, installments: n } } },
      },
    });
  }
  return plans;
}
