import { CONFLICT, NOT_FOUND } from '../http/api-error-code';
import type { ChargeEvents } from '../charges/charge-events';
import type { ChargeRecord, ChargeStore } from '../charges/charge-store';
import { newChargeRecord } from '../charges/new-charge-record';
import { APPROVED } from '../charges/sandbox-declines';
import { timestamp, type Clock } from '../clock';
import { ApiError } from '../http/api-error';
import { payable } from '../orders/order-resource';
import type { OrderRecord, OrderStore } from '../orders/order-store';
import type { RunInTransaction } from '../storage/transaction-runner';
import { endToEndId } from './end-to-end-id';
import type { QrCodeRecord, QrCodeStore } from './qr-code-store';
import { ID_PREFIXES, newId } from '../values/resource-id';
import type { ChangeOrigin } from '../journal/status-changes';
import { asSandboxTime } from '../values/time';

/** The 404 of a QR code id that names none of this account's codes. */
export const qrCodeNotFound = () => ApiError.of(404, NOT_FOUND, 'qr_code_id', 'No such QR code for this account.');

/** Why a code can no longer be paid or expired, or undefined while it is payable at `now`. */
function unpayable(q: QrCodeRecord, now: number): string | undefined {
  if (q.chargeId) return `The QR code was already paid (charge ${q.chargeId}).`;
  if (now >= q.expiresAt)
    return `The QR code expired at ${timestamp(new Date(q.expiresAt))}: it can no longer be paid.`;
  return undefined;
}

/** What {@link QrCodePayments} works with: the stores of codes, orders and charges, the notifications, the clock. */
export interface QrCodePaymentDeps {
  transaction: RunInTransaction;
  qrCodes: QrCodeStore;
  orders: OrderStore;
  charges: ChargeStore;
  events: ChargeEvents;
  clock: Clock;
}

/** What a simulated payment or expiry changed: the order, ready to be shown. */
export interface QrCodeOutcome {
  order: OrderRecord;
  charges: ChargeRecord[];
  qrCodes: QrCodeRecord[];
  now: number;
}

/** The sandbox's payer bank: pays or expires a merchant's Pix QR code (docs/pix.md#paying-and-expiring). */
export class QrCodePayments {
  constructor(private readonly deps: QrCodePaymentDeps) {}

  /**
   * The payer's bank pays the merchant's QR code: in one transaction, a PIX charge of the code's
   * amount is added to its order, PAID, with the payment's end-to-end id and the order's customer
   * as the payer, and its CHARGE.PAID notifications go out once that transaction has committed.
   * Refused (409), leaving nothing behind, when the code was paid, has expired (by the simulator
   * or by the clock), or its order already has a live charge.
   */
  pay(id: string, merchantId: string, origin: ChangeOrigin): QrCodeOutcome {
    const { transaction, charges, qrCodes, events } = this.deps;
    return transaction(() => {
      const { q, order, now } = this.openCode(id, merchantId);
      const existing = charges.listByOrder(order.id);
      if (!payable(existing)) {
        const active = existing.find((c) => !payable([c]))!;
        throw ApiError.of(409, CONFLICT, '', `The order already has a charge that is ${active.status} (${active.id}).`);
      }
      const charge = newChargeRecord(
        {
          id: newId(ID_PREFIXES.charge),
          merchantId,
          orderId: order.id,
          referenceId: order.referenceId,
          description: null,
          amount: q.amount,
          subMerchant: null,
          notificationUrls: [],
          metadata: null,
          buyerInterest: null,
          // The order's split of the code, now the charge's (docs/splits.md).
          splits: q.splits && { ...q.splits, id: newId(ID_PREFIXES.split), custodyReleasedAt: null },
        },
        {
          status: 'PAID',
          paid: q.amount,
          paymentResponse: { ...APPROVED },
          paymentMethod: {
            type: 'PIX',
            pix: {
              end_to_end_id: endToEndId(now),
              holder: { name: order.customer.name, tax_id: order.customer.tax_id },
            },
          },
          authenticationId: null,
          boletoId: null,
          captureBefore: null,
          paidAt: now,
        },
        now,
      );
      charges.insert(charge);
      if (!qrCodes.markPaid(q.id, charge.id, now))
        throw ApiError.of(409, CONFLICT, '', 'The QR code changed while this request ran: read the order again.');
      this.reportCode(q, 'PAID', now, origin);
      events.created(charge, origin, order);
      return { order, charges: [...existing, charge], qrCodes: qrCodes.listByOrder(order.id), now };
    });
  }

  /**
   * The code expires now, unpaid: its expiration_date becomes this instant, and paying it is
   * refused from then on. No charge exists, so nothing is notified. Refused (409) when it was
   * already paid or expired.
   */
  expire(id: string, merchantId: string, origin: ChangeOrigin): QrCodeOutcome {
    const { transaction, charges, qrCodes } = this.deps;
    return transaction(() => {
      const { q, order, now } = this.openCode(id, merchantId);
      if (!qrCodes.expire(q.id, now))
        throw ApiError.of(409, CONFLICT, '', 'The QR code changed while this request ran: read the order again.');
      this.reportCode(q, 'EXPIRED', now, origin);
      return { order, charges: charges.listByOrder(order.id), qrCodes: qrCodes.listByOrder(order.id), now };
    });
  }

  /** Tells the journal a WAITING code became `to` at `at`: paid, or expired (by the simulator or the clock). */
  private reportCode(q: QrCodeRecord, to: 'PAID' | 'EXPIRED', at: number, origin: ChangeOrigin): void {
    this.deps.events.report({
      merchantId: q.merchantId,
      resourceId: q.id,
      kind: 'qr_code',
      from: 'WAITING',
      to,
      cause: origin.cause,
      at: asSandboxTime(at),
      ...(origin.traceId && { traceId: origin.traceId }),
      links: [q.orderId],
    });
  }

  /**
   * The merchant's code, its order and the time, while the code can still be paid or expired: 404
   * for another account's code or an unknown id, 409 once it was paid or has expired.
   */
  private openCode(id: string, merchantId: string) {
    const q = this.deps.qrCodes.get(id, merchantId);
    const order = q && this.deps.orders.get(q.orderId, merchantId);
    if (!q || !order) throw qrCodeNotFound();
    const now = this.deps.clock.now().getTime();
    const refused = unpayable(q, now);
    if (refused) throw ApiError.of(409, CONFLICT, '', refused);
    return { q, order, now };
  }
}
