import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv, SandboxDeps } from '../app-env';
import { validateCharge } from '../charges/charge-request';
import { applyTransition, chargeNotFound } from '../charges/apply-transition';
import { chargeResource } from '../charges/charge-resource';
import { capture, cancel } from '../charges/charge-transitions';
import type { ChargeRecord } from '../charges/charge-store';
import { readIdempotencyKey, idempotentAnswerHeaders } from '../idempotency/idempotency-key';
import { cents } from '../http/request-fields';
import { ApiError } from '../http/api-error';
import { parseWithSchema, withoutNulls } from '../http/parse-with-schema';
import { readJsonObject } from '../http/read-json';
import { readOptionalJsonObject } from '../http/read-optional-json';
import { merchantAuth } from '../middleware/merchant-auth';

/** Body of capture and cancel, both optional: `{ amount: { value } }` for part of the charge. */
export const amountBody = z.strictObject({
  amount: z.optional(z.strictObject({ value: cents(1) }, { error: 'must be an object with value (cents)' })),
});

/**
 * POST /charges (a sub-merchant's credit card charge; x-idempotency-key), GET /charges/{id},
 * POST /charges/{id}/capture and /cancel. Merchant bearer token.
 */
export function chargeRoutes(deps: SandboxDeps): Hono<AppEnv> {
  const { charges, processor, idempotency, events } = deps;
  const app = new Hono<AppEnv>();
  const auth = merchantAuth(deps.merchants);
  const find = (id: string, merchantId: string): ChargeRecord => {
    const charge = charges.get(id, merchantId);
    if (!charge) throw chargeNotFound();
    return charge;
  };

  app.post('/charges', auth, async (c) => {
    const key = readIdempotencyKey(c);
    const raw = await readJsonObject(c);
    const parsed = validateCharge(raw, 'standalone');
    if (!parsed.ok) throw new ApiError(400, parsed.errors);
    const merchant = c.get('merchant');
    const result = await idempotency.run(
      { merchantId: merchant.id, scope: 'POST /charges', key, fingerprint: () => idempotency.fingerprint(raw) },
      () => {
        const charge = processor.create({ merchant, body: parsed.value, at: '', orderId: null });
        return {
          status: 201,
          body: chargeResource(charge, deps.apiUrl, deps.clock.now().getTime()),
          after: events.created(charge),
        };
      },
    );
    return c.body(result.json, result.status, idempotentAnswerHeaders(result.replayed));
  });

  app.get('/charges/:id', auth, (c) =>
    c.json(chargeResource(find(c.req.param('id'), c.get('merchant').id), deps.apiUrl, deps.clock.now().getTime())),
  );

  for (const [action, decide] of [
    ['capture', capture],
    ['cancel', cancel],
  ] as const) {
    app.post(`/charges/:id/${action}`, auth, async (c) => {
      const raw = await readOptionalJsonObject(c);
      const parsed = parseWithSchema(amountBody, withoutNulls(raw));
      if (!parsed.ok) throw new ApiError(400, parsed.errors);
      const value = parsed.value.amount?.value;
      return c.json(
        applyTransition(deps, c.req.param('id'), c.get('merchant').id, (charge, now) => decide(charge, value, now)),
      );
    });
  }
  return app;
}
