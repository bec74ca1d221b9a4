import { CONFLICT, NOT_FOUND } from '../http/api-error-code';
import type { SandboxDeps } from '../app-env';
import { ApiError } from '../http/api-error';
import { chargeResource } from './charge-resource';
import type { ChargeRecord } from './charge-store';
import type { Transition } from './charge-transitions';

/** 404 for a charge of another account, worded like an unknown id. */
export const chargeNotFound = () => ApiError.of(404, NOT_FOUND, 'charge_id', 'No such charge for this account.');

/**
 * Moves one of the merchant's charges to the state `decide` gives, in one transaction (the
 * stored row must still be the one decided on) with its status-change notifications, schedules
 * them once committed and returns the charge as the API shows it. Capture, cancel and the boleto simulator share it.
 */
export function applyTransition(
  deps: SandboxDeps,
  id: string,
  merchantId: string,
  decide: (charge: ChargeRecord, now: number) => Transition,
): unknown {
  const { charges, events } = deps;
  const done = deps.transaction(() => {
    const charge = charges.get(id, merchantId);
    if (!charge) throw chargeNotFound();
    const now = deps.clock.now().getTime();
    const step = decide(charge, now);
    if (!charges.transition(charge, step.next))
      throw ApiError.of(409, CONFLICT, '', 'The charge changed while this request ran: read it again and retry.');
    return { step, now, send: events.emit(step.event, step.next) };
  });
  done.send();
  return chargeResource(done.step.next, deps.apiUrl, done.now);
}
