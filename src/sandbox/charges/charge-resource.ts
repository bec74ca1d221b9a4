import { timestamp } from '../clock';
import type { BuyerInterest, ChargeMetadata, SubMerchantBody } from './charge-request';
import type { SplitsBody } from '../splits/split-request';
import type { ChargeRecord, ChargeStatus, PaymentMethodView } from './charge-store';
import { link, type Link } from '../values/link';
import type { PaymentResponse } from './sandbox-declines';

/** A charge as the API returns it (POST/GET /charges, an order's `charges`, webhooks). */
export interface ChargeResource {
  id: string;
  reference_id?: string;
  status: ChargeStatus;
  created_at: string;
  paid_at?: string;
  description?: string;
  amount: {
    value: number;
    currency: 'BRL';
    fees?: { buyer: { interest: BuyerInterest } };
    summary: { total: number; paid: number; refunded: number };
  };
  payment_response: PaymentResponse;
  payment_method: PaymentMethodView & { capture_before?: string };
  sub_merchant?: SubMerchantBody;
  metadata?: ChargeMetadata;
  splits?: SplitsBody & { id: string };
  notification_urls: string[];
  links: Link[];
}

/** The public addresses of a boleto's printable forms (no token needed: the id is unguessable). */
const boletoFileUrl = (apiUrl: string, boletoId: string, kind: 'pdf' | 'png') =>
  `${apiUrl}/boletos/${boletoId}.${kind}`;

/** True while an AUTHORIZED charge may still be captured. */
export const capturable = (c: ChargeRecord, now: number) =>
  c.status === 'AUTHORIZED' && c.captureBefore !== null && now < c.captureBefore;

/** True while a card or Pix charge may be canceled: authorized, or paid with something left to refund. */
export const cancelable = (c: ChargeRecord) =>
  c.paymentMethod.type !== 'BOLETO' && (c.status === 'AUTHORIZED' || (c.status === 'PAID' && c.refunded < c.paid));

function links(c: ChargeRecord, apiUrl: string, now: number): Link[] {
  const self = `${apiUrl}/charges/${c.id}`;
  if (c.paymentMethod.boleto) {
    const id = c.paymentMethod.boleto.id;
    return [
      link('SELF', boletoFileUrl(apiUrl, id, 'pdf'), 'GET', 'application/pdf'),
      link('SELF', boletoFileUrl(apiUrl, id, 'png'), 'GET', 'image/png'),
      link('SELF', self, 'GET'),
    ];
  }
  const out = [link('SELF', self, 'GET')];
  if (cancelable(c)) out.push(link('CHARGE.CANCEL', `${self}/cancel`, 'POST'));
  if (capturable(c, now)) out.push(link('CHARGE.CAPTURE', `${self}/capture`, 'POST'));
  return out;
}

/** The API shape of a charge. `now` decides whether CHARGE.CAPTURE is still offered. */
export function chargeResource(c: ChargeRecord, apiUrl: string, now: number): ChargeResource {
  const createdAt = timestamp(new Date(c.createdAt));
  return {
    id: c.id,
    ...(c.referenceId !== null && { reference_id: c.referenceId }),
    status: c.status,
    created_at: createdAt,
    // A card captured at once is paid the instant it is created: that time is formatted once.
    ...(c.paidAt !== null && { paid_at: c.paidAt === c.createdAt ? createdAt : timestamp(new Date(c.paidAt)) }),
    ...(c.description !== null && { description: c.description }),
    amount: {
      value: c.amount,
      currency: 'BRL',
      ...(c.buyerInterest && { fees: { buyer: { interest: c.buyerInterest } } }),
      summary: { total: c.amount, paid: c.paid, refunded: c.refunded },
    },
    payment_response: c.paymentResponse,
    payment_method: {
      ...c.paymentMethod,
      ...(c.status === 'AUTHORIZED' &&
        c.captureBefore !== null && { capture_before: timestamp(new Date(c.captureBefore)) }),
    },
    ...(c.subMerchant && { sub_merchant: c.subMerchant }),
    ...(c.metadata && { metadata: c.metadata }),
    ...(c.splits && { splits: { id: c.splits.id, method: c.splits.method, receivers: c.splits.receivers } }),
    notification_urls: c.notificationUrls,
    links: links(c, apiUrl, now),
  };
}
