import type { Migration } from '../migrations';

/**
 * Version 7: notifications as the provider sends them (docs/webhooks.md). The body of a delivery
 * is now the order (or the standalone charge) itself, so the event's type, which the old envelope
 * body carried, gets a column of its own for the `x-gateway-event-type` header. Rows an earlier
 * sandbox left keep their envelope body and a null type: the sandbox rewrites them in the new
 * form when it resumes them (ChargeEvents.upgradeLegacyDeliveries), where the stores that build
 * an order's answer are at hand.
 */
export const webhookEventType: Migration = {
  version: 7,
  name: 'webhook outbox: event type column',
  up: (db) => db.exec('ALTER TABLE webhook_outbox ADD COLUMN event_type TEXT'),
};
