import { timestamp } from '../clock';
import type { Link } from '../values/link';
import type { QrCodeArrangement, QrCodeRecord } from './qr-code-store';
import type { SplitsBody } from '../splits/split-request';

/** A Pix QR code as an order shows it (docs/pix.md). */
export interface QrCodeResource {
  id: string;
  expiration_date: string;
  amount: { value: number };
  /** The BR Code ("Pix Copia e Cola"). */
  text: string;
  /** How it may be paid: PIX, and PAGBANK when the order asked. */
  arrangements: QrCodeArrangement[];
  /** The split its payment's charge will have, as sent (docs/splits.md). */
  splits?: SplitsBody;
  /** QRCODE.PNG (image/png), then QRCODE.BASE64 (the same PNG as base64 text). */
  links: [QrCodeLink<'QRCODE.PNG', 'image/png'>, QrCodeLink<'QRCODE.BASE64', 'text/plain'>];
}

/** A link to a QR code's image: always read with GET. */
type QrCodeLink<Rel extends Link['rel'], Media extends string> = Link & { rel: Rel; media: Media; type: 'GET' };

/** The public addresses of a QR code's image (no token needed: the id is unguessable), as the provider names them. */
const qrCodeImageUrl = (apiUrl: string, id: string, kind: 'png' | 'base64') => `${apiUrl}/qrcode/${id}/${kind}`;

/** The API shape of a QR code. */
export function qrCodeResource(q: QrCodeRecord, apiUrl: string): QrCodeResource {
  return {
    id: q.id,
    expiration_date: timestamp(new Date(q.expiresAt)),
    amount: { value: q.amount },
    text: q.text,
    arrangements: q.arrangements,
    ...(q.splits && { splits: q.splits }),
    links: [
      { rel: 'QRCODE.PNG', href: qrCodeImageUrl(apiUrl, q.id, 'png'), media: 'image/png', type: 'GET' },
      { rel: 'QRCODE.BASE64', href: qrCodeImageUrl(apiUrl, q.id, 'base64'), media: 'text/plain', type: 'GET' },
    ],
  };
}
