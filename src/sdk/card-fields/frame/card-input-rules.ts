// What a shopper's typing becomes in the hosted card fields (docs/card-fields.md#typing): the
// grouping, lengths and security-code length each brand has, and the expiry's MM/AA. Pure functions
// of the text, so the unit tests check every rule without a frame.
import { detectCardBrand, type CardBrand } from '../../../core/card-brand';
import { hasExpired } from '../../../core/card-expiry';
import { isLuhnValid } from '../../../core/luhn';

/** The verdicts every field reports (a field's `change` state without `focused` and `message`). */
export interface FieldVerdict {
  empty: boolean;
  /** Whole: a length the brand's numbers (or codes) have, a whole MM/AA date. */
  complete: boolean;
  valid: boolean;
  /** Valid, or could still become valid by typing on. */
  potentiallyValid: boolean;
  /** Why it is not valid, when it is not (a key of the locale's messages). */
  problem?: 'required' | 'incomplete' | 'invalid' | 'expired';
}

/** The lengths a number of each brand has, shortest first. */
const LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  elo: [16],
  amex: [15],
  hipercard: [13, 16, 19],
  diners: [14, 16, 19],
  discover: [16, 19],
  jcb: [16, 19],
  unknown: [13, 14, 15, 16, 17, 18, 19],
};

export const onlyDigits = (text: string): string => text.replace(/\D/g, '');

/** The lengths a number of `brand` may have. */
export const numberLengths = (brand: CardBrand): readonly number[] => LENGTHS[brand];

/** How many digits the security code of `brand` has: amex 4, the others 3; unknown 3 or 4. */
export const securityCodeLengths = (brand: CardBrand): readonly number[] =>
  brand === 'amex' ? [4] : brand === 'unknown' ? [3, 4] : [3];

/** The groups a number is printed in: amex 4-6-5, diners of 14 digits 4-6-4, the others fours. */
function groups(brand: CardBrand, length: number): number[] {
  if (brand === 'amex') return [4, 6, 5];
  if (brand === 'diners' && length <= 14) return [4, 6, 4];
  return [4, 4, 4, 4, 3];
}

/** The number as the shopper sees it: at most the brand's longest length, grouped with spaces. */
export function formatCardNumber(text: string): { digits: string; brand: CardBrand; formatted: string } {
  const all = onlyDigits(text);
  const brand = detectCardBrand(all);
  const lengths = LENGTHS[brand];
  const digits = all.slice(0, lengths[lengths.length - 1]);
  const parts: string[] = [];
  let at = 0;
  for (const size of groups(brand, digits.length)) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return { digits, brand, formatted: parts.join(' ') };
}

export function cardNumberVerdict(digits: string): FieldVerdict & { brand: CardBrand } {
  const brand = detectCardBrand(digits);
  const lengths = LENGTHS[brand];
  const longest = lengths[lengths.length - 1]!;
  const lengthOk = lengths.includes(digits.length);
  const valid = lengthOk && isLuhnValid(digits);
  const complete = lengthOk || digits.length >= longest;
  const potentiallyValid = valid || digits.length < longest;
  return {
    brand,
    empty: digits === '',
    complete,
    valid,
    potentiallyValid,
    // A whole length that fails the Luhn check is a typo, though a longer number could still pass.
    problem: valid ? undefined : digits === '' ? 'required' : potentiallyValid && !lengthOk ? 'incomplete' : 'invalid',
  };
}

/**
 * The expiry as the shopper sees it, `MM/AA`: a first digit above 1 is a month of one digit (`5`
 * becomes `05/`), the slash comes once the month is whole, and `deleting` (the shopper erased
 * backwards) leaves the month without its slash so the slash never blocks the backspace.
 */
export function formatExpiry(text: string, deleting = false): string {
  let digits = onlyDigits(text);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length < 2 || (digits.length === 2 && deleting)) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Expiry dates further ahead than this are refused as typos: no card is issued for longer. */
const MAX_YEARS_AHEAD = 20;

/** The month and four-digit year of a whole `MM/AA`, or undefined. */
export function parseExpiry(text: string): { month: number; year: number } | undefined {
  const m = /^(\d{2})\/(\d{2})$/.exec(text);
  if (!m) return undefined;
  return { month: Number(m[1]), year: 2000 + Number(m[2]) };
}

export function expiryVerdict(text: string, now: Date): FieldVerdict {
  const digits = onlyDigits(text);
  const monthOk = digits.length < 2 ? /^(|0|1)$/.test(digits) : /^(0[1-9]|1[0-2])/.test(digits);
  const parsed = parseExpiry(text);
  const complete = digits.length >= 4;
  let problem: FieldVerdict['problem'];
  if (digits === '') problem = 'required';
  else if (!monthOk) problem = 'invalid';
  else if (!parsed) problem = 'incomplete';
  else if (hasExpired(parsed.month, parsed.year, now)) problem = 'expired';
  else if (parsed.year > now.getFullYear() + MAX_YEARS_AHEAD) problem = 'invalid';
  // A year of one digit can still become any year: only the whole date can be past.
  const valid = problem === undefined;
  return {
    empty: digits === '',
    complete,
    valid,
    potentiallyValid: valid || problem === 'required' || problem === 'incomplete',
    problem,
  };
}

/** The security code typed, at most the longest the brand has. */
export const formatSecurityCode = (text: string, brand: CardBrand): string => {
  const lengths = securityCodeLengths(brand);
  return onlyDigits(text).slice(0, lengths[lengths.length - 1]);
};

export function securityCodeVerdict(code: string, brand: CardBrand): FieldVerdict {
  const lengths = securityCodeLengths(brand);
  const longest = lengths[lengths.length - 1]!;
  const valid = lengths.includes(code.length);
  const potentiallyValid = valid || code.length < longest;
  return {
    empty: code === '',
    complete: valid || code.length >= longest,
    valid,
    potentiallyValid,
    problem: valid ? undefined : code === '' ? 'required' : potentiallyValid ? 'incomplete' : 'invalid',
  };
}

/**
 * Where the caret goes after the text was reformatted: after as many digits as were before it.
 * `position` counts characters of `before`; the answer, of `after`.
 */
export function caretAfterFormat(before: string, position: number, after: string): number {
  // At the end it stays at the end, after a slash or space the format added.
  if (position >= before.length) return after.length;
  const wanted = onlyDigits(before.slice(0, position)).length;
  if (wanted === 0) return 0;
  let seen = 0;
  for (let i = 0; i < after.length; i++) {
    if (/\d/.test(after[i]!) && ++seen === wanted) return i + 1;
  }
  return after.length;
}
