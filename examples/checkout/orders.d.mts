// Types of the parts of orders.mjs the unit tests call.

/** Whether a credit card whose 3DS ended NOT_AUTHENTICATED is charged. */
export interface ThreeDsPolicy {
  chargeNotAuthenticated: boolean;
}
export const DEFAULT_THREEDS_POLICY: Readonly<ThreeDsPolicy>;
/** May this card payment be charged, given its authentication outcome (undefined: no 3DS)? */
export function mayCharge(
  method: 'CREDIT_CARD' | 'DEBIT_CARD',
  outcome: string | undefined,
  policy: ThreeDsPolicy,
): boolean;
/** A short order reference the shopper can read: LE- and 6 characters. */
export function shortReference(): string;
