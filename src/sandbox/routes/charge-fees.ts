import * as z from 'zod/mini';
import { CARD_NETWORKS, detectCardBrand, type CardBrand } from '../../core/card-brand';
import { INVALID_PARAMETER } from '../../core/error-item';
import { oneOfRule, oneOfSchema } from '../../core/field-rules';
import { installmentPlans, type InstallmentPlan } from '../charges/installment-plans';
import { ApiError } from '../http/api-error';
import { cents, digits, field, integer } from '../http/request-fields';
import { installmentFeesResponse } from '../openapi/response-schemas';
import { described } from '../http/described';
import { defineRoute } from '../http/route';
import { json } from '../http/route-answers';
import { answerJson } from '../http/json-answer';

const INSTALLMENT_METHODS = ['CREDIT_CARD'];

/**
 * The query of GET /charges/fees/calculate: every value arrives as text; digits are read as
 * numbers. The examples are the ones the contract tests send (the example checkout's cart).
 */
const feesQuery = z.strictObject({
  payment_methods: described(
    field(
      oneOfRule(INSTALLMENT_METHODS, 'must be CREDIT_CARD, the one method with installments'),
      oneOfSchema(INSTALLMENT_METHODS),
    ),
    'CREDIT_CARD, the one method with installments.',
    'CREDIT_CARD',
  ),
  value: described(cents(1), 'The price, in cents.', 13480),
  max_installments: described(z._default(integer(1, 12), 12), 'The most installments offered. Default 12.', 12),
  max_installments_no_interest: described(
    z._default(integer(0, 12), 1),
    'The most installments without interest, 0 to `max_installments`. Default 1. ' +
      '0 and 1 give the same plans: paying at once costs the price, every split has interest.',
    3,
  ),
  credit_card_bin: described(
    z.optional(digits(6, 6, 'must be the first 6 digits of the card number')),
    "The card's first 6 digits: the answer has that card's network only (400 when the sandbox knows no network for them). Without it, every network.",
    '400000',
  ),
});

const invalid = (parameterName: string, rule: string) =>
  new ApiError(400, [{ code: INVALID_PARAMETER, parameterName, description: `${parameterName} ${rule}` }]);

/**
 * GET /charges/fees/calculate (merchant token): the installment plans of a credit card payment
 * of `value`, per brand, for the checkout's installment selector (docs/orders-and-charges.md#installment-plans).
 */
export const CHARGE_FEE_ROUTE = defineRoute<undefined, z.infer<typeof feesQuery>>({
  operationId: 'calculateInstallmentFees',
  method: 'get',
  path: '/charges/fees/calculate',
  origin: 'api',
  tag: 'Charges',
  summary: "The installment plans of a credit card payment, per card network, for the checkout's installment selector",
  description:
    'Plans 1 to `max_installments`: up to `max_installments_no_interest` they cost `value`; beyond it ' +
    'the Price table at the monthly rate of the account settings (`installment_interest_rate`), ' +
    '`amount.value` = `installment_value` × installments, each installment rounded up to the cent. ' +
    'A plan whose installment would be under R$ 5,00 is left out (plan 1 stays).',
  security: 'bearer',
  query: feesQuery,
  responses: { '200': json('InstallmentFees', installmentFeesResponse, 'The plans, per card network.') },
  errors: [400, 401],
  handle:
    () =>
    (c, { query }) => {
      const { value, max_installments, max_installments_no_interest, credit_card_bin } = query;
      if (max_installments_no_interest > max_installments)
        throw invalid('max_installments_no_interest', `must be at most max_installments (${max_installments})`);
      const brand = credit_card_bin === undefined ? undefined : detectCardBrand(credit_card_bin);
      if (brand === 'unknown') throw invalid('credit_card_bin', 'must be the BIN of a card network the sandbox knows');
      const plans = installmentPlans({
        value,
        maxInstallments: max_installments,
        maxInstallmentsNoInterest: max_installments_no_interest,
        monthlyRateBp: c.get('merchant').installmentRateBp,
      });
      const byBrand: Partial<Record<CardBrand, { installment_plans: InstallmentPlan[] }>> = {};
      // Every network the sandbox knows when no BIN narrows the answer to one.
      for (const b of brand ? [brand] : CARD_NETWORKS) byBrand[b] = { installment_plans: plans };
      return answerJson(c, { payment_methods: { credit_card: byBrand } });
    },
});
