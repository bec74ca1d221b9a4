import type { ChargeEvents } from './charges/charge-events';
import { checkoutAnswer, type CheckoutAnswerSources } from './checkouts/checkout-answer';
import type { CheckoutEvents } from './checkouts/checkout-events';
import type { ChargeStore } from './charges/charge-store';
import { settleBoleto } from './charges/charge-transitions';
import type { Clock } from './clock';
import { BY_CLOCK } from './journal/status-changes';
import type { QrCodeStore } from './pix/qr-code-store';
import type { RunInTransaction } from './storage/transaction-runner';
import { asSandboxTime } from './values/time';

/**
 * The end of a boleto's due date: it is payable through that whole day in Brasília time (UTC-3,
 * as every date the API writes), so it is overdue from the next day's 00:00 there.
 */
const boletoOverdueAt = (dueDate: string): number => Date.parse(`${dueDate}T00:00:00.000-03:00`) + 86_400_000;

/** What {@link ClockExpiries} works with. */
export interface ClockExpiryDeps {
  transaction: RunInTransaction;
  charges: ChargeStore;
  qrCodes: QrCodeStore;
  events: ChargeEvents;
  clock: Clock;
  /** A checkout's answer (its CHECKOUT.EXPIRED notification carries it) and where its events go. */
  checkoutAnswers: CheckoutAnswerSources;
  checkoutEvents: CheckoutEvents;
}

/**
 * What expires when the sandbox's clock passes its time (docs/sandbox-operations.md#the-clock):
 * a WAITING boleto past its due date becomes CANCELED (BOLETO VENCIDO SEM PAGAMENTO, as the
 * boleto simulator's expire does) with its CHARGE.CANCELED notification sent then; an unpaid
 * Pix code past its expiration_date is reported EXPIRED; a checkout past its expiration_date is
 * EXPIRED, with its CHECKOUT.EXPIRED notification sent then (docs/checkouts.md). Each change is stamped with the moment
 * the clock passed it (the due date's end, the code's expiration_date), not the time of the
 * sweep, and its cause is the clock.
 */
export class ClockExpiries {
  /** The sandbox time swept up to: a Pix code expiring after it has not been reported yet. */
  private sweptTo: number;

  constructor(private readonly deps: ClockExpiryDeps) {
    this.sweptTo = deps.clock.now().getTime();
  }

  /** Expires what fell due up to `to` (the clock's new time). */
  sweep(to: number): void {
    const { transaction, charges, qrCodes, events, checkoutAnswers, checkoutEvents } = this.deps;
    const from = this.sweptTo;
    if (to <= from) return;
    this.sweptTo = to;
    for (const boleto of charges.waitingBoletos()) {
      const dueDate = boleto.paymentMethod.boleto?.due_date;
      const overdue = dueDate === undefined ? Number.NaN : boletoOverdueAt(dueDate);
      if (!(overdue <= to)) continue;
      transaction(() => {
        const step = settleBoleto(boleto, 'expire', overdue);
        // Paid or expired by a request in the meantime: that one stands.
        if (charges.transition(boleto, step.next))
          events.emit(step.event, step.next, { origin: BY_CLOCK, from: boleto.status, at: overdue });
      });
    }
    for (const q of qrCodes.expiringBetween(from, to))
      events.report({
        merchantId: q.merchantId,
        resourceId: q.id,
        kind: 'qr_code',
        from: 'WAITING',
        to: 'EXPIRED',
        cause: BY_CLOCK.cause,
        at: asSandboxTime(q.expiresAt),
        links: [q.orderId],
      });
    // A checkout's EXPIRED is read from the clock (checkoutStatus), so its row does not change: the
    // notification and the timeline's change are what the clock's passing makes here.
    for (const c of checkoutAnswers.checkouts.expiringBetween(from, to))
      transaction(() =>
        checkoutEvents.emit(c, checkoutAnswer(checkoutAnswers, c, c.expiresAt), BY_CLOCK, c.expiresAt, c.status),
      );
  }
}
