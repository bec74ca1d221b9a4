import { Hono } from 'hono';
import { CONFLICT, NOT_FOUND } from '../../core/api-error-code';
import type { AppEnv, SandboxDeps } from '../app-env';
import { chargeResource } from '../charges/charge-resource';
import { settleBoleto } from '../charges/charge-transitions';
import { paymentsOf } from '../charges/payments';
import { ApiError } from '../http/api-error';
import { merchantAuth } from '../middleware/merchant-auth';

/**
 * The sandbox's boleto simulator, standing in for the payer and the bank (no body):
 * POST /sandbox/charges/{charge_id}/boleto/pay: WAITING becomes PAID, paid in full;
 * POST /sandbox/charges/{charge_id}/boleto/expire: WAITING becomes CANCELED, unpaid.
 * Each sends the charge's notifications like any other status change. Merchant bearer token.
 */
export function boletoSimulatorRoutes(deps: SandboxDeps): Hono<AppEnv> {
  const { charges, events } = paymentsOf(deps);
  const app = new Hono<AppEnv>();
  const auth = merchantAuth(deps.merchants);

  for (const outcome of ['pay', 'expire'] as const) {
    app.post(`/sandbox/charges/:id/boleto/${outcome}`, auth, (c) => {
      const merchantId = c.get('merchant').id;
      const done = deps.db.transaction(() => {
        const charge = charges.get(c.req.param('id'), merchantId);
        if (!charge) throw ApiError.of(404, NOT_FOUND, 'charge_id', 'No such charge for this account.');
        const now = deps.clock.now().getTime();
        const step = settleBoleto(charge, outcome, now);
        if (!charges.transition(charge, step.next)) throw ApiError.of(409, CONFLICT, '', 'The charge changed while this request ran: read it again and retry.');
        return { step, now };
      })();
      events.emit(done.step.event, done.step.next);
      return c.json(chargeResource(done.step.next, deps.apiUrl, done.now));
    });
  }
  return app;
}
