import { CONFLICT, NOT_FOUND } from '../http/api-error-code';
import type { SandboxDeps } from '../app-env';
import { APPROVED } from '../charges/sandbox-declines';
import type { ChargeRecord } from '../charges/charge-store';
import { timestamp } from '../clock';
import { ApiError } from '../http/api-error';
import { payable } from '../orders/order-resource';
import type { OrderRecord } from '../orders/order-store';
import { endToEndId } from './end-to-end-id';
import type { QrCodeRecord } from './qr-code-store';
import { ID_PREFIXES, newId } from '../values/resource-id';

/** The 404 of a QR code id that names none of this account's codes. */
export const qrCodeNotFound = () => ApiError.of(404, NOT_FOUND, 'qr_code_id', 'No such QR code for this account.');

/** Why a code can no longer be paid or expired, or undefined while it is payable at `now`. */
function unpayable(q: QrCodeRecord, now: number): string | undefined {
  if (q.chargeId) return `The QR code was already paid (charge ${q.chargeId}).`;
  if (now >= q.expiresAt)
    return `The QR code expired at ${timestamp(new Date(q.expiresAt))}: it can no longer be paid.`;
  return undefined;
}

/**
 * The merchant's code, its order and the time, while the code can still be paid or expired: 404
 * for another account's code or an unknown id, 409 once it was paid or has expired.
 */
function openCode(deps: SandboxDeps, id: string, merchantId: string) {
  const q = deps.qrCodes.get(id, merchantId);
  const order = q && deps.orders.get(q.orderId, merchantId);
  if (!q || !order) throw qrCodeNotFound();
  const now = deps.clock.now().getTime();
  const refused = unpayable(q, now);
  if (refused) throw ApiError.of(409, CONFLICT, '', refused);
  return { q, order, now };
}

/** What a simulated payment or expiry changed: the order, ready to be shown. */
export interface QrCodeOutcome {
  order: OrderRecord;
  charges: ChargeRecord[];
  qrCodes: QrCodeRecord[];
  now: number;
}

/**
 * The payer's bank pays the merchant's QR code (docs/pix.md#paying-and-expiring): in one
 * transaction, a PIX charge of the code's amount is added to its order, PAID, with the payment's
 * end-to-end id and the order's customer as the payer, and its CHARGE.PAID notifications are
 * recorded; they are sent once committed. Refused (409), leaving nothing behind, when the code was
 * paid, has expired (by the simulator or by the clock), or its order already has a live charge.
 */
export function payQrCode(deps: SandboxDeps, id: string, merchantId: string): QrCodeOutcome {
  const done = deps.transaction(() => {
    const { q, order, now } = openCode(deps, id, merchantId);
    const existing = deps.charges.listByOrder(order.id);
    if (!payable(existing)) {
      const active = existing.find((c) => !payable([c]))!;
      throw ApiError.of(409, CONFLICT, '', `The order already has a charge that is ${active.status} (${active.id}).`);
    }
    const charge: ChargeRecord = {
      id: newId(ID_PREFIXES.charge),
      merchantId,
      orderId: order.id,
      referenceId: order.referenceId,
      description: null,
      status: 'PAID',
      amount: q.amount,
      paid: q.amount,
      refunded: 0,
      paymentResponse: { ...APPROVED },
      paymentMethod: {
        type: 'PIX',
        pix: {
          end_to_end_id: endToEndId(now),
          holder: { name: order.customer.name, tax_id: order.customer.tax_id },
        },
      },
      subMerchant: null,
      notificationUrls: [],
      authenticationId: null,
      boletoId: null,
      captureBefore: null,
      createdAt: now,
      paidAt: now,
      updatedAt: now,
    };
    deps.charges.insert(charge);
    if (!deps.qrCodes.markPaid(q.id, charge.id, now))
      throw ApiError.of(409, CONFLICT, '', 'The QR code changed while this request ran: read the order again.');
    const send = deps.events.created(charge, order);
    return { order, charges: [...existing, charge], qrCodes: deps.qrCodes.listByOrder(order.id), now, send };
  });
  done.send();
  return done;
}

/**
 * The code expires now, unpaid (docs/pix.md#paying-and-expiring): its expiration_date becomes
 * this instant, and paying it is refused from then on. No charge exists, so nothing is notified.
 * Refused (409) when it was already paid or expired.
 */
export function expireQrCode(deps: SandboxDeps, id: string, merchantId: string): QrCodeOutcome {
  return deps.transaction(() => {
    const { q, order, now } = openCode(deps, id, merchantId);
    if (!deps.qrCodes.expire(q.id, now))
      throw ApiError.of(409, CONFLICT, '', 'The QR code changed while this request ran: read the order again.');
    return { order, charges: deps.charges.listByOrder(order.id), qrCodes: deps.qrCodes.listByOrder(order.id), now };
  });
}
