/**
 * The Brazilian boleto's barcode and its typeable digit line (linha digitável), per the
 * FEBRABAN layout:
 *
 * barcode (44 digits): bank (3) · currency 9 (1) · general check digit, mod 11 (1) ·
 * due-date factor (4) · amount in cents (10) · free field (25).
 *
 * digit line (47 digits): field 1 = bank, currency, free[0..5) + mod-10 digit; field 2 =
 * free[5..15) + mod-10 digit; field 3 = free[15..25) + mod-10 digit; field 4 = the general
 * check digit; field 5 = factor and amount.
 */

/** The sandbox's bank code: held by no bank, so a sandbox boleto can never be paid for real. */
const SANDBOX_BANK_CODE = '999';
const CURRENCY_REAL = '9';
const DAY_MS = 86_400_000;
// FEBRABAN counts due dates in days from 1997-10-07; the 4-digit factor reached 9999 on
// 2025-02-21 and restarted at 1000 on 2025-02-22, and restarts every 9000 days from there.
const FACTOR_BASE = Date.UTC(1997, 9, 7);

export interface BoletoBarcode {
  /** The 44 digits the bars encode. */
  barcode: string;
  /** The 47-digit line a payer types, formatted `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE`. */
  formatted: string;
}

/** Mod 10 check digit of a digit line field: weights 2, 1, 2, … from the right, products' digits summed. */
function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const p = Number(digits[i]) * weight;
    sum += p > 9 ? p - 9 : p;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Mod 11 general check digit of the barcode: weights 2 to 9 from the right; 0, 10 and 11 become 1. */
function mod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** The 4-digit due-date factor of a `YYYY-MM-DD` date (2025-02-22 is 1000). */
export function dueDateFactor(dueDate: string): string {
  const [y, m, d] = dueDate.split('-').map(Number) as [number, number, number];
  const days = Math.round((Date.UTC(y, m - 1, d) - FACTOR_BASE) / DAY_MS);
  return String(((((days - 1000) % 9000) + 9000) % 9000) + 1000);
}

/**
 * Builds the barcode and digit line of a boleto. `freeField` is the bank's 25 digits (here
 * the boleto's "nosso número"); `amount` is in cents, at most 10 digits.
 */
export function boletoBarcode(input: {
  bankCode?: string;
  dueDate: string;
  amount: number;
  freeField: string;
}): BoletoBarcode {
  const bank = input.bankCode ?? SANDBOX_BANK_CODE;
  if (
    !/^\d{3}$/.test(bank) ||
    !/^\d{25}$/.test(input.freeField) ||
    !Number.isInteger(input.amount) ||
    input.amount < 0 ||
    input.amount > 9_999_999_999
  ) {
    throw new RangeError(
      'boletoBarcode: bank must be 3 digits, the free field 25 digits and the amount 0 to 9999999999 cents',
    );
  }
  const tail = dueDateFactor(input.dueDate) + String(input.amount).padStart(10, '0');
  const withoutDv = bank + CURRENCY_REAL + tail + input.freeField;
  const dv = mod11(withoutDv);
  const barcode = bank + CURRENCY_REAL + dv + tail + input.freeField;

  const field = (digits: string) => digits + mod10(digits);
  const f1 = field(bank + CURRENCY_REAL + input.freeField.slice(0, 5));
  const f2 = field(input.freeField.slice(5, 15));
  const f3 = field(input.freeField.slice(15, 25));
  const formatted = `${f1.slice(0, 5)}.${f1.slice(5)} ${f2.slice(0, 5)}.${f2.slice(5)} ${f3.slice(0, 5)}.${f3.slice(5)} ${dv} ${tail}`;
  return { barcode, formatted };
}

const FREE_FIELD_MODULUS = 10n ** 25n;

/** 25 digits from a boleto id (uuid), stable for the boleto: its "nosso número". */
export function freeFieldOf(boletoId: string): string {
  const n = BigInt(`0x${boletoId.replace(/-/g, '')}`) % FREE_FIELD_MODULUS;
  return n.toString().padStart(25, '0');
}
