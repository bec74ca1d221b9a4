import { randomInt } from 'node:crypto';

/**
 * The payer's institution in the sandbox: an ISPB (the 8-digit id Banco Central gives each
 * institution) that the sandbox's simulated bank uses, as the id's format needs one.
 */
const SANDBOX_PAYER_ISPB = '99999999';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A Pix payment's end-to-end id in Banco Central's format (32 characters): `E`, the payer
 * institution's ISPB, the payment's date and time in UTC as yyyyMMddHHmm, and 11 letters or
 * digits that make it unique (random here).
 */
export function endToEndId(at: number, ispb = SANDBOX_PAYER_ISPB): string {
  const minute = new Date(at).toISOString().replace(/\D/g, '').slice(0, 12);
  let tail = '';
  for (let i = 0; i < 11; i++) tail += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `E${ispb}${minute}${tail}`;
}
