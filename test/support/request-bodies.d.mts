// Tests reach into the bodies to change or remove one field: any nested key is open to them.
type Json = Record<string, any>;

export declare const CPF: string;
export declare const CNPJ: string;
export declare function customer(): Json;
export declare function shippingAddress(): Json;
/** A clear card of the sandbox: any future expiry works. */
export declare function card(number?: string, extra?: Json): Json;
/** What {@link cardCharge} changes. */
export interface CardChargePatch {
  value?: number | string;
  type?: string;
  capture?: boolean;
  installments?: number;
  number?: string;
  card?: Json;
  extra?: Json;
}
export declare function cardCharge(patch?: CardChargePatch): Json;
/** A date `days` from the sandbox's today (UTC-3), YYYY-MM-DD. */
export declare function dateIn(days: number, now?: number): string;
export declare function boletoCharge(value?: number | string, boleto?: Json): Json;
export declare function order(charges?: unknown[], extra?: Json): Json & { charges?: unknown[] };
export declare function subMerchant(mcc?: string): Json;
export declare function subMerchantCharge(patch?: CardChargePatch, mcc?: string): Json;
/** The device block the SDK sends (see src/sdk/read-device-info.ts). */
export declare function validDevice(): Json;
/** A valid authentication `data` (as the SDK sends it after validation) for a card number. */
export declare function authData(
  number?: string,
  patch?: { type?: string; installments?: number; value?: number },
): Json;
