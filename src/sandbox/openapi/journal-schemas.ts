import * as z from 'zod/mini';

/**
 * The answers of the console's endpoints (docs/sandbox-operations.md#the-console-s-endpoints), as
 * zod schemas for the OpenAPI document and the contract checks. Times are epoch milliseconds on the
 * sandbox's clock, except a retry's, which is real time (the dispatcher waits in real time).
 */

const ms = () => z.number();
const nextBefore = () => z.nullable(z.int());

const loggedRequest = z.strictObject({
  id: z.int(),
  at: ms(),
  trace_id: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.int(),
  duration_ms: z.number(),
  idempotency_key: z.nullable(z.string()),
  replayed: z.boolean(),
  /** Masked: card numbers and security codes `[redacted]`, card-like digit runs `[digits]`. */
  request_body: z.nullable(z.string()),
  response_body: z.nullable(z.string()),
  resources: z.array(z.string()),
});

export const requestLogResponse = z.strictObject({
  requests: z.array(loggedRequest),
  next_before: nextBefore(),
});

const webhookAttempt = z.strictObject({
  attempt: z.int(),
  at: ms(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  status: z.nullable(z.int()),
  answer_excerpt: z.nullable(z.string()),
  duration_ms: z.number(),
  outcome: z.string(),
  next_retry_at: z.nullable(ms()),
  given_up: z.nullable(z.string()),
});

export const DELIVERY_STATES = ['pending', 'retrying', 'delivered', 'given_up'] as const;

export const webhookDelivery = z.strictObject({
  id: z.int(),
  event_id: z.string(),
  event_type: z.nullable(z.string()),
  url: z.string(),
  state: z.enum(DELIVERY_STATES),
  created_at: ms(),
  /** The next attempt's number, and when it is due (real time), while pending. */
  next_attempt: z.nullable(z.strictObject({ attempt: z.int(), due_at: ms() })),
  body: z.string(),
  attempts: z.array(webhookAttempt),
});

export const webhookDeliveriesResponse = z.strictObject({
  deliveries: z.array(webhookDelivery),
  next_before: nextBefore(),
});

export const clockResponse = z.strictObject({ now: z.string() });

export const resetResponse = z.strictObject({ reset: z.literal(true), now: z.string() });

const indexedResource = z.strictObject({
  id: z.string(),
  kind: z.enum(['order', 'charge', 'authentication', 'qr_code', 'boleto', 'checkout']),
  status: z.nullable(z.string()),
  reference_id: z.nullable(z.string()),
  links: z.array(z.string()),
  created_at: ms(),
  updated_at: ms(),
});

export const resourceListResponse = z.strictObject({
  resources: z.array(indexedResource),
  next_before: nextBefore(),
});

const timelineEntry = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('request'), at: ms(), request: loggedRequest }),
  z.strictObject({
    type: z.literal('state_change'),
    at: ms(),
    from: z.nullable(z.string()),
    to: z.string(),
    source: z.enum(['request', 'notification']),
    source_id: z.string(),
  }),
  z.strictObject({
    type: z.literal('event'),
    at: ms(),
    delivery_id: z.int(),
    event_id: z.string(),
    event_type: z.nullable(z.string()),
    url: z.string(),
  }),
  z.strictObject({ type: z.literal('delivery_attempt'), at: ms(), delivery_id: z.int(), attempt: webhookAttempt }),
]);

export const resourceTimelineResponse = z.strictObject({
  resource: indexedResource,
  timeline: z.array(timelineEntry),
});
