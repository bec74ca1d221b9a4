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
  ) {}

  /**
   * Notifies a change of `charge`, already written. `order` is the charge's order when the caller
   * holds it (the request that created both), which spares reading it back.
   */
  emit(type: ChargeEventKind, charge: ChargeRecord, order?: OrderRecord): void {
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
  created(charge: ChargeRecord, order?: OrderRecord): void {
    this.emit(`CHARGE.${charge.status}`, charge, order);
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
