import * as z from 'zod/mini';
import { CODE_CHANNELS, CODE_OUTCOMES, CODE_RESULTS } from '../challenge-attempts/challenge-attempt-store';

/**
 * The answers of the console's endpoints (docs/sandbox-operations.md#the-console-s-endpoints), as
 * zod schemas for the OpenAPI document and the contract checks. Times are epoch milliseconds on the
 * sandbox's clock, a retry's due time included (a clock move past it sends the retry).
 */

const ms = () => z.number();
const nextBefore = () => z.nullable(z.int());

export const loggedRequest = z.strictObject({
  id: z.int(),
  at: ms(),
  trace_id: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.int(),
  duration_ms: z.number(),
  idempotency_key: z.nullable(z.string()),
  replayed: z.boolean(),
  /** Masked (docs/console.md#what-the-log-keeps-of-a-body): card data `[redacted]` or `[digits]`, or `[body not kept: …]`. */
  request_body: z.nullable(z.string()),
  response_body: z.nullable(z.string()),
  resources: z.array(z.string()),
});

export const requestLogResponse = z.strictObject({
  requests: z.array(loggedRequest),
  next_before: nextBefore(),
});

export const webhookAttempt = z.strictObject({
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
  /**
   * The next attempt's number, and when it is due, while pending: `due_at` on the sandbox's
   * clock, `due_in_ms` how long after the sandbox's now (0 when it is being sent).
   */
  next_attempt: z.nullable(z.strictObject({ attempt: z.int(), due_at: ms(), due_in_ms: z.number() })),
  body: z.string(),
  attempts: z.array(webhookAttempt),
});

export const webhookDeliveriesResponse = z.strictObject({
  deliveries: z.array(webhookDelivery),
  next_before: nextBefore(),
});

export const clockResponse = z.strictObject({ now: z.string() });

export const resetResponse = z.strictObject({ reset: z.literal(true), now: z.string() });

export const challengeCode = z.strictObject({
  /**
   * As submitted, trimmed; a run of digits that could be a card number is `[digits]`, and in a code
   * that is not 6 digits every other digit is `•` (it may be a security code); cut after 32 characters.
   */
  code: z.string(),
  at: ms(),
  /** The issuer page the shopper types in, or POST /sandbox/3ds/authentications/{id}/challenge. */
  via: z.enum(CODE_CHANNELS),
  /** Only the code that authenticates is accepted. */
  result: z.enum(CODE_RESULTS),
  /** What it decided: RETRY (a wrong code, another may be typed), the challenge's outcome, or MALFORMED (not 6 digits, not counted). */
  outcome: z.enum(CODE_OUTCOMES),
});

export const indexedResource = z.strictObject({
  id: z.string(),
  kind: z.enum(['order', 'charge', 'authentication', 'qr_code', 'boleto', 'checkout']),
  status: z.nullable(z.string()),
  reference_id: z.nullable(z.string()),
  /** In cents: an order's charges' (or QR codes', or items') total, a charge's, a QR code's, an authentication's. */
  amount: z.nullable(z.int()),
  /** CREDIT_CARD, DEBIT_CARD, BOLETO, PIX; a card's brand and last digits after it. */
  payment_method: z.nullable(z.string()),
  /** The order's customer (name and email), or a boleto's or card's holder. */
  customer: z.nullable(z.string()),
  /** A 3DS authentication's outcome once its flow completed: AUTHENTICATED, NOT_AUTHENTICATED, … */
  authentication_status: z.nullable(z.string()),
  /** A 3DS authentication's challenge: how many wrong codes the shopper typed. */
  wrong_codes: z.nullable(z.int()),
  /**
   * A 3DS authentication's challenge: each code submitted, oldest first (docs/console.md#3ds-authentications);
   * null for any other resource.
   */
  challenge_codes: z.nullable(z.array(challengeCode)),
  links: z.array(z.string()),
  created_at: ms(),
  updated_at: ms(),
});

export const resourceListResponse = z.strictObject({
  resources: z.array(indexedResource),
  next_before: nextBefore(),
});

export const CHANGE_SOURCES = ['request', 'simulator', 'clock', 'console', 'notification'] as const;

export const timelineEntry = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('request'), at: ms(), request: loggedRequest }),
  z.strictObject({
    type: z.literal('state_change'),
    at: ms(),
    from: z.nullable(z.string()),
    to: z.string(),
    /** The resource's first status (it was created in it); false for an order's first charge after it was created. */
    created: z.boolean(),
    /**
     * What caused it or showed it: a merchant request, the simulator, the clock, a console button,
     * or (recorded by an earlier sandbox) the notification that showed it.
     */
    source: z.enum(CHANGE_SOURCES),
    /** The trace id of the request that made it (the event id on an old notification row); null for the clock and a 3DS step, whose store has none. */
    source_id: z.nullable(z.string()),
    /** The resource that changed when it is not the timeline's own: on an order's timeline, a Pix code that expired. */
    resource_id: z.nullable(z.string()),
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
