import type { SandboxServices } from '../services';
import type { ChargeRecord } from '../charges/charge-store';
import type { ChangeOrigin } from '../journal/status-changes';
import type { Merchant } from '../merchants/merchant-store';
import { newQrCode } from '../pix/new-qr-code';
import type { QrCodeRecord } from '../pix/qr-code-store';
import { ID_PREFIXES, newId } from '../values/resource-id';
import type { OrderBody } from './order-request';
import type { OrderRecord } from './order-store';

/** What placing an order made: the order, its charge (when one was sent) and its QR code (when one was). */
export interface PlacedOrder {
  order: OrderRecord;
  charges: ChargeRecord[];
  qrCodes: QrCodeRecord[];
}

/**
 * Creates an order from a validated POST /orders body at `now`, with its charge or Pix QR code, and
 * notifies the new charge: what POST /orders does, and what a checkout's pay page does for the
 * shopper (docs/checkouts.md#the-pay-page). `origin` is what the journal records as the cause of
 * the new order and charges. Call inside a transaction.
 */
export function placeOrder(
  services: Pick<SandboxServices, 'orders' | 'qrCodes' | 'processor' | 'events'>,
  merchant: Merchant,
  body: OrderBody,
  now: number,
  origin: ChangeOrigin,
): PlacedOrder {
  const { orders, qrCodes, processor, events } = services;
  const order: OrderRecord = {
    id: newId(ID_PREFIXES.order),
    merchantId: merchant.id,
    referenceId: body.reference_id ?? null,
    customer: body.customer,
    items: body.items ?? [],
    shipping: body.shipping ?? null,
    notificationUrls: body.notification_urls ?? [],
    createdAt: now,
  };
  orders.insert(order);
  const charges = (body.charges ?? []).map((charge, i) =>
    processor.create({ merchant, body: charge, at: `charges[${i}].`, orderId: order.id }),
  );
  const codes = (body.qr_codes ?? []).map((q) =>
    newQrCode(
      merchant,
      order.id,
      { amount: q.amount.value, expiresAt: q.expiration_date, splits: q.splits, arrangements: q.arrangements },
      now,
    ),
  );
  for (const code of codes) qrCodes.insert(code);
  events.orderCreated(order, codes, origin);
  for (const charge of charges) events.created(charge, origin, order);
  return { order, charges, qrCodes: codes };
}
