import { timestamp, type Clock } from '../clock';
import type { OrderRecord, OrderStore } from '../orders/order-store';
import { chargeResource, type ChargeResource } from './charge-resource';
import type { ChargeRecord, ChargeStatus } from './charge-store';
import type { ChargeEventType } from './charge-transitions';
import type { WebhookDispatcher } from '../webhooks/webhook-dispatcher';
import { ID_PREFIXES, newId } from '../values/resource-id';

const NOTHING_TO_SEND = () => {};

/** What happened: a charge was created in a status (`CHARGE.<STATUS>`), or a transition. */
export type ChargeEventKind = `CHARGE.${ChargeStatus}` | ChargeEventType;

/** The JSON body of a notification. */
interface ChargeEvent {
  /** `EVT_<uuid>`: the same on every retry of this event. */
  id: string;
  type: ChargeEventKind;
  created_at: string;
  /** The order the charge belongs to; null for a standalone (sub-merchant) charge. */
  order_id: string | null;
  /** The charge as GET /charges/{id} answered at the time of the event. */
  charge: ChargeResource;
}

/**
 * Turns charge changes into notifications: every status change (creation included, and partial
 * refunds) goes to the charge's notification_urls and its order's, signed with the merchant's
 * webhook secret. Call inside the transaction that made the change, and the function it returns
 * once that transaction committed (see {@link WebhookDispatcher.record}).
 */
export class ChargeEvents {
  constructor(
    private readonly webhooks: WebhookDispatcher,
    private readonly orders: OrderStore,
    private readonly apiUrl: string,
    private readonly clock: Clock,
  ) {}

  /**
   * Notifies a change of `charge`. `order` is the charge's order when the caller holds it (the
   * request that created both), which spares reading it back.
   */
  emit(type: ChargeEventKind, charge: ChargeRecord, order?: Pick<OrderRecord, 'id' | 'notificationUrls'>): () => void {
    const orderUrls = !charge.orderId
      ? []
      : order?.id === charge.orderId
        ? order.notificationUrls
        : (this.orders.get(charge.orderId, charge.merchantId)?.notificationUrls ?? []);
    const urls = [...new Set([...orderUrls, ...charge.notificationUrls])];
    if (!urls.length) return NOTHING_TO_SEND;
    const now = this.clock.now().getTime();
    const event: ChargeEvent = {
      id: newId(ID_PREFIXES.event),
      type,
      created_at: timestamp(new Date(now)),
      order_id: charge.orderId,
      charge: chargeResource(charge, this.apiUrl, now),
    };
    return this.webhooks.record(urls, event, charge.merchantId);
  }

  /** Notifies a new charge: its first status is a change from nothing. `order` as for {@link emit}. */
  created(charge: ChargeRecord, order?: Pick<OrderRecord, 'id' | 'notificationUrls'>): () => void {
    return this.emit(`CHARGE.${charge.status}`, charge, order);
  }
}
