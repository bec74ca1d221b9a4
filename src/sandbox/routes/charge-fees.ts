import { Hono } from 'hono';
import * as z from 'zod/mini';
import { CARD_NETWORKS, detectCardBrand, type CardBrand } from '../../core/card-brand';
import { INVALID_PARAMETER } from '../../core/error-item';
import { oneOfRule } from '../../core/field-rules';
import type { AppEnv, SandboxDeps } from '../app-env';
import { installmentPlans, type InstallmentPlan } from '../charges/installment-plans';
import { ApiError } from '../http/api-error';
import { parseWithSchema } from '../http/parse-with-schema';
import { cents, digits, field, integer } from '../http/request-fields';
import { merchantAuth } from '../middleware/merchant-auth';

/** The query of GET /charges/fees/calculate: every value arrives as text; digits are read as numbers. */
const feesQuery = z.strictObject({
  payment_methods: field(oneOfRule(['CREDIT_CARD'], 'must be CREDIT_CARD, the one method with installments'), {
    type: 'string',
    enum: ['CREDIT_CARD'],
  }),
  value: cents(1),
  max_installments: z.optional(integer(1, 12)),
  max_installments_no_interest: z.optional(integer(1, 12)),
  credit_card_bin: z.optional(digits(6, 6, 'must be the first 6 digits of the card number')),
});

/**
 * GET /charges/fees/calculate (merchant token): the installment plans of a credit card payment
 * of `value`, per brand, for the checkout's installment selector (docs/orders-and-charges.md#installment-plans).
 */
export function chargeFeeRoutes(deps: SandboxDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/charges/fees/calculate', merchantAuth(deps.merchants), (c) => {
    // A parameter given twice is refused rather than one of its values picked at random.
    const query = Object.fromEntries(
      Object.entries(c.req.queries()).map(([name, values]) => [name, values.length === 1 ? values[0] : values]),
    );
    const parsed = parseWithSchema(feesQuery, query);
    if (!parsed.ok) throw new ApiError(400, parsed.errors);
    const { value, max_installments = 12, max_installments_no_interest = 1, credit_card_bin } = parsed.value;
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
    return c.json({ payment_methods: { credit_card: byBrand } });
  });
  return app;
}

const invalid = (parameterName: string, rule: string) =>
  new ApiError(400, [{ code: INVALID_PARAMETER, parameterName, description: `${parameterName} ${rule}` }]);
