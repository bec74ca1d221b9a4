import { Hono } from 'hono';
import type { AppEnv, SandboxDeps } from '../app-env';
import { applyTransition } from '../charges/apply-transition';
import type { ChargeRecord } from '../charges/charge-store';
import { settleBoleto } from '../charges/charge-transitions';
import { merchantAuth } from '../middleware/merchant-auth';

/**
 * The sandbox's boleto simulator, standing in for the payer and the bank (no body):
 * POST /sandbox/charges/{charge_id}/boleto/pay: WAITING becomes PAID, paid in full;
 * POST /sandbox/charges/{charge_id}/boleto/expire: WAITING becomes CANCELED, unpaid.
 * Each sends the charge's notifications like any other status change. Merchant bearer token.
 */
export function boletoSimulatorRoutes(deps: SandboxDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = merchantAuth(deps.merchants);

  for (const outcome of ['pay', 'expire'] as const) {
    app.post(`/sandbox/charges/:id/boleto/${outcome}`, auth, (c) => {
      const settle = (charge: ChargeRecord, now: number) => settleBoleto(charge, outcome, now);
      return c.json(applyTransition(deps, c.req.param('id'), c.get('merchant').id, settle));
    });
  }
  return app;
}
