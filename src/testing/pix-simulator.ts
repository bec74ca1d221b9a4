import type { SandboxTarget } from './decide-challenge';

/** An order as the Pix simulator answers it: the fields a test of a Pix payment reads (docs/pix.md). */
export interface PixOrder {
  id: string;
  /** Empty until the code is paid; then the `PIX` charge, `PAID`. */
  charges: Array<{
    id: string;
    status: string;
    paid_at?: string;
    amount: { value: number; summary: { total: number; paid: number; refunded: number } };
    payment_method: { type: string; pix?: { end_to_end_id: string; holder: { name: string; tax_id: string } } };
  }>;
  qr_codes: Array<{
    id: string;
    /** After {@link expirePixCode}: the moment it expired. */
    expiration_date: string;
    amount: { value: number };
    text: string;
  }>;
}

async function simulate(sandbox: SandboxTarget, qrCodeId: string, outcome: 'pay' | 'expire'): Promise<PixOrder> {
  const res = await fetch(`${sandbox.apiUrl}/sandbox/qr-codes/${encodeURIComponent(qrCodeId)}/${outcome}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.token}` },
  });
  const body = (await res.json()) as PixOrder;
  if (!res.ok) throw new Error(`${outcome}PixCode: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Pays a Pix QR code as the shopper's bank would: POST /sandbox/qr-codes/{id}/pay (sandbox only).
 * Resolves with the order, which now has a `PAID` charge of type `PIX` (and its `CHARGE.PAID`
 * notification, the order itself, is on its way to its notification_urls). Throws with the sandbox's answer when refused: the code was
 * paid, expired, or is another merchant's (409, 404).
 */
export const payPixCode = (sandbox: SandboxTarget, qrCodeId: string): Promise<PixOrder> =>
  simulate(sandbox, qrCodeId, 'pay');

/**
 * Expires a Pix QR code now, unpaid: POST /sandbox/qr-codes/{id}/expire (sandbox only). Resolves
 * with the order; paying the code is refused from then on. Throws when the code was paid or expired.
 */
export const expirePixCode = (sandbox: SandboxTarget, qrCodeId: string): Promise<PixOrder> =>
  simulate(sandbox, qrCodeId, 'expire');
