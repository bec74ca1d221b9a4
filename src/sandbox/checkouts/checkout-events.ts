import type { AfterCommit } from '../storage/after-commit';
import { ID_PREFIXES, newId } from '../values/resource-id';
import type { WebhookDispatcher } from '../webhooks/webhook-dispatcher';
import type { CheckoutResource } from './checkout-resource';
import type { CheckoutRecord } from './checkout-store';

/**
 * A checkout's own status events (docs/checkouts.md#notifications): `CHECKOUT.ACTIVE` on creation and
 * activation, `CHECKOUT.INACTIVE` on inactivation, each with the checkout as GET /checkouts/{id}
 * answers it, to its notification_urls, through the webhook outbox like the orders' notifications.
 * Call inside the transaction that made the change: nothing is sent for a change rolled back.
 */
export class CheckoutEvents {
  constructor(
    private readonly webhooks: WebhookDispatcher,
    private readonly afterCommit: AfterCommit,
  ) {}

  emit(c: CheckoutRecord, resource: CheckoutResource): void {
    const urls = c.body.notification_urls ?? [];
    if (!urls.length) return;
    const event = { id: newId(ID_PREFIXES.event), type: `CHECKOUT.${resource.status}` };
    this.afterCommit.schedule(this.webhooks.record(urls, event, JSON.stringify(resource), c.merchantId));
  }
}
