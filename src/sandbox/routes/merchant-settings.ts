import * as z from 'zod/mini';
import { booleanField, digits, field, text } from '../http/request-fields';
import { documentAs } from '../openapi/json-fragments';
import { pixKeyRule } from '../pix/pix-key';
import { HIGH_RISK_MCCS } from '../charges/high-risk-mcc';
import type { Merchant } from '../merchants/merchant-store';
import { merchantSettingsResponse } from '../openapi/response-schemas';
import { defineRoute, type Route } from '../http/route';
import { JSON_BODY_ERRORS, json } from '../http/route-answers';
import { answerJson } from '../http/json-answer';

const RATE_RULE = 'must be a monthly interest rate in percent from 0.01 to 10, with at most two decimals (2.99)';

/** The monthly rate of the installment plans with interest, in percent (docs/account-settings.md); parsed to hundredths of a percent. */
const interestRate = () =>
  documentAs(
    z.pipe(
      z
        .number({ error: RATE_RULE })
        .check(z.refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6 && n >= 0.01 && n <= 10, RATE_RULE)),
      z.transform((n) => Math.round(n * 100)),
    ),
    { type: 'number', minimum: 0.01, maximum: 10, description: RATE_RULE, examples: [2.99] },
  );

const settingsBody = z.strictObject({
  pci_homologated: z.optional(booleanField()),
  sub_merchant_enabled: z.optional(booleanField()),
  released_mccs: z.optional(
    z
      .array(digits(4, 4, 'must be a merchant category code (MCC) of 4 digits'), { error: 'must be a list of MCCs' })
      .check(z.maxLength(100, 'must be a list of at most 100 MCCs')),
  ),
  installment_interest_rate: z.optional(interestRate()),
  merchant_name: z.optional(text(100, 'name')),
  merchant_city: z.optional(text(15, 'city name')),
  pix_key: z.optional(field(pixKeyRule, { type: 'string', maxLength: 77 })),
});

const toBody = (m: Merchant) => ({
  merchant_id: m.id,
  pci_homologated: m.pciHomologated,
  sub_merchant_enabled: m.subMerchantEnabled,
  released_mccs: m.releasedMccs,
  installment_interest_rate: m.installmentRateBp / 100,
  high_risk_mccs: Object.keys(HIGH_RISK_MCCS),
  webhook_secret: m.webhookSecret,
  merchant_name: m.name,
  merchant_city: m.merchantCity,
  pix_key: m.pixKey,
});

/**
 * Sandbox only: GET and POST /sandbox/merchant/settings read and change the calling account's
 * settings that production sets through onboarding: PCI homologation (clear card data),
 * sub-merchant charges, released high-risk MCCs, the installment interest rate, and the name,
 * city and key its Pix codes carry (docs/pix.md#account-settings). POST changes only the fields sent. Both
 * show the webhook secret; POST /sandbox/merchant/webhook-secret/rotate replaces it.
 */
export const MERCHANT_SETTINGS_ROUTES: Route[] = [
  defineRoute({
    operationId: 'getMerchantSettings',
    method: 'get',
    path: '/sandbox/merchant/settings',
    origin: 'api',
    tag: 'Sandbox',
    summary:
      "Sandbox only: the account's settings (PCI homologation, sub-merchant charges, released MCCs, webhook secret, Pix name, city and key)",
    security: 'bearer',
    responses: { '200': json('MerchantSettings', merchantSettingsResponse, 'The settings.') },
    errors: [401],
    handle: () => (c) => answerJson(c, toBody(c.get('merchant'))),
  }),
  defineRoute<z.infer<typeof settingsBody>>({
    operationId: 'updateMerchantSettings',
    method: 'post',
    path: '/sandbox/merchant/settings',
    origin: 'api',
    tag: 'Sandbox',
    summary: 'Sandbox only: change the fields sent',
    security: 'bearer',
    body: {
      contentType: 'application/json',
      required: true,
      schema: { name: 'MerchantSettingsRequest', schema: settingsBody },
      example: { pci_homologated: true },
    },
    responses: { '200': json('MerchantSettings', merchantSettingsResponse, 'The settings as they now are.') },
    errors: JSON_BODY_ERRORS,
    handle:
      (deps) =>
      (c, { body }) => {
        const {
          pci_homologated,
          sub_merchant_enabled,
          released_mccs,
          installment_interest_rate,
          merchant_name,
          merchant_city,
          pix_key,
        } = body;
        const updated = deps.merchants.update(c.get('merchant').id, {
          ...(pci_homologated !== undefined && { pciHomologated: pci_homologated }),
          ...(sub_merchant_enabled !== undefined && { subMerchantEnabled: sub_merchant_enabled }),
          ...(released_mccs !== undefined && { releasedMccs: [...new Set(released_mccs)] }),
          ...(installment_interest_rate !== undefined && { installmentRateBp: installment_interest_rate }),
          ...(merchant_name !== undefined && { name: merchant_name }),
          ...(merchant_city !== undefined && { merchantCity: merchant_city }),
          ...(pix_key !== undefined && { pixKey: pix_key }),
        });
        return answerJson(c, toBody(updated!));
      },
  }),
  // A leaked secret must be replaceable without changing the API token; takes effect at once.
  defineRoute({
    operationId: 'rotateWebhookSecret',
    method: 'post',
    path: '/sandbox/merchant/webhook-secret/rotate',
    origin: 'api',
    tag: 'Sandbox',
    summary: 'Sandbox only: replace the webhook signing secret',
    security: 'bearer',
    responses: { '200': json('MerchantSettings', merchantSettingsResponse, 'The settings with the new secret.') },
    errors: [401],
    handle: (deps) => (c) => answerJson(c, toBody(deps.merchants.rotateWebhookSecret(c.get('merchant').id)!)),
  }),
];
