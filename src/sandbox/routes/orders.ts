import { Hono } from 'hono';
import { CONFLICT, NOT_FOUND } from '../http/api-error-code';
import type { AppEnv, SandboxDeps } from '../app-env';
import { validateCharge } from '../charges/charge-request';
import { readIdempotencyKey, idempotentAnswerHeaders } from '../http/idempotency-key';
import { ApiError } from '../http/api-error';
import { readJsonObject } from '../http/read-json';
import { merchantAuth } from '../middleware/merchant-auth';
import { validateOrder } from '../orders/order-request';
import { orderResource, payable } from '../orders/order-resource';
import type { OrderRecord } from '../orders/order-store';
import { newQrCode } from '../pix/new-qr-code';
import { ID_PREFIXES, newId } from '../values/resource-id';

/**
 * POST /orders (without payment, with one charge, or with one Pix QR code), GET /orders/{id}, POST /orders/{id}/pay.
 * Merchant bearer token; x-idempotency-key on both POSTs.
 */
export function orderRoutes(deps: SandboxDeps): Hono<AppEnv> {
  const { orders, charges, qrCodes, processor, idempotency, events } = deps;
  const app = new Hono<AppEnv>();
  const auth = merchantAuth(deps.merchants);
  const notFound = () => ApiError.of(404, NOT_FOUND, 'order_id', 'No such order for this account.');

  app.post('/orders', auth, async (c) => {
    const key = readIdempotencyKey(c);
    const raw = await readJsonObject(c);
    const parsed = validateOrder(raw, deps.clock.now().getTime());
    if (!parsed.ok) throw new ApiError(400, parsed.errors);
    const merchant = c.get('merchant');
    const result = await idempotency.run(
      { merchantId: merchant.id, scope: 'POST /orders', key, fingerprint: () => idempotency.fingerprint(raw) },
      () => {
        const body = parsed.value;
        const now = deps.clock.now().getTime();
        const order: OrderRecord = {
          id: newId(ID_PREFIXES.order),
          merchantId: merchant.id,
          referenceId: body.reference_id ?? null,
          customer: body.customer,
          items: body.items ?? [],
          shipping: body.shipping ?? null,
          notificationUrls: body.notification_urls ?? [],
          createdAt: now,
        };
        orders.insert(order);
        const paid = (body.charges ?? []).map((charge, i) =>
          processor.create({ merchant, body: charge, at: `charges[${i}].`, orderId: order.id }),
        );
        const codes = (body.qr_codes ?? []).map((q) =>
          newQrCode(merchant, order.id, { amount: q.amount.value, expiresAt: q.expiration_date }, now),
        );
        for (const code of codes) qrCodes.insert(code);
        const sends = paid.map((charge) => events.created(charge, order));
        return {
          status: 201,
          body: orderResource(order, paid, codes, deps.apiUrl, now),
          after: () => {
            for (const send of sends) send();
          },
        };
      },
    );
    return c.body(result.json, result.status, idempotentAnswerHeaders(result.replayed));
  });

  app.get('/orders/:id', auth, (c) => {
    const order = orders.get(c.req.param('id'), c.get('merchant').id);
    if (!order) throw notFound();
    const now = deps.clock.now().getTime();
    return c.json(orderResource(order, charges.listByOrder(order.id), qrCodes.listByOrder(order.id), deps.apiUrl, now));
  });

  app.post('/orders/:id/pay', auth, async (c) => {
    const id = c.req.param('id');
    const key = readIdempotencyKey(c);
    const raw = await readJsonObject(c);
    const merchant = c.get('merchant');
    const order = orders.get(id, merchant.id);
    if (!order) throw notFound();
    const parsed = validateCharge(raw, 'order');
    if (!parsed.ok) throw new ApiError(400, parsed.errors);
    const result = await idempotency.run(
      {
        merchantId: merchant.id,
        scope: `POST /orders/${id}/pay`,
        key,
        fingerprint: () => idempotency.fingerprint(raw),
      },
      () => {
        const existing = charges.listByOrder(id);
        if (!payable(existing)) {
          const active = existing.find((ch) => !payable([ch]))!;
          throw ApiError.of(
            409,
            CONFLICT,
            '',
            `The order already has a charge that is ${active.status} (${active.id}): it cannot be paid again.`,
          );
        }
        const charge = processor.create({ merchant, body: parsed.value, at: '', orderId: id });
        const now = deps.clock.now().getTime();
        return {
          status: 201,
          body: orderResource(order, [...existing, charge], qrCodes.listByOrder(id), deps.apiUrl, now),
          after: events.created(charge, order),
        };
      },
    );
    return c.body(result.json, result.status, idempotentAnswerHeaders(result.replayed));
  });
  return app;
}
