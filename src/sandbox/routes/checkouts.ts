import { checkoutAnswer } from '../checkouts/checkout-answer';
import { checkoutResource } from '../checkouts/checkout-resource';
import { validateCheckout, type CheckoutBody } from '../checkouts/checkout-request';
import { CHECKOUT_EXAMPLE, checkoutResponse } from '../checkouts/checkout-schemas';
import { checkoutStatus, type CheckoutRecord, type StoredCheckoutStatus } from '../checkouts/checkout-store';
import { checkoutSchema } from '../checkouts/checkout-request';
import { CONFLICT, NOT_FOUND } from '../http/api-error-code';
import { ApiError } from '../http/api-error';
import { defineRoute, type Route } from '../http/route';
import { JSON_BODY_ERRORS, REPLAYED_HEADER, idParams, json, type IdParams } from '../http/route-answers';
import { answerIdempotently } from '../http/idempotent-answer';
import { originOf } from '../http/change-origin';
import { ID_PREFIXES, newId } from '../values/resource-id';
import { answerJson } from '../http/json-answer';

const notFound = () => ApiError.of(404, NOT_FOUND, 'checkout_id', 'No such checkout for this account.');

/** How long a checkout created without expiration_date takes payment (docs/checkouts.md#expiry). */
const DEFAULT_LIFETIME_MS = 2 * 3_600_000;

/** POST /checkouts/{id}/inactivate or /activate: one guarded move, or a 409 naming the status that stops it. */
const statusRoute = (
  operationId: string,
  action: 'inactivate' | 'activate',
  from: StoredCheckoutStatus,
  to: StoredCheckoutStatus,
  summary: string,
) =>
  defineRoute<undefined, undefined, IdParams>({
    operationId,
    method: 'post',
    path: `/checkouts/{id}/${action}`,
    origin: 'api',
    tag: 'Checkouts',
    summary,
    security: 'bearer',
    params: idParams(ID_PREFIXES.checkout, 'checkout', notFound),
    responses: { '200': json('Checkout', checkoutResponse, `The checkout, now ${to}.`) },
    errors: [401, 404, 409],
    handle:
      (deps) =>
      (c, { params }) => {
        const merchant = c.get('merchant');
        const now = deps.clock.now().getTime();
        const moved = deps.transaction(() => {
          const checkout = deps.checkouts.get(params.id, merchant.id);
          if (!checkout) throw notFound();
          const status = checkoutStatus(checkout, now);
          if (status === 'EXPIRED')
            throw ApiError.of(
              409,
              CONFLICT,
              'checkout_id',
              `The checkout expired at its expiration_date: it cannot be ${action}d; create a new checkout.`,
            );
          // Already there: the same answer again, as a retried request expects, and no event.
          const changed = status === from && deps.checkouts.move(checkout.id, from, to, now);
          const after = deps.checkouts.get(checkout.id, merchant.id)!;
          const resource = checkoutAnswer(deps, after, now);
          if (changed) deps.checkoutEvents.emit(after, resource, originOf(c), now, from);
          return resource;
        });
        return answerJson(c, moved);
      },
  });

/**
 * The provider's Checkout API (payment links): POST /checkouts, GET /checkouts/{id}, and
 * POST /checkouts/{id}/inactivate and /activate. Merchant bearer token; x-idempotency-key on creation.
 */
export const CHECKOUT_ROUTES: Route[] = [
  defineRoute<CheckoutBody>({
    operationId: 'createCheckout',
    method: 'post',
    path: '/checkouts',
    origin: 'api',
    tag: 'Checkouts',
    summary: "Create a checkout: a payment link to the sandbox's hosted pay page",
    description:
      "The answer's PAY link is the page the shopper pays on (card with 3-D Secure, Pix, boleto); each payment makes an " +
      'order, listed in GET /checkouts/{id}. Without expiration_date the checkout takes payment for two hours.',
    security: 'bearer',
    idempotent: true,
    body: {
      contentType: 'application/json',
      required: true,
      schema: { name: 'CheckoutRequest', schema: checkoutSchema() },
      example: CHECKOUT_EXAMPLE,
      parse: (raw, deps) => validateCheckout(raw, deps.clock.now().getTime()),
    },
    responses: {
      '201': json('Checkout', checkoutResponse, 'The checkout, ACTIVE, with its PAY link.', {
        headers: REPLAYED_HEADER,
      }),
    },
    errors: [...JSON_BODY_ERRORS, 422],
    handle:
      (deps) =>
      async (c, { body, raw, idempotencyKey: key }) => {
        const merchant = c.get('merchant');
        return answerIdempotently(c, deps.idempotency, { scope: 'POST /checkouts', key, raw }, () => {
          const now = deps.clock.now().getTime();
          const { expiration_date, ...rest } = body;
          const checkout: CheckoutRecord = {
            id: newId(ID_PREFIXES.checkout),
            merchantId: merchant.id,
            body: rest,
            status: 'ACTIVE',
            expiresAt: expiration_date ?? now + DEFAULT_LIFETIME_MS,
            createdAt: now,
          };
          deps.checkouts.insert(checkout);
          const resource = checkoutResource(checkout, [], deps.apiUrl, now);
          deps.checkoutEvents.emit(checkout, resource, originOf(c), now);
          return { status: 201, body: resource };
        });
      },
  }),
  defineRoute<undefined, undefined, IdParams>({
    operationId: 'getCheckout',
    method: 'get',
    path: '/checkouts/{id}',
    origin: 'api',
    tag: 'Checkouts',
    summary: 'Read a checkout, with its status at the sandbox clock and the orders paid through its page',
    security: 'bearer',
    params: idParams(ID_PREFIXES.checkout, 'checkout', notFound),
    responses: { '200': json('Checkout', checkoutResponse, 'The checkout.') },
    errors: [401, 404],
    handle:
      (deps) =>
      (c, { params }) => {
        const checkout = deps.checkouts.get(params.id, c.get('merchant').id);
        if (!checkout) throw notFound();
        return answerJson(c, checkoutAnswer(deps, checkout, deps.clock.now().getTime()));
      },
  }),
  statusRoute('inactivateCheckout', 'inactivate', 'ACTIVE', 'INACTIVE', 'Stop a checkout taking payment (INACTIVE)'),
  statusRoute('activateCheckout', 'activate', 'INACTIVE', 'ACTIVE', 'Let an INACTIVE checkout take payment again'),
];
