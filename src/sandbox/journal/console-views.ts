import type * as z from 'zod/mini';
import type { ChallengeAttemptStore } from '../challenge-attempts/challenge-attempt-store';
import type { ChargeRecord, ChargeStore } from '../charges/charge-store';
import type { Clock } from '../clock';
import type {
  challengeCode,
  indexedResource,
  loggedRequest,
  requestLogResponse,
  resourceListResponse,
  resourceTimelineResponse,
  timelineEntry,
  webhookAttempt,
  webhookDeliveriesResponse,
  webhookDelivery,
} from '../openapi/journal-schemas';
import type { OrderRecord, OrderStore } from '../orders/order-store';
import type { QrCodeStore } from '../pix/qr-code-store';
import type { AuthenticationStore } from '../three-ds/authentication-store';
import type { WebhookAttempt } from '../webhooks/webhook-attempts';
import type { WebhookDispatcher } from '../webhooks/webhook-dispatcher';
import { type DeliveryFilter, type DeliveryRecord, shownDeliveryState } from '../webhooks/webhook-outbox';
import type { LoggedRequest, RequestFilter } from './request-journal';
import type { IndexedResource, ResourceKind, StateChange } from './resource-index';
import type { SandboxJournal } from './sandbox-journal';

/**
 * The console's read model (docs/console.md): one typed view of each thing it shows. The
 * `/sandbox/*` endpoints serialise these views as they are, and the console's pages are render
 * functions of the same views, so the JSON and the pages cannot tell two stories. Each view's
 * type is its answer's schema (openapi/journal-schemas.ts), which the OpenAPI document describes.
 */
export type RequestView = z.infer<typeof loggedRequest>;
export type AttemptView = z.infer<typeof webhookAttempt>;
export type DeliveryView = z.infer<typeof webhookDelivery>;
export type ResourceView = z.infer<typeof indexedResource>;
export type ChallengeCodeView = z.infer<typeof challengeCode>;
export type TimelineEntryView = z.infer<typeof timelineEntry>;
export type TimelineView = z.infer<typeof resourceTimelineResponse>;
export type RequestPageView = z.infer<typeof requestLogResponse>;
export type DeliveryPageView = z.infer<typeof webhookDeliveriesResponse>;
export type ResourcePageView = z.infer<typeof resourceListResponse>;

/** What the views read: the journal, the outbox, and the stores that say what a resource is. */
export interface ViewSources {
  journal: SandboxJournal;
  webhooks: WebhookDispatcher;
  orders: OrderStore;
  charges: ChargeStore;
  qrCodes: QrCodeStore;
  authentications: AuthenticationStore;
  challengeAttempts: ChallengeAttemptStore;
  clock: Clock;
}

/** The most requests and deliveries one timeline shows, newest kept. */
const TIMELINE_LIMIT = 200;

