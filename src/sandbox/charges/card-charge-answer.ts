import { randomInt } from 'node:crypto';
import type { AuthenticationOutcomeValue } from '../../core/authentication-resource';
import { resultFields } from '../three-ds/authentication-resource';
import type { AuthenticationRecord } from '../three-ds/authentication-record';
import type { ChargeCard } from './charge-card';
import type { CardBody, ChargeBody } from './charge-request';
import type { CardView, PaymentMethodView } from './charge-store';
import type { ChargeDecision } from './new-charge-record';
import type { ExternalAuthentication } from './three-ds-check';
import { APPROVED, type Decline, type PaymentResponse } from './sandbox-declines';

/** How long an authorized, uncaptured card charge may be captured: 7 days, as card networks allow. */
const CAPTURE_WINDOW_MS = 7 * 24 * 60 * 60_000;

/**
 * A charge's `authentication_method`: the authentication, its outcome, and what the charge keeps of
 * its EMV result (the ECI and who is liable for fraud). Named field by field: see ChargeProcessor.create().
 */
const threeDsMethod = (id: string, status: AuthenticationOutcomeValue, auth: AuthenticationRecord) => {
  const { eci, liability_shift } = resultFields(auth);
  return { type: 'THREEDS' as const, id, status, eci, liability_shift };
};

/** What a card charge's answer is made of, once its rules have passed. */
export interface CardChargeDecision {
  charge: ChargeBody;
  body: CardBody;
  card: ChargeCard;
  softDescriptor: string;
  /** The sandbox issuer's decline, undefined when it approves. */
  decline: Decline | undefined;
  /** The stored card's id, when the card came from the vault or was stored now. */
  storedId: string | undefined;
  /** The 3DS authentication the charge used, when it named one. */
  authentication: { id: string; record: AuthenticationRecord | undefined } | undefined;
  /** The authentication done elsewhere (external 3DS, in-app), when the charge sent one. */
  external: ExternalAuthentication | undefined;
  now: number;
}

/**
 * The issuer's answer to a card charge: PAID when captured, AUTHORIZED (capturable for
 * {@link CAPTURE_WINDOW_MS}) when not, DECLINED with the decline's code; the card as responses
 * show it (never the number or the security code) and the authentication it used.
 */
export function cardChargeAnswer(d: CardChargeDecision): ChargeDecision {
  const { charge, body, card, decline, storedId, authentication, now } = d;
  const pm = charge.payment_method;
  const type = pm.type as 'CREDIT_CARD' | 'DEBIT_CARD';
  const capture = pm.capture ?? true;
  const amount = charge.amount.value;
  const answer = decline ?? APPROVED;
  const paymentResponse: PaymentResponse = {
    code: answer.code,
    message: answer.message,
    reference: String(randomInt(0, 1e12)).padStart(12, '0'),
  };
  const view: CardView = {
    ...(storedId !== undefined && { id: storedId }),
    brand: card.brand,
    first_digits: card.firstDigits,
    last_digits: card.lastDigits,
    exp_month: String(card.expMonth),
    exp_year: String(card.expYear),
    ...(card.holderName !== null && {
      holder: { name: card.holderName, ...(body.holder?.tax_id !== undefined && { tax_id: body.holder.tax_id }) },
    }),
    ...(body.store !== undefined && { store: body.store }),
    ...(card.wallet !== undefined && { wallet: { type: card.wallet } }),
  };
  const auth = authentication?.record;
  const outcome = auth?.authenticationStatus ?? null;
  const paymentMethod: PaymentMethodView = {
    type,
    installments: pm.installments ?? 1,
    capture,
    soft_descriptor: d.softDescriptor,
    card: view,
    ...(authentication &&
      auth &&
      outcome && {
        authentication_method: threeDsMethod(authentication.id, outcome, auth),
      }),
    ...(d.external && { authentication_method: d.external }),
  };
  const approved = !decline;
  return {
    status: !approved ? 'DECLINED' : capture ? 'PAID' : 'AUTHORIZED',
    paid: approved && capture ? amount : 0,
    paymentResponse,
    paymentMethod,
    authenticationId: authentication?.id ?? null,
    boletoId: null,
    captureBefore: approved && !capture ? now + CAPTURE_WINDOW_MS : null,
    paidAt: approved && capture ? now : null,
  };
}
