import type { Clock } from '../clock';
import { orderResource } from '../orders/order-resource';
import type { OrderRecord, OrderStore } from '../orders/order-store';
import type { QrCodeStore } from '../pix/qr-code-store';
import type { AfterCommit } from '../storage/after-commit';
import type { WebhookDispatcher } from '../webhooks/webhook-dispatcher';
import type { WebhookOutbox } from '../webhooks/webhook-outbox';
import { chargeResource } from './charge-resource';
import type { ChargeRecord, ChargeStatus, ChargeStore } from './charge-store';
import type { ChargeEventType } from './charge-transitions';
import { ID_PREFIXES, newId } from '../values/resource-id';
import type { ChangeOrigin, StatusChange, StatusReports } from '../journal/status-changes';
import type { QrCodeRecord } from '../pix/qr-code-store';
import { asSandboxTime } from '../values/time';

/** What happened: a charge was created in a status (`CHARGE.<STATUS>`), or a transition. */
export type ChargeEventKind = `CHARGE.${ChargeStatus}` | ChargeEventType;

/** The stores a notification's body is read from: the order as GET /orders/{id} answers it. */
interface EventSources {
  orders: OrderStore;
  charges: ChargeStore;
  qrCodes: QrCodeStore;
}

/**
 * Turns charge changes into notifications, as the provider sends them (docs/webhooks.md): every
 * status change (creation included, and partial refunds) goes to the charge's notification_urls
 * and its order's, and the body is the order as GET /orders/{id} answers at that moment, or, for
 * a charge without an order (POST /charges), the charge as GET /charges/{id} answers it. The event
 * id and type travel in headers. Call inside the transaction that made the change: the deliveries
 * are recorded in it and start once it has committed (`afterCommit`), never for a change rolled back.
 */
export class ChargeEvents {
  constructor(
    private readonly webhooks: WebhookDispatcher,
    private readonly sources: EventSources,
    private readonly apiUrl: string,
    private readonly clock: Clock,
    private readonly afterCommit: AfterCommit,
    private readonly reports: StatusReports,
  ) {}

  /**
   * Tells the journal of a change (journal/status-changes.ts) once the transaction that made it
   * has committed; nothing of one rolled back. Every transition of a charge reaches it through
   * {@link emit}; orders and Pix codes call it where they change.
   */
  report(change: StatusChange): void {
    this.afterCommit.schedule(() => this.reports.changed(change));
  }

  /** Reports a new order, joined to its QR codes (created WAITING; its charges report themselves). */
  orderCreated(order: OrderRecord, qrCodes: readonly QrCodeRecord[], origin: ChangeOrigin): void {
    const at = asSandboxTime(order.createdAt);
    this.report({
      merchantId: order.merchantId,
      resourceId: order.id,
      kind: 'order',
      cause: origin.cause,
      at,
      ...(origin.traceId && { traceId: origin.traceId }),
      ...(order.referenceId !== null && { referenceId: order.referenceId }),
      links: qrCodes.map((q) => q.id),
    });
    for (const q of qrCodes)
      this.report({
        merchantId: q.merchantId,
        resourceId: q.id,
        kind: 'qr_code',
        to: 'WAITING',
        cause: origin.cause,
        at,
        ...(origin.traceId && { traceId: origin.traceId }),
        links: [order.id],
      });
  }

  /**
   * Notifies a change of `charge`, already written, and reports it to the journal with what made
   * it (`origin`), the status it left (`from`; none for a new charge) and when (`at`, by default
   * the charge's updatedAt). `order` is the charge's order when the caller holds it (the request
   * that created both), which spares reading it back.
   */
  emit(
    type: ChargeEventKind,
    charge: ChargeRecord,
    change: { origin: ChangeOrigin; from?: string; at?: number },
    order?: OrderRecord,
  ): void {
    const { origin, from } = change;
    this.report({
      merchantId: charge.merchantId,
      resourceId: charge.id,
      kind: charge.paymentMethod.type === 'BOLETO' ? 'boleto' : 'charge',
      ...(from !== undefined && { from }),
      to: charge.status,
      cause: origin.cause,
      at: asSandboxTime(change.at ?? charge.updatedAt),
      ...(origin.traceId && { traceId: origin.traceId }),
      ...(charge.referenceId !== null && { referenceId: charge.referenceId }),
      links: [charge.orderId, charge.authenticationId].filter((id): id is string => id !== null),
      ...(charge.orderId !== null && { orderId: charge.orderId }),
    });
    const owner = !charge.orderId
      ? undefined
      : order?.id === charge.orderId
        ? order
        : this.sources.orders.get(charge.orderId, charge.merchantId);
    const urls = [...new Set([...(owner?.notificationUrls ?? []), ...charge.notificationUrls])];
    if (!urls.length) return;
    const now = this.clock.now().getTime();
    const body = JSON.stringify(owner ? this.orderNow(owner, now) : chargeResource(charge, this.apiUrl, now));
    this.afterCommit.schedule(
      this.webhooks.record(urls, { id: newId(ID_PREFIXES.event), type }, body, charge.merchantId),
    );
  }

  /** Notifies a new charge: its first status is a change from nothing. `order` as for {@link emit}. */
  created(charge: ChargeRecord, origin: ChangeOrigin, order?: OrderRecord): void {
    this.emit(`CHARGE.${charge.status}`, charge, { origin }, order);
  }

  /**
   * Rewrites the deliveries a sandbox from before this notification format left in a data file's
   * outbox (docs/sandbox-operations.md#webhook-outbox-and-retries): their envelope body
   * `{ id, type, order_id, charge }` becomes the order as it is now (the state it was recorded in
   * is gone), or the envelope's charge when it has no order, and `type` moves to its column. The
   * event id stays, so a receiver that saw an earlier attempt still deduplicates it. A row whose
   * body cannot be read is left as it is and goes out with an empty event type.
   */
  upgradeLegacyDeliveries(outbox: WebhookOutbox): void {
    const now = this.clock.now().getTime();
    for (const row of outbox.legacy()) {
      let envelope: { type?: unknown; order_id?: unknown; charge?: unknown };
      try {
        envelope = JSON.parse(row.body) as typeof envelope;
      } catch {
        continue;
      }
      const type = typeof envelope.type === 'string' ? envelope.type : '';
      const order =
        typeof envelope.order_id === 'string' ? this.sources.orders.get(envelope.order_id, row.merchantId) : undefined;
      const body = order ? this.orderNow(order, now) : (envelope.charge ?? envelope);
      outbox.upgradeLegacy(row.id, type, JSON.stringify(body));
    }
  }

  private orderNow(order: OrderRecord, now: number) {
    const { charges, qrCodes } = this.sources;
    return orderResource(order, charges.listByOrder(order.id), qrCodes.listByOrder(order.id), this.apiUrl, now);
  }
}
