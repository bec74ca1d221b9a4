import { chargeResource, type ChargeResource } from '../charges/charge-resource';
import type { ChargeRecord } from '../charges/charge-store';
import { qrCodeResource, type QrCodeResource } from '../pix/qr-code-resource';
import type { QrCodeRecord } from '../pix/qr-code-store';
import { link, type Link } from '../values/link';
import { timestamp } from '../clock';
import type { OrderRecord } from './order-store';

/** An order as the API returns it. */
export interface OrderResource {
  id: string;
  reference_id?: string;
  created_at: string;
  customer: OrderRecord['customer'];
  items: OrderRecord['items'];
  shipping?: NonNullable<OrderRecord['shipping']>;
  /** A Pix order's amount: what its QR code asks the shopper for (docs/pix.md#creating-a-pix-order). */
  amount?: { value: number; currency: 'BRL' };
  charges: ChargeResource[];
  /** The order's Pix QR code, when it was created with one (docs/pix.md); otherwise empty. */
  qr_codes: QrCodeResource[];
  notification_urls: string[];
  links: Link[];
}

/** True while an order has no charge that is paid, authorized or awaiting payment: it may be paid (again). */
export const payable = (charges: readonly ChargeRecord[]) =>
  !charges.some((c) => c.status === 'PAID' || c.status === 'AUTHORIZED' || c.status === 'WAITING');

/**
 * The API shape of an order. An order without payment has empty charges, qr_codes and links
 * (docs/rules.md#orders). Once it has a charge or a QR code: SELF, plus PAY while no charge is
 * paid, authorized or waiting.
 */
export function orderResource(
  o: OrderRecord,
  charges: readonly ChargeRecord[],
  qrCodes: readonly QrCodeRecord[],
  apiUrl: string,
  now: number,
): OrderResource {
  const self = `${apiUrl}/orders/${o.id}`;
  const links =
    charges.length || qrCodes.length
      ? [link('SELF', self, 'GET'), ...(payable(charges) ? [link('PAY', `${self}/pay`, 'POST')] : [])]
      : [];
  return {
    id: o.id,
    ...(o.referenceId !== null && { reference_id: o.referenceId }),
    created_at: timestamp(new Date(o.createdAt)),
    customer: o.customer,
    items: o.items,
    ...(o.shipping && { shipping: o.shipping }),
    ...(qrCodes.length && {
      amount: { value: qrCodes.reduce((sum, q) => sum + q.amount, 0), currency: 'BRL' as const },
    }),
    charges: charges.map((c) => chargeResource(c, apiUrl, now)),
    qr_codes: qrCodes.map((q) => qrCodeResource(q, apiUrl)),
    notification_urls: o.notificationUrls,
    links,
  };
}