const requestView = (r: LoggedRequest): RequestView => ({
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

const attemptView = (a: WebhookAttempt): AttemptView => ({
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

/** A delivery with its attempts; a pending one's next attempt, due on the sandbox's clock, and how long until then. */
const deliveryView = (d: DeliveryRecord, attempts: readonly WebhookAttempt[], now: number): DeliveryView => ({
  id: d.id,
  event_id: d.eventId,
  event_type: d.eventType || null,
  url: d.url,
  state: shownDeliveryState(d),
  created_at: d.createdAt,
  next_attempt:
    d.state === 'pending' ? { attempt: d.attempt, due_at: d.dueAt, due_in_ms: Math.max(0, d.dueAt - now) } : null,
  body: d.body,
  attempts: attempts.map(attemptView),
});

/** A payment method as a list shows it: its type, and a card's brand and last digits. */
const methodOf = (c: ChargeRecord): string => {
  const card = c.paymentMethod.card;
  return card ? `${c.paymentMethod.type} ${card.brand} ${card.last_digits}` : c.paymentMethod.type;
};

const customerOf = (o: OrderRecord | undefined): string | null =>
  o?.customer ? [o.customer.name, o.customer.email].filter(Boolean).join(' · ') || null : null;

/** What a resource's own store says of it: amount, method, customer, a 3DS outcome. */
function details(sources: ViewSources, r: IndexedResource, merchantId: string) {
  const none = {
    amount: null,
    payment_method: null,
    customer: null,
    authentication_status: null,
    wrong_codes: null,
    challenge_codes: null,
  };
  if (r.kind === 'order') {
    const order = sources.orders.get(r.id, merchantId);
    if (!order) return none;
    const charges = sources.charges.listByOrder(r.id);
    const qrCodes = sources.qrCodes.listByOrder(r.id);
    const amount = charges.length
      ? charges.reduce((sum, c) => sum + c.amount, 0)
      : qrCodes.length
        ? qrCodes.reduce((sum, q) => sum + q.amount, 0)
        : order.items.reduce((sum, i) => sum + i.unit_amount * i.quantity, 0);
    const methods = [...new Set([...charges.map(methodOf), ...(qrCodes.length && !charges.length ? ['PIX'] : [])])];
    return { ...none, amount, payment_method: methods.join(', ') || null, customer: customerOf(order) };
  }
  if (r.kind === 'charge' || r.kind === 'boleto') {
    const charge = sources.charges.get(r.id, merchantId);
    if (!charge) return none;
    const order = charge.orderId ? sources.orders.get(charge.orderId, merchantId) : undefined;
    const holder = charge.paymentMethod.boleto?.holder.name ?? charge.paymentMethod.card?.holder?.name ?? null;
    return { ...none, amount: charge.amount, payment_method: methodOf(charge), customer: customerOf(order) ?? holder };
  }
  if (r.kind === 'qr_code') {
    const qr = sources.qrCodes.get(r.id, merchantId);
    if (!qr) return none;
    return {
      ...none,
      amount: qr.amount,
      payment_method: 'PIX',
      customer: customerOf(sources.orders.get(qr.orderId, merchantId)),
    };
  }
  const auth = sources.authentications.get(r.id, merchantId);
  if (!auth) return none;
  return {
    ...none,
    amount: auth.amountValue,
    payment_method: `${auth.cardType} ${auth.brand} ${auth.lastDigits}`,
    authentication_status: auth.authenticationStatus,
    wrong_codes: sources.challengeAttempts.wrong(r.id),
    challenge_codes: sources.challengeAttempts.codes(r.id),
  };
}

const resourceView = (sources: ViewSources, r: IndexedResource, merchantId: string): ResourceView => ({
  id: r.id,
  kind: r.kind,
  status: r.status ?? null,
  reference_id: r.referenceId ?? null,
  ...details(sources, r, merchantId),
  links: r.links,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

/** The filters of a list of resources. */
export interface ResourceFilter {
  id?: string;
  referenceId?: string;
  status?: string;
  before?: number;
  limit: number;
}

/**
 * Where an entry sits in a timeline: a request at the moment it began (its `at` is when it
 * ended, after the notifications and status changes it caused were recorded), then by kind, so
 * that what a request caused always follows it even within one millisecond.
 */
const RANK: Record<TimelineEntryView['type'], number> = { request: 0, state_change: 1, event: 2, delivery_attempt: 3 };
const startOf = (e: TimelineEntryView) => (e.type === 'request' ? e.at - Math.ceil(e.request.duration_ms) : e.at);

/** The console's views over one sandbox's journal, outbox and stores. */
export class ConsoleViews {
  constructor(private readonly sources: ViewSources) {}

  private now(): number {
    return this.sources.clock.now().getTime();
  }

  /** A page of the request log, newest first. */
  requests(merchantId: string, filter: RequestFilter): RequestPageView {
    const page = this.sources.journal.requests.list(merchantId, filter);
    return { requests: page.requests.map(requestView), next_before: page.next ?? null };
  }

  /** A page of webhook deliveries with their attempts, newest first. */
  deliveries(merchantId: string, filter: DeliveryFilter): DeliveryPageView {
    const page = this.sources.webhooks.deliveries(merchantId, filter);
    return {
      deliveries: page.deliveries.map((d) => deliveryView(d, this.sources.journal.attempts.of(d.id), this.now())),
      next_before: page.next ?? null,
    };
  }

  /** One delivery with its attempts; undefined when the merchant has no such delivery. */
  delivery(merchantId: string, id: number): DeliveryView | undefined {
    const d = this.sources.webhooks.delivery(id, merchantId);
    return d && deliveryView(d, this.sources.journal.attempts.of(d.id), this.now());
  }

  /** A page of the merchant's resources of one kind, newest first. */
  resources(merchantId: string, kind: ResourceKind, filter: ResourceFilter): ResourcePageView {
    const page = this.sources.journal.resources.list(merchantId, kind, filter);
    return {
      resources: page.resources.map((r) => resourceView(this.sources, r, merchantId)),
      next_before: page.next ?? null,
    };
  }

  /**
   * An order's Pix codes' expiries. An order's status is its charges', and a code that expires
   * unpaid makes no charge and sends no notification
   * (docs/webhooks.md#what-is-not-notified-a-pix-code-that-expires-unpaid): without this, its
   * order's page would not show that it can no longer be paid. A code's payment is on the order's
   * timeline already, as the order's change to PAID.
   */
  private codeExpiries(resource: IndexedResource): StateChange[] {
    if (resource.kind !== 'order') return [];
    const codes = this.sources.qrCodes.listByOrder(resource.id);
    return codes.flatMap((q) => this.sources.journal.resources.changes(q.id).filter((c) => c.to === 'EXPIRED'));
  }

  /**
   * One resource and its timeline (docs/console.md#timeline): the requests that named or answered
   * it, its status changes, the notifications about it and each delivery attempt, in the order
   * they happened. Undefined when the API has shown the merchant no such resource.
   */
  timeline(merchantId: string, id: string): TimelineView | undefined {
    const { journal, webhooks } = this.sources;
    const resource = journal.resources.get(id, merchantId);
    if (!resource) return undefined;
    const requests = journal.requests.list(merchantId, { resource: id, limit: TIMELINE_LIMIT }).requests;
    const deliveries = webhooks.deliveries(merchantId, { resource: id, limit: TIMELINE_LIMIT }).deliveries;
    const entries: TimelineEntryView[] = [
      ...requests.map((r) => ({ type: 'request' as const, at: r.at, request: requestView(r) })),
      ...[...journal.resources.changes(id), ...this.codeExpiries(resource)].map((s) => ({
        type: 'state_change' as const,
        at: s.at,
        from: s.from ?? null,
        to: s.to,
        // An order has no status of its own until its first charge: a Pix order paid later was not created paid.
        created: s.from === undefined && s.at <= resource.createdAt,
        source: s.source.kind,
        source_id: s.source.id ?? null,
        resource_id: s.resourceId === id ? null : s.resourceId,
      })),
      ...deliveries.flatMap((d) => {
        const attempts = journal.attempts.of(d.id);
        return [
          {
            type: 'event' as const,
            at: d.createdAt,
            delivery_id: d.id,
            event_id: d.eventId,
            event_type: d.eventType || null,
            url: d.url,
          },
          ...attempts.map((a) => ({
            type: 'delivery_attempt' as const,
            at: a.at,
            delivery_id: d.id,
            attempt: attemptView(a),
          })),
        ];
      }),
    ];
    entries.sort((a, b) => startOf(a) - startOf(b) || RANK[a.type] - RANK[b.type]);
    return { resource: resourceView(this.sources, resource, merchantId), timeline: entries };
  }
}
