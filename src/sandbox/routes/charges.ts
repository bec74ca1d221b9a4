import * as z from 'zod/mini';
import { chargeNotFound } from '../charges/charge-changes';
import { standaloneChargeSchema, validateCharge, type ChargeBody } from '../charges/charge-request';
import { chargeResource } from '../charges/charge-resource';
import { capture, cancel } from '../charges/charge-transitions';
import { answerIdempotently } from '../http/idempotent-answer';
import { cents } from '../http/request-fields';
import { CHARGE_EXAMPLE } from '../openapi/request-examples';
import { chargeResponse } from '../openapi/response-schemas';
import { CHARGE_FEE_ROUTE } from './charge-fees';
import { defineRoute, type Route } from '../http/route';
import { JSON_BODY_ERRORS, REPLAYED_HEADER, idParams, json, type IdParams } from '../http/route-answers';
import { ID_PREFIXES } from '../values/resource-id';
import { originOf } from '../http/change-origin';
import { answerJson } from '../http/json-answer';

/** Body of capture and cancel, both optional: `{ amount: { value } }` for part of the charge. */
const amountBody = z.strictObject({
  amount: z.optional(z.strictObject({ value: cents(1) }, { error: 'must be an object with value (cents)' })),
});

/** The success status of each transition (docs/rules.md#success-answers). */
const SUCCESS = { capture: 200, cancel: 201 } as const;

/**
 * POST /charges (a charge without an order, the merchant's own or a sub-merchant's; x-idempotency-key), GET /charges/{id},
 * POST /charges/{id}/capture and /cancel. Merchant bearer token.
 */
export const CHARGE_ROUTES: Route[] = [
  defineRoute<ChargeBody>({
    operationId: 'createCharge',
    method: 'post',
    path: '/charges',
    origin: 'api',
    tag: 'Charges',
    summary: "Create a card or boleto charge without an order, or a sub-merchant's credit card charge (`sub_merchant`)",
    security: 'bearer',
    idempotent: true,
    body: {
      contentType: 'application/json',
      required: true,
      schema: { name: 'ChargeRequest', schema: standaloneChargeSchema() },
      example: CHARGE_EXAMPLE,
      parse: (raw, deps) => validateCharge(raw, 'standalone', deps.strict),
    },
    responses: { '201': json('Charge', chargeResponse, 'The charge.', { headers: REPLAYED_HEADER }) },
    errors: [...JSON_BODY_ERRORS, 422],
    handle:
      (deps) =>
      async (c, { body, raw, idempotencyKey: key }) => {
        const { processor, events } = deps;
        const merchant = c.get('merchant');
        return answerIdempotently(c, deps.idempotency, { scope: 'POST /charges', key, raw }, () => {
          const charge = processor.create({ merchant, body, at: '', orderId: null });
          events.created(charge, originOf(c));
          return { status: 201, body: chargeResource(charge, deps.apiUrl, deps.clock.now().getTime()) };
        });
      },
  }),
  // Before GET /charges/{id}: hono's RegExpRouter takes a static path beside /charges/:id only when it comes first.
  CHARGE_FEE_ROUTE,
  defineRoute({
    operationId: 'getCharge',
    method: 'get',
    path: '/charges/{id}',
    origin: 'api',
    tag: 'Charges',
    summary: 'Read a charge',
    security: 'bearer',
    params: idParams(ID_PREFIXES.charge, 'charge', chargeNotFound),
    responses: { '200': json('Charge', chargeResponse, 'The charge.') },
    errors: [401, 404],
    handle:
      (deps) =>
      (c, { params }) => {
        const charge = deps.charges.get(params.id, c.get('merchant').id);
        if (!charge) throw chargeNotFound();
        return answerJson(c, chargeResource(charge, deps.apiUrl, deps.clock.now().getTime()));
      },
  }),
  ...(
    [
      ['capture', capture],
      ['cancel', cancel],
    ] as const
  ).map(([action, decide]) =>
    defineRoute<z.infer<typeof amountBody>, undefined, IdParams>({
      operationId: `${action}Charge`,
      method: 'post',
      path: `/charges/{id}/${action}`,
      origin: 'api',
      tag: 'Charges',
      summary:
        action === 'capture'
          ? 'Capture an authorized charge (all of it, or `amount.value`)'
          : 'Cancel (refund) a card or Pix charge (all of it, or `amount.value`)',
      security: 'bearer',
      params: idParams(ID_PREFIXES.charge, 'charge', chargeNotFound),
      body: {
        contentType: 'application/json',
        required: false,
        schema: { name: 'ChargeAmountRequest', schema: amountBody },
        example: { amount: { value: 1000 } },
      },
      // A cancel answers 201 as the provider's does (integrations check it: docs/rules.md#success-answers); a capture 200.
      responses: { [SUCCESS[action]]: json('Charge', chargeResponse, 'The charge as it now is.') },
      errors: [...JSON_BODY_ERRORS, 404, 409, 422],
      handle:
        (deps) =>
        (c, { body, params }) => {
          const value = body.amount?.value;
          return answerJson(
            c,
            deps.chargeChanges.apply(
              params.id,
              c.get('merchant').id,
              (charge, now) => decide(charge, value, now),
              originOf(c),
            ),
            SUCCESS[action],
          );
        },
    }),
  ),
];
