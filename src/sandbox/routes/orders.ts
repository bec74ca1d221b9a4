import { CONFLICT, NOT_FOUND } from '../http/api-error-code';
import { answerIdempotently } from '../http/idempotent-answer';
import { ApiError } from '../http/api-error';
import { ORDER_EXAMPLE } from '../openapi/request-examples';
import { orderResponse } from '../openapi/response-schemas';
import {
  orderPaymentSchema,
  orderSchema,
  validateOrder,
  validateOrderPayment,
  type OrderBody,
  type OrderPayment,
} from '../orders/order-request';
import { orderResource, payable } from '../orders/order-resource';
import { placeOrder } from '../orders/place-order';
import { defineRoute, type Route } from '../http/route';
import { JSON_BODY_ERRORS, REPLAYED_HEADER, idParams, json, type IdParams } from '../http/route-answers';
import * as z from 'zod/mini';
import { described } from '../http/described';
import { ID_PREFIXES, idPattern } from '../values/resource-id';
import { originOf } from '../http/change-origin';
import { answerJson } from '../http/json-answer';

/** GET /orders: the one filter the provider documents, the charge's id. */
const byChargeQuery = z.strictObject({
  charge_id: described(
    z
      .string({ error: 'is required: the id of a charge of the order, CHAR_<uuid>' })
      .check(z.regex(new RegExp(idPattern(ID_PREFIXES.charge)), 'must be the id of a charge, CHAR_<uuid>')),
    "The id of one of the order's charges.",
    'CHAR_6f1c2b7e-2a1d-4b7e-9c1a-2f1f8f0f6b11',
  ),
});

const notFound = () => ApiError.of(404, NOT_FOUND, 'order_id', 'No such order for this account.');

/**
 * POST /orders (without payment, with one charge, or with one Pix QR code), GET /orders/{id}, POST /orders/{id}/pay.
 * Merchant bearer token; x-idempotency-key on both POSTs.
 */
export const ORDER_ROUTES: Route[] = [
  defineRoute<OrderBody>({
    operationId: 'createOrder',
    method: 'post',
    path: '/orders',
    origin: 'api',
    tag: 'Orders',
    summary:
      'Create an order, and pay it at once when `charges` holds one charge, or with a Pix QR code when `qr_codes` holds one',
    security: 'bearer',
    idempotent: true,
    body: {
      contentType: 'application/json',
      required: true,
      schema: { name: 'OrderRequest', schema: orderSchema() },
      example: ORDER_EXAMPLE,
      parse: (raw, deps) => validateOrder(raw, deps.clock.now().getTime(), deps.strict),
    },
    responses: {
      '201': json('Order', orderResponse, 'The order (its charge or its QR code, when one was sent).', {
        headers: REPLAYED_HEADER,
      }),
    },
    errors: [...JSON_BODY_ERRORS, 422],
    handle:
      (deps) =>
      async (c, { body, raw, idempotencyKey: key }) => {
        const merchant = c.get('merchant');
        return answerIdempotently(c, deps.idempotency, { scope: 'POST /orders', key, raw }, () => {
          const now = deps.clock.now().getTime();
          const { order, charges, qrCodes } = placeOrder(deps, merchant, body, now, originOf(c));
          return { status: 201, body: orderResource(order, charges, qrCodes, deps.apiUrl, now) };
        });
      },
  }),
  defineRoute<undefined, z.infer<typeof byChargeQuery>>({
    operationId: 'findOrderByCharge',
    method: 'get',
    path: '/orders',
    origin: 'api',
    tag: 'Orders',
    summary: 'The order a charge belongs to: GET /orders?charge_id=CHAR_…',
    security: 'bearer',
    query: byChargeQuery,
    responses: { '200': json('Order', orderResponse, "The charge's order.") },
    errors: [400, 401, 404],
    handle:
      (deps) =>
      (c, { query }) => {
        const merchantId = c.get('merchant').id;
        const orderId = deps.charges.get(query.charge_id, merchantId)?.orderId;
        const order = orderId ? deps.orders.get(orderId, merchantId) : undefined;
        // A charge made without an order (POST /charges) has none to answer, as an unknown charge has none.
        if (!order) throw ApiError.of(404, NOT_FOUND, 'charge_id', 'No order of this account has that charge.');
        return answerJson(
          c,
          orderResource(
            order,
            deps.charges.listByOrder(order.id),
            deps.qrCodes.listByOrder(order.id),
            deps.apiUrl,
            deps.clock.now().getTime(),
          ),
        );
      },
  }),
  defineRoute({
    operationId: 'getOrder',
    method: 'get',
    path: '/orders/{id}',
    origin: 'api',
    tag: 'Orders',
    summary: 'Read an order',
    security: 'bearer',
    params: idParams(ID_PREFIXES.order, 'order', notFound),
    responses: { '200': json('Order', orderResponse, 'The order.') },
    errors: [401, 404],
    handle:
      (deps) =>
      (c, { params }) => {
        const order = deps.orders.get(params.id, c.get('merchant').id);
        if (!order) throw notFound();
        const now = deps.clock.now().getTime();
        return answerJson(
          c,
          orderResource(
            order,
            deps.charges.listByOrder(order.id),
            deps.qrCodes.listByOrder(order.id),
            deps.apiUrl,
            now,
          ),
        );
      },
  }),
  defineRoute<OrderPayment, undefined, IdParams>({
    operationId: 'payOrder',
    method: 'post',
    path: '/orders/{id}/pay',
    origin: 'api',
    tag: 'Orders',
    summary:
      'Pay an order created without payment (or whose charges failed): `{ charges: [ charge ] }` as in POST /orders, or the charge alone',
    security: 'bearer',
    idempotent: true,
    params: idParams(ID_PREFIXES.order, 'order', notFound),
    body: {
      contentType: 'application/json',
      required: true,
      schema: { name: 'OrderPaymentRequest', schema: orderPaymentSchema() },
      example: { charges: ORDER_EXAMPLE.charges },
      parse: (raw, deps) => validateOrderPayment(raw, deps.strict),
    },
    responses: { '201': json('Order', orderResponse, 'The order with its new charge.', { headers: REPLAYED_HEADER }) },
    errors: [...JSON_BODY_ERRORS, 404, 409, 422],
    handle:
      (deps) =>
      async (c, { body, raw, params, idempotencyKey: key }) => {
        const { orders, charges, qrCodes, processor, events } = deps;
        const id = params.id;
        const merchant = c.get('merchant');
        const order = orders.get(id, merchant.id);
        if (!order) throw notFound();
        return answerIdempotently(c, deps.idempotency, { scope: `POST /orders/${id}/pay`, key, raw }, () => {
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
          const charge = processor.create({ merchant, body: body.charge, at: body.at, orderId: id });
          events.created(charge, originOf(c), order);
          const now = deps.clock.now().getTime();
          return {
            status: 201,
            body: orderResource(order, [...existing, charge], qrCodes.listByOrder(id), deps.apiUrl, now),
          };
        });
      },
  }),
];
