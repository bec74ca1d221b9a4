import { CONFLICT, NOT_FOUND } from '../http/api-error-code';
import type { Clock } from '../clock';
import { ApiError } from '../http/api-error';
import type { RunInTransaction } from '../storage/transaction-runner';
import type { ChargeEvents } from './charge-events';
import { chargeResource } from './charge-resource';
import type { ChargeRecord, ChargeStore } from './charge-store';
import type { Transition } from './charge-transitions';
import type { ChangeOrigin } from '../journal/status-changes';

/** 404 for a charge of another account, worded like an unknown id. */
export const chargeNotFound = () => ApiError.of(404, NOT_FOUND, 'charge_id', 'No such charge for this account.');

/** What {@link ChargeChanges} works with. */
export interface ChargeChangeDeps {
  transaction: RunInTransaction;
  charges: ChargeStore;
  events: ChargeEvents;
  clock: Clock;
  /** Public base URL of the API, for the charge's links. */
  apiUrl: string;
}

/** Moves charges from one status to the next: capture, cancel and the boleto simulator share it. */
export class ChargeChanges {
  constructor(private readonly deps: ChargeChangeDeps) {}

  /**
   * Moves one of the merchant's charges to the state `decide` gives, in one transaction (the
   * stored row must still be the one decided on) with its status-change notifications, which go
   * out once it has committed, and its report to the journal with what made it (`origin`); returns
   * the charge as the API shows it.
   */
  apply(
    id: string,
    merchantId: string,
    decide: (charge: ChargeRecord, now: number) => Transition,
    origin: ChangeOrigin,
  ): unknown {
    const { transaction, charges, events, clock, apiUrl } = this.deps;
    const { step, now } = transaction(() => {
      const charge = charges.get(id, merchantId);
      if (!charge) throw chargeNotFound();
      const now = clock.now().getTime();
      const step = decide(charge, now);
      if (!charges.transition(charge, step.next))
        throw ApiError.of(409, CONFLICT, '', 'The charge changed while this request ran: read it again and retry.');
      events.emit(step.event, step.next, { origin, from: charge.status });
      return { step, now };
    });
    return chargeResource(step.next, apiUrl, now);
  }
}
