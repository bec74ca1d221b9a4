import type { WebhookAttempt } from '../webhooks/webhook-attempts';
import type { DeliveryRecord } from '../webhooks/webhook-outbox';
import type { LoggedRequest } from './request-journal';
import type { IndexedResource } from './resource-index';

/** The API shapes of what the journal keeps (openapi/journal-schemas.ts documents them). */

export const requestAnswer = (r: LoggedRequest) => ({
  id: r.id,
  at: r.at,
  trace_id: r.traceId,
  method: r.method,
  path: r.path,
  status: r.status,
  duration_ms: r.durationMs,
  idempotency_key: r.idempotencyKey ?? null,
  replayed: r.replayed,
  request_body: r.requestBody ?? null,
  response_body: r.responseBody ?? null,
  resources: r.resources,
});

export const attemptAnswer = (a: WebhookAttempt) => ({
  attempt: a.attempt,
  at: a.at,
  url: a.url,
  headers: a.headers,
  status: a.status ?? null,
  answer_excerpt: a.answerExcerpt ?? null,
  duration_ms: a.durationMs,
  outcome: a.outcome,
  next_retry_at: a.nextRetryAt ?? null,
  given_up: a.givenUp ?? null,
});

/** A delivery's state as shown: a pending one whose first attempt failed is `retrying`. */
const shownState = (d: DeliveryRecord) => (d.state === 'pending' ? (d.attempt > 1 ? 'retrying' : 'pending') : d.state);

export const deliveryAnswer = (d: DeliveryRecord, attempts: readonly WebhookAttempt[]) => ({
  id: d.id,
  event_id: d.eventId,
  event_type: d.eventType || null,
  url: d.url,
  state: shownState(d),
  created_at: d.createdAt,
  next_attempt: d.state === 'pending' ? { attempt: d.attempt, due_at: d.dueAt } : null,
  body: d.body,
  attempts: attempts.map(attemptAnswer),
});

export const resourceAnswer = (r: IndexedResource) => ({
  id: r.id,
  kind: r.kind,
  status: r.status ?? null,
  reference_id: r.referenceId ?? null,
  links: r.links,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});
