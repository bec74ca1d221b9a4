// Types of pix-payments.mjs, for the unit tests that call it.

/** The merchant server's call to the API with its token. */
export type GatewayCall = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown; traceId: string }>;

/** Where a shopper's Pix order stands, as the page reads it. */
export type PixState = { status: 'PAID' } | { status: 'WAITING'; secondsLeft: number } | { status: 'EXPIRED' };

/** The Pix orders a merchant server created, and what it learned of their payment. */
export interface PixPayments {
  /** The order's notification_urls: this server's receiver when notifications can be checked, else none. */
  notificationUrls(url: string): string[];
  /** Remembers a Pix order just created (the API's 201 body) as this shopper's. */
  track(
    order: { id: string; qr_codes?: Array<{ id: string; expiration_date: string }> },
    shopper: string | undefined,
  ): void;
  /** Where this shopper's order stands; undefined when it is not theirs. */
  status(orderId: string, shopper: string | undefined): Promise<PixState | undefined>;
  /** Sandbox only: pays the shopper's QR code through the API's simulator; the API's status, or 404. */
  simulatePayment(orderId: string, shopper: string | undefined): Promise<number>;
  /** A notification as received: 204, 401 (not signed with the secret, or stale) or 400. */
  notification(rawBody: string, signature: string | undefined): 204 | 400 | 401;
}

/** The Pix orders of one merchant server. Without `webhookSecret` no notification is trusted. */
export function pixPayments(gateway: { call: GatewayCall; webhookSecret?: string }): PixPayments;
