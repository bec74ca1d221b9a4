import type { ChangeOrigin, StatusReports } from '../journal/status-changes';
import type { AfterCommit } from '../storage/after-commit';
import { asSandboxTime } from '../values/time';
import { ID_PREFIXES, newId } from '../values/resource-id';
import type { WebhookDispatcher } from '../webhooks/webhook-dispatcher';
import type { CheckoutResource } from './checkout-resource';
import type { CheckoutRecord } from './checkout-store';

/**
 * A checkout's own status events (docs/checkouts.md#notifications): `CHECKOUT.ACTIVE` on creation and
 * activation, `CHECKOUT.INACTIVE` on inactivation, each with the checkout as GET /checkouts/{id}
 * answers it, to its notification_urls, through the webhook outbox like the orders' notifications.
 * Each change also reaches the journal (the console's timeline), with its cause.
 * Call inside the transaction that made the change: nothing is sent for a change rolled back.
 */
export class CheckoutEvents {
  constructor(
    private readonly webhooks: WebhookDispatcher,
    private readonly afterCommit: AfterCommit,
    private readonly reports: StatusReports,
  ) {}

  /** The checkout `c` is now `resource.status` (created when there is no `from`), at `now`. */
  emit(c: CheckoutRecord, resource: CheckoutResource, origin: ChangeOrigin, now: number, from?: string): void {
    this.reports.changed({
      merchantId: c.merchantId,
      resourceId: c.id,
      kind: 'checkout',
      ...(from && { from }),
      to: resource.status,
      cause: origin.cause,
      at: asSandboxTime(now),
      ...(origin.traceId && { traceId: origin.traceId }),
      ...(c.body.reference_id && { referenceId: c.body.reference_id }),
    });
    const urls = c.body.notification_urls ?? [];
    if (!urls.length) return;
    const event = { id: newId(ID_PREFIXES.event), type: `CHECKOUT.${resource.status}` };
    this.afterCommit.schedule(this.webhooks.record(urls, event, JSON.stringify(resource), c.merchantId));
  }

  /** An order was placed through the checkout's page: the console joins the two. */
  orderPlaced(c: CheckoutRecord, orderId: string, origin: ChangeOrigin, now: number): void {
    this.reports.changed({
      merchantId: c.merchantId,
      resourceId: c.id,
      kind: 'checkout',
      from: c.status,
      cause: origin.cause,
      at: asSandboxTime(now),
      ...(origin.traceId && { traceId: origin.traceId }),
      links: [orderId],
    });
  }
}
