// What the shopper reads for a failure of the payment, from the example checkout's one table.
import { GatewayError } from '@gateway/sdk';
import { FALLBACK, MESSAGES } from '../../checkout/public/shopper-messages.mjs';

/** Words for any failure of the payment: a GatewayError by its code, anything else in general. */
export function shopperMessage(error: unknown): string {
  return error instanceof GatewayError ? (MESSAGES[error.code] ?? FALLBACK) : FALLBACK;
}
