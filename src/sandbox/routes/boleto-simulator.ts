import { chargeNotFound } from '../charges/charge-changes';
import type { ChargeRecord } from '../charges/charge-store';
import { settleBoleto } from '../charges/charge-transitions';
import { chargeResponse } from '../openapi/response-schemas';
import { defineRoute, type Route } from '../http/route';
import { idParams, json } from '../http/route-answers';
import { ID_PREFIXES } from '../values/resource-id';
import { originOf } from '../http/change-origin';
import { answerJson } from '../http/json-answer';

/**
 * The sandbox's boleto simulator, standing in for the payer and the bank (no body):
 * POST /sandbox/charges/{charge_id}/boleto/pay: WAITING becomes PAID, paid in full;
 * POST /sandbox/charges/{charge_id}/boleto/expire: WAITING becomes CANCELED, unpaid.
 * Each sends the charge's notifications like any other status change. Merchant bearer token.
 */
export const BOLETO_SIMULATOR_ROUTES: Route[] = (['pay', 'expire'] as const).map((outcome) =>
  defineRoute({
    operationId: outcome === 'pay' ? 'simulateBoletoPaid' : 'simulateBoletoExpired',
    method: 'post',
    path: `/sandbox/charges/{id}/boleto/${outcome}`,
    origin: 'api',
    tag: 'Sandbox',
    summary:
      outcome === 'pay'
        ? 'Sandbox only: the payer pays a WAITING boleto (PAID)'
        : 'Sandbox only: a WAITING boleto expires unpaid (CANCELED)',
    security: 'bearer',
    params: idParams(ID_PREFIXES.charge, 'charge', chargeNotFound),
    responses: { '200': json('Charge', chargeResponse, 'The charge as it now is.') },
    errors: [401, 404, 409, 422],
    handle:
      (deps) =>
      (c, { params }) => {
        const settle = (charge: ChargeRecord, now: number) => settleBoleto(charge, outcome, now);
        return answerJson(c, deps.chargeChanges.apply(params.id, c.get('merchant').id, settle, originOf(c)));
      },
  }),
);
