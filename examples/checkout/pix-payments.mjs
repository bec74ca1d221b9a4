// The example's Pix payments, on the merchant server: which shopper each QR code belongs to, and
// whether it was paid. The server learns it from the signed notification the API sends to
// /api/notifications, whose body is the order itself (docs/webhooks.md), and, in case a notification is late or lost,
// by reading the order (docs/example-checkout.md#pix). A real shop keeps this in its database.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** While notifications arrive, the order is read at most this often for a shopper who waits. */
const READ_EVERY_MS = 10_000;
/** A notification signed more than this long ago is refused: a replay (docs/webhooks.md). */
const SIGNATURE_TOLERANCE_S = 300;

/** True when `header` signs `rawBody` with `secret` and is fresh: the check docs/webhooks.md gives. */
function signedByGateway(header, rawBody, secret, now = Date.now()) {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '') ?? [];
  if (!v1 || Math.abs(now / 1000 - Number(t)) > SIGNATURE_TOLERANCE_S) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(expected, 'hex'));
}

const paidByPix = (charge) => charge?.payment_method?.type === 'PIX' && charge.status === 'PAID';

/**
 * The Pix orders this server created and what it knows of them.
 * @param {{ call: (method: string, path: string, body?: unknown) => Promise<{ status: number, body: any, traceId: string }>, webhookSecret?: string }} gateway
 *   `call` reaches the API with the merchant's token; without `webhookSecret` no notification
 *   can be trusted, and the order is read at every question.
 */
export function pixPayments({ call, webhookSecret }) {
  /** @type {Map<string, { shopper: string, qrCodeId: string, expiresAt: number, paid: boolean, readAt: number }>} */
  const orders = new Map();

  /** The order as the API has it now: paid, and the QR code's end (the sandbox may expire it early). */
  async function readOrder(id, pix) {
    pix.readAt = Date.now();
    const r = await call('GET', `/orders/${encodeURIComponent(id)}`);
    if (r.status !== 200) return;
    if (r.body.charges?.some(paidByPix)) pix.paid = true;
    const qr = r.body.qr_codes?.find((q) => q.id === pix.qrCodeId);
    if (qr?.expiration_date) pix.expiresAt = Date.parse(qr.expiration_date);
  }

  const mine = (id, shopper) => {
    const pix = orders.get(id);
    return pix && shopper && pix.shopper === shopper ? pix : undefined;
  };

  return {
    /** The order's notification URL list when notifications can be checked, else none. */
    notificationUrls: (url) => (webhookSecret ? [`${url}/api/notifications`] : []),

    /** Remembers a Pix order just created (the API's 201 body) as this shopper's. */
    track(order, shopper) {
      const qr = order.qr_codes?.[0];
      if (!qr || !shopper) return;
      orders.set(order.id, {
        shopper,
        qrCodeId: qr.id,
        expiresAt: Date.parse(qr.expiration_date),
        paid: false,
        readAt: Date.now(),
      });
    },

    /**
     * Where this shopper's Pix order stands: PAID, WAITING with the seconds left, or EXPIRED
     * (nothing was paid in time). Undefined when the order is not theirs.
     */
    async status(id, shopper) {
      const pix = mine(id, shopper);
      if (!pix) return undefined;
      const now = Date.now();
      // The notification is the usual way; reading the order is the safety net, and the last
      // word once the time is up (a payment may have come in its last second).
      if (!pix.paid && (!webhookSecret || now >= pix.expiresAt || now - pix.readAt >= READ_EVERY_MS))
        await readOrder(id, pix);
      if (pix.paid) return { status: 'PAID' };
      const secondsLeft = Math.max(0, Math.ceil((pix.expiresAt - Date.now()) / 1000));
      return secondsLeft > 0 ? { status: 'WAITING', secondsLeft } : { status: 'EXPIRED' };
    },

    /**
     * Sandbox only: pays the shopper's QR code through the API's simulator, as a bank app would.
     * The page never holds the token that this needs. Returns the API's status, or 404.
     */
    async simulatePayment(id, shopper) {
      const pix = mine(id, shopper);
      if (!pix) return 404;
      const r = await call('POST', `/sandbox/qr-codes/${encodeURIComponent(pix.qrCodeId)}/pay`);
      return r.status;
    },

    /**
     * A notification from the API, whose body is the order as GET /orders/{id} answers it: 401
     * unless signed with the webhook secret and fresh; an order of ours with a paid PIX charge is
     * paid. Any other notification is acknowledged.
     */
    notification(rawBody, signature) {
      if (!webhookSecret || !signedByGateway(signature, rawBody, webhookSecret)) return 401;
      let order;
      try {
        order = JSON.parse(rawBody);
      } catch {
        return 400;
      }
      const pix = typeof order?.id === 'string' ? orders.get(order.id) : undefined;
      if (pix && Array.isArray(order.charges) && order.charges.some(paidByPix)) pix.paid = true;
      return 204;
    },
  };
}
