import { CONFLICT, UNPROCESSABLE } from '../http/api-error-code';
import { INVALID_PARAMETER } from '../../core/error-item';
import { timestamp } from '../clock';
import { ApiError } from '../http/api-error';
import { cardMinimumProblem } from './card-minimums';
import { cancelable, capturable } from './charge-resource';
import type { ChargeRecord } from './charge-store';
import { formatBrl } from '../values/money';

/** payment_response of a boleto that reached its due date unpaid. */
const BOLETO_EXPIRED = { code: '10010', message: 'BOLETO VENCIDO SEM PAGAMENTO' } as const;

/** What a transition did, which names the notification it sends. */
export type ChargeEventType = 'CHARGE.PAID' | 'CHARGE.CANCELED' | 'CHARGE.PARTIALLY_REFUNDED';

export interface Transition {
  next: ChargeRecord;
  event: ChargeEventType;
}

const conflict = (c: ChargeRecord, wanted: string) =>
  ApiError.of(409, CONFLICT, '', `The charge is ${c.status}: ${wanted}.`);

/**
 * Captures an AUTHORIZED charge before its capture_before: PAID, paid_at set, summary.paid the
 * captured amount. `value` (cents) captures part of the authorization and releases the rest;
 * by default the whole of it. A part below the card minimum is 422.
 */
export function capture(c: ChargeRecord, value: number | undefined, now: number): Transition {
  if (c.status !== 'AUTHORIZED') throw conflict(c, 'only an AUTHORIZED charge can be captured');
  if (!capturable(c, now)) {
    throw ApiError.of(
      409,
      CONFLICT,
      '',
      `The charge is AUTHORIZED but its capture_before (${timestamp(new Date(c.captureBefore ?? c.createdAt))}) ` +
        'has passed: the authorization can only be canceled.',
    );
  }
  const amount = value ?? c.amount;
  if (amount > c.amount)
    throw ApiError.of(
      400,
      INVALID_PARAMETER,
      'amount.value',
      `amount.value must be at most ${c.amount} (${formatBrl(c.amount)}), the amount authorized`,
    );
  // What is captured is the transaction the network settles: it must meet the card minimum the
  // authorization met, or a 5-cent visa charge could end PAID.
  const card = c.paymentMethod.card;
  const minimum = card && cardMinimumProblem(card.brand, amount, c.paymentMethod.installments ?? 1);
  if (minimum) throw ApiError.of(422, UNPROCESSABLE, 'amount.value', `amount.value ${minimum}`);
  return {
    next: { ...c, status: 'PAID', paid: amount, paidAt: now, captureBefore: null, updatedAt: now },
    event: 'CHARGE.PAID',
  };
}

/**
 * Cancels a card or Pix charge. AUTHORIZED (cards only): the whole authorization is released
 * (CANCELED; nothing was paid, so nothing is refunded). PAID: `value` cents are refunded (default:
 * all that is left), to the card or, for Pix, to the payer's account; summary.refunded grows, and
 * the charge is CANCELED once everything paid is refunded.
 */
export function cancel(c: ChargeRecord, value: number | undefined, now: number): Transition {
  if (c.paymentMethod.type === 'BOLETO') {
    if (c.status === 'PAID')
      throw ApiError.of(
        422,
        UNPROCESSABLE,
        '',
        'The charge is PAID, but a paid boleto cannot be canceled through the API: refund the payer another way.',
      );
    throw conflict(c, 'only a PAID or AUTHORIZED card charge, or a PAID Pix charge, can be canceled');
  }
  if (!cancelable(c))
    throw conflict(
      c,
      c.status === 'PAID'
        ? 'everything paid was already refunded'
        : 'only a PAID or AUTHORIZED card charge, or a PAID Pix charge, can be canceled',
    );
  if (c.status === 'AUTHORIZED') {
    if (value !== undefined && value !== c.amount) {
      throw ApiError.of(
        400,
        INVALID_PARAMETER,
        'amount.value',
        `amount.value must be ${c.amount} or left out: an authorization is released whole`,
      );
    }
    return { next: { ...c, status: 'CANCELED', captureBefore: null, updatedAt: now }, event: 'CHARGE.CANCELED' };
  }
  const left = c.paid - c.refunded;
  const amount = value ?? left;
  if (amount > left)
    throw ApiError.of(
      400,
      INVALID_PARAMETER,
      'amount.value',
      `amount.value must be at most ${left} (${formatBrl(left)}), what is left to refund`,
    );
  const refunded = c.refunded + amount;
  const whole = refunded === c.paid;
  return {
    next: { ...c, status: whole ? 'CANCELED' : 'PAID', refunded, updatedAt: now },
    event: whole ? 'CHARGE.CANCELED' : 'CHARGE.PARTIALLY_REFUNDED',
  };
}

/** The boleto simulator: a WAITING boleto becomes PAID (paid in full) or, expired unpaid, CANCELED. */
export function settleBoleto(c: ChargeRecord, outcome: 'pay' | 'expire', now: number): Transition {
  if (c.paymentMethod.type !== 'BOLETO')
    throw ApiError.of(422, UNPROCESSABLE, '', `The charge is a ${c.paymentMethod.type} charge, not a boleto.`);
  if (c.status !== 'WAITING')
    throw conflict(c, `only a WAITING boleto can be ${outcome === 'pay' ? 'paid' : 'expired'}`);
  if (outcome === 'pay')
    return { next: { ...c, status: 'PAID', paid: c.amount, paidAt: now, updatedAt: now }, event: 'CHARGE.PAID' };
  return {
    next: { ...c, status: 'CANCELED', paymentResponse: { ...BOLETO_EXPIRED }, updatedAt: now },
    event: 'CHARGE.CANCELED',
  };
}
