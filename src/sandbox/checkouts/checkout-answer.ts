import type { ChargeStore } from '../charges/charge-store';
import { orderResource } from '../orders/order-resource';
import type { OrderStore } from '../orders/order-store';
import type { QrCodeStore } from '../pix/qr-code-store';
import { checkoutResource, type CheckoutResource } from './checkout-resource';
import type { CheckoutRecord, CheckoutStore } from './checkout-store';

/** The stores a checkout's answer reads: the checkout's orders, their charges and QR codes. */
export interface CheckoutAnswerSources {
  checkouts: CheckoutStore;
  orders: OrderStore;
  charges: ChargeStore;
  qrCodes: QrCodeStore;
  apiUrl: string;
}

/**
 * A checkout as GET /checkouts/{id} answers it at `now`, with the orders its page made: what the
 * API answers and what its CHECKOUT.* notifications carry, whether a request or the clock moved it.
 */
export function checkoutAnswer(sources: CheckoutAnswerSources, c: CheckoutRecord, now: number): CheckoutResource {
  const orders = sources.checkouts.orderIds(c.id).flatMap((id) => {
    const order = sources.orders.get(id, c.merchantId);
    return order
      ? [orderResource(order, sources.charges.listByOrder(id), sources.qrCodes.listByOrder(id), sources.apiUrl, now)]
      : [];
  });
  return checkoutResource(c, orders, sources.apiUrl, now);
}
