import type { WebhookDispatcher } from '../webhooks/webhook-dispatcher';
import { attemptAnswer, deliveryAnswer, requestAnswer, resourceAnswer } from './journal-answers';
import type { IndexedResource } from './resource-index';
import type { SandboxJournal } from './sandbox-journal';

/** The most requests and deliveries one timeline shows, newest kept. */
const TIMELINE_LIMIT = 200;

/**
 * One resource's timeline (docs/console.md#timeline): the requests that named it or answered it,
 * its status changes, the notifications about it and every delivery attempt of each, oldest first.
 */
export function resourceTimeline(
  journal: SandboxJournal,
  webhooks: WebhookDispatcher,
  resource: IndexedResource,
  merchantId: string,
) {
  const requests = journal.requests.list(merchantId, { resource: resource.id, limit: TIMELINE_LIMIT }).requests;
  const deliveries = webhooks.deliveries(merchantId, { resource: resource.id, limit: TIMELINE_LIMIT }).deliveries;
  const entries = [
    ...requests.map((r) => ({ type: 'request' as const, at: r.at, request: requestAnswer(r) })),
    ...journal.resources.changes(resource.id).map((s) => ({
      type: 'state_change' as const,
      at: s.at,
      from: s.from ?? null,
      to: s.to,
      source: s.source.kind,
      source_id: s.source.id ?? null,
    })),
    ...deliveries.flatMap((d) => {
      const attempts = journal.attempts.of(d.id);
      const shown = deliveryAnswer(d, attempts);
      return [
        {
          type: 'event' as const,
          at: d.createdAt,
          delivery_id: d.id,
          event_id: d.eventId,
          event_type: shown.event_type,
          url: d.url,
        },
        ...attempts.map((a) => ({
          type: 'delivery_attempt' as const,
          at: a.at,
          delivery_id: d.id,
          attempt: attemptAnswer(a),
        })),
      ];
    }),
  ];
  // Stable: a request and the status change it caused share a millisecond, the request first.
  entries.sort((a, b) => a.at - b.at);
  return { resource: resourceAnswer(resource), timeline: entries };
}
