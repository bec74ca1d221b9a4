import { Hono } from 'hono';
import type { AppEnv, SandboxDeps } from '../app-env';
import { merchantAuth } from '../middleware/merchant-auth';
import { orderResource } from '../orders/order-resource';
import { expireQrCode, payQrCode } from '../pix/qr-code-payment';

/**
 * The sandbox's Pix simulator, standing in for the payer's bank (no body), beside the boleto one:
 * POST /sandbox/qr-codes/{qr_code_id}/pay: the order gains a PAID PIX charge of the code's amount;
 * POST /sandbox/qr-codes/{qr_code_id}/expire: the code stops being payable now.
 * Both answer the order as GET /orders/{id} shows it. Merchant bearer token.
 */
export function pixSimulatorRoutes(deps: SandboxDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = merchantAuth(deps.merchants);

  for (const outcome of ['pay', 'expire'] as const) {
    app.post(`/sandbox/qr-codes/:id/${outcome}`, auth, (c) => {
      const run = outcome === 'pay' ? payQrCode : expireQrCode;
      const done = run(deps, c.req.param('id'), c.get('merchant').id);
      return c.json(orderResource(done.order, done.charges, done.qrCodes, deps.apiUrl, done.now));
    });
  }
  return app;
}
