import * as z from 'zod/mini';
import { oneOfRule, oneOfSchema } from '../../core/field-rules';
import { ApiError } from '../http/api-error';
import { CONFLICT, NOT_FOUND } from '../http/api-error-code';
import { described } from '../http/described';
import { digits, field } from '../http/request-fields';
import { defineRoute, type Route } from '../http/route';
import { json } from '../http/route-answers';
import type { SandboxDeps } from '../app-env';
import type { DeliveryFilter } from '../webhooks/webhook-outbox';
import { DELIVERY_STATES, webhookDelivery, webhookDeliveriesResponse } from '../openapi/journal-schemas';
import { matchText, pageFields, resourceFilter } from './page-query';
import { answerJson } from '../http/json-answer';

export const deliveriesQuery = z.strictObject({
  state: described(
    z.optional(field<(typeof DELIVERY_STATES)[number]>(oneOfRule(DELIVERY_STATES), oneOfSchema(DELIVERY_STATES))),
    'Only deliveries in this state: pending (every one not yet delivered or given up), retrying (pending after a failed attempt), delivered, given_up.',
    'retrying',
  ),
  resource: resourceFilter(),
  event_type: described(matchText(60), 'Only deliveries of this event type.', 'CHARGE.PAID'),
  url: described(matchText(300), 'Only deliveries to a URL containing this text.', 'hooks'),
  ...pageFields,
});

/** The deliveries' filter from its query: the endpoint's and the console page's. */
export const deliveryFilter = (query: Partial<z.infer<typeof deliveriesQuery>>): DeliveryFilter => ({
  state: query.state,
  resource: query.resource || undefined,
  eventType: query.event_type || undefined,
  url: query.url || undefined,
  before: query.before,
  limit: query.limit ?? 50,
});

const deliveryNotFound = () => ApiError.of(404, NOT_FOUND, 'id', 'No such webhook delivery for this account.');

const deliveryParams = {
  schema: z.strictObject({ id: described(digits(1, 15, 'must be a delivery id (digits)'), "The delivery's id.", '1') }),
  refused: deliveryNotFound,
};

/** A delivery with its attempts, as the console's endpoints answer it. */
function shown(deps: SandboxDeps, id: number, merchantId: string) {
  const d = deps.consoleViews.delivery(merchantId, id);
  if (!d) throw deliveryNotFound();
  return d;
}

/**
 * The webhook deliveries (docs/console.md#webhooks), merchant token: the list by state, one
 * delivery with each attempt (the headers as sent, the receiver's status and answer), and a resend.
 */
export const WEBHOOK_DELIVERY_ROUTES: Route[] = [
  defineRoute<undefined, z.infer<typeof deliveriesQuery>>({
    operationId: 'listWebhookDeliveries',
    method: 'get',
    path: '/sandbox/webhook-deliveries',
    origin: 'api',
    tag: 'Sandbox',
    summary:
      'Sandbox only: webhook deliveries, newest first, by state, resource, event type or URL, with every attempt',
    security: 'bearer',
    query: deliveriesQuery,
    responses: { '200': json('WebhookDeliveries', webhookDeliveriesResponse, 'A page of deliveries.') },
    errors: [400, 401],
    handle:
      (deps) =>
      (c, { query }) =>
        answerJson(c, deps.consoleViews.deliveries(c.get('merchant').id, deliveryFilter(query))),
  }),
  defineRoute<undefined, undefined, { id: string }>({
    operationId: 'getWebhookDelivery',
    method: 'get',
    path: '/sandbox/webhook-deliveries/{id}',
    origin: 'api',
    tag: 'Sandbox',
    summary: 'Sandbox only: one webhook delivery with every attempt',
    security: 'bearer',
    params: deliveryParams,
    responses: { '200': json('WebhookDelivery', webhookDelivery, 'The delivery.') },
    errors: [401, 404],
    handle:
      (deps) =>
      (c, { params }) =>
        answerJson(c, shown(deps, Number(params.id), c.get('merchant').id)),
  }),
  defineRoute<undefined, undefined, { id: string }>({
    operationId: 'resendWebhookDelivery',
    method: 'post',
    path: '/sandbox/webhook-deliveries/{id}/resend',
    origin: 'api',
    tag: 'Sandbox',
    summary: 'Sandbox only: send a delivered or given-up notification again (same event id, the next attempt)',
    description:
      'The attempt is made at once and its retries follow as for any delivery. 409 while the delivery is still pending: its own retries will send it.',
    security: 'bearer',
    params: deliveryParams,
    responses: { '202': json('WebhookDelivery', webhookDelivery, 'The delivery, its next attempt due now.') },
    errors: [401, 404, 409],
    handle:
      (deps) =>
      (c, { params }) => {
        const id = Number(params.id);
        const merchantId = c.get('merchant').id;
        if (!deps.webhooks.delivery(id, merchantId)) throw deliveryNotFound();
        if (!deps.webhooks.resend(id, merchantId))
          throw ApiError.of(409, CONFLICT, '', 'The delivery is still pending: its next attempt is already scheduled.');
        return answerJson(c, shown(deps, id, merchantId), 202);
      },
  }),
];
