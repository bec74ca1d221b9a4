import type { Merchant } from '../merchants/merchant-store';
import { buildBrCode } from './br-code';
import { defaultExpiration } from './expiration-date';
import type { QrCodeArrangement, QrCodeRecord } from './qr-code-store';
import type { SplitsBody } from '../splits/split-request';
import { ID_PREFIXES, newId } from '../values/resource-id';

/** The BR Code's txid (field 62-05) of a QR code: the first 25 hexadecimal digits of its id's UUID (docs/pix.md#the-br-code). */
const txidOf = (qrCodeId: string) => qrCodeId.slice(ID_PREFIXES.qrCode.length).replace(/-/g, '').slice(0, 25);

/**
 * A new QR code of an order, made at `now`: its id, and its BR Code with the account's key, name
 * and city as they are now (docs/pix.md#the-br-code). `expiresAt` defaults to the end of the next
 * day in Brasília time.
 */
export function newQrCode(
  merchant: Merchant,
  orderId: string,
  request: {
    amount: number;
    expiresAt: number | undefined;
    splits?: SplitsBody;
    arrangements?: readonly QrCodeArrangement[];
  },
  now: number,
): QrCodeRecord {
  const id = newId(ID_PREFIXES.qrCode);
  const text = buildBrCode({
    key: merchant.pixKey,
    amount: request.amount,
    merchantName: merchant.name,
    merchantCity: merchant.merchantCity,
    txid: txidOf(id),
  });
  return {
    id,
    merchantId: merchant.id,
    orderId,
    amount: request.amount,
    text,
    expiresAt: request.expiresAt ?? defaultExpiration(now),
    chargeId: null,
    createdAt: now,
    splits: request.splits ?? null,
    arrangements: request.arrangements ? [...new Set(request.arrangements)] : ['PIX'],
  };
}
