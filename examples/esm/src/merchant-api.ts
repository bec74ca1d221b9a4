// The merchant server's own API (examples/checkout/server.mjs), as this page calls it. The
// bearer token stays on that server; the page gets sessions and order results from it.
import type { AddressInput } from '@gateway/sdk';

/** A line of the cart, as the server prices it. */
export interface CartItem {
  reference_id: string;
  name: string;
  quantity: number;
  unit_amount: number;
}

/** What the page needs to start: the API, the public key and the cart. */
export interface CheckoutConfig {
  apiUrl: string;
  publicKey: string;
  cart: CartItem[];
  /** Integer cents. */
  total: number;
  /** The example's 3DS policy: whether a NOT_AUTHENTICATED credit card is charged. */
  threeDsPolicy: { chargeNotAuthenticated: boolean };
}

/** The shopper's data as the form holds it. */
export interface Shopper {
  customer: { name: string; email: string; taxId: string; phone: string };
  address: Omit<AddressInput, 'country'> & { locality: string; complement: string };
}

/** A card the shopper saved with an earlier order: Gateway's stored card id, never card data. */
export interface SavedCard extends Shopper {
  card: { id: string; brand: string; lastDigits: string; expMonth: string; expYear: string };
}

/** What the page sends to create an order: prices are the server's own. */
export type OrderInput =
  | ({ method: 'BOLETO'; attemptId: string } & Shopper)
  | ({
      method: 'CREDIT_CARD' | 'DEBIT_CARD';
      installments: number;
      card: { encrypted: string };
      saveCard: boolean;
      threeDsId?: string;
      attemptId: string;
    } & Shopper)
  | { method: 'CREDIT_CARD'; installments: number; card: { saved: true }; threeDsId?: string; attemptId: string };

/** The server's answer to an order: statuses, the form fields to fix, boleto lines, the trace id. */
export type OrderResult =
  | { ok: false; httpStatus?: number; traceId?: string; fields?: string[]; notAuthenticated?: true }
  | {
      ok: true;
      traceId: string;
      orderId: string;
      /** The short reference the shopper reads (the order's reference_id). */
      reference: string;
      /** Integer cents. */
      amount: number;
      card?: { brand: string; lastDigits: string };
      chargeStatus: 'PAID' | 'AUTHORIZED' | 'DECLINED' | 'WAITING' | 'CANCELED';
      code?: string;
      message?: string;
      boleto?: { formattedBarcode: string; dueDate: string; pdf: string };
    };

async function call<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

export const getConfig = (): Promise<CheckoutConfig> => call('/api/config');

/** A new SDK session, created by the server with its token. */
export const createSession = async (): Promise<string> => (await call<{ session: string }>('/api/session', {})).session;

export const createOrder = (input: OrderInput): Promise<OrderResult> => call('/api/orders', input);

/** The card this shopper saved, or undefined. */
export async function getSavedCard(): Promise<SavedCard | undefined> {
  const res = await call<Partial<SavedCard>>('/api/saved-card');
  return res.card && res.customer && res.address
    ? { card: res.card, customer: res.customer, address: res.address }
    : undefined;
}
