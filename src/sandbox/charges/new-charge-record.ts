import type { ChargeRecord } from './charge-store';

/** What a charge is for and whom it tells: from its request (a card or boleto) or its QR code (Pix). */
export type ChargeOrigin = Pick<
  ChargeRecord,
  | 'id'
  | 'merchantId'
  | 'orderId'
  | 'referenceId'
  | 'description'
  | 'amount'
  | 'subMerchant'
  | 'notificationUrls'
  | 'metadata'
  | 'buyerInterest'
  | 'splits'
>;

/** What its payment method decided: the charge's first state. */
export type ChargeDecision = Pick<
  ChargeRecord,
  'status' | 'paid' | 'paymentResponse' | 'paymentMethod' | 'authenticationId' | 'boletoId' | 'captureBefore' | 'paidAt'
>;

/**
 * A new charge's record, the one place a charge is put together: a card or boleto charge
 * (ChargeProcessor) and a Pix payment (QrCodePayments) differ in their decision only. Nothing
 * refunded yet; created and updated `now`.
 */
export function newChargeRecord(origin: ChargeOrigin, decision: ChargeDecision, now: number): ChargeRecord {
  return {
    id: origin.id,
    merchantId: origin.merchantId,
    orderId: origin.orderId,
    referenceId: origin.referenceId,
    description: origin.description,
    status: decision.status,
    amount: origin.amount,
    paid: decision.paid,
    refunded: 0,
    paymentResponse: decision.paymentResponse,
    paymentMethod: decision.paymentMethod,
    subMerchant: origin.subMerchant,
    notificationUrls: origin.notificationUrls,
    metadata: origin.metadata,
    buyerInterest: origin.buyerInterest,
    splits: origin.splits,
    authenticationId: decision.authenticationId,
    boletoId: decision.boletoId,
    captureBefore: decision.captureBefore,
    createdAt: now,
    paidAt: decision.paidAt,
    updatedAt: now,
  };
}
