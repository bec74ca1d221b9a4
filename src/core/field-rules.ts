import { isIsoAlpha3 } from './iso-country';
import { isLuhnValid } from './luhn';
import { normaliseTaxId, taxIdKind } from './tax-id';

/**
 * One field's rule, written once for the SDK's schema and every sandbox schema so both sides give
 * the same verdict, the same normalised value and the same message: `normalise` turns what an
 * integration sends into the canonical form (trimmed text, digits without separators), `test`
 * judges the normalised value, and `message` completes the sentence "<parameter> …".
 * Plain functions, no zod: each side wraps them in its own schema (see docs/rules.md).
 */
export interface FieldRule {
  readonly message: string;
  normalise(value: unknown): unknown;
  test(value: unknown): boolean;
}

const keep = (v: unknown) => v;
const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
// RegExp#test would turn a number into text (and throws on a symbol): strings only, length first.
const matches =
  (pattern: RegExp, max = 4096) =>
  (v: unknown) =>
    typeof v === 'string' && v.length <= max && pattern.test(v);
const make = (
  message: string,
  test: (v: unknown) => boolean,
  normalise: (v: unknown) => unknown = keep,
): FieldRule => ({ message, test, normalise });

/** Non-empty text, trimmed, at most `max` characters. */
export const textRule = (max: number, what = 'text') =>
  make(
    `must be a non-empty ${what} (at most ${max} characters)`,
    (v) => typeof v === 'string' && v.length > 0 && v.length <= max,
    trim,
  );

/** Text that may be empty, trimmed, at most `max` characters. */
export const optionalTextRule = (max: number) =>
  make(`must be a text (at most ${max} characters)`, (v) => typeof v === 'string' && v.length <= max, trim);

/** Digits, also given as a non-negative integer (a phone's 55, 11, 912345678). Leading zeros need a string. */
export const digitsRule = (min: number, max: number, message: string) =>
  make(message, matches(new RegExp(`^\\d{${min},${max}}$`)), (v) =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v,
  );

/** An integer from `min` to `max`, also given as a numeric string ("12", "2030"), as real plugins send it. */
export const integerRule = (min: number, max: number, message = `must be an integer from ${min} to ${max}`) =>
  make(
    message,
    (v) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max,
    (v) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
  );

/** One of `values`, exactly. */
export const oneOfRule = (values: readonly string[], message = `must be one of ${values.join(', ')}`) =>
  make(message, (v) => values.includes(v as string));

/** A person's name (the customer): at least two names, letters only, at most 120 characters. */
export const personNameRule = make(
  'must be at least two names, letters only (no digits or special characters)',
  matches(/^[\p{L}\p{M}'’-]+(\s+[\p{L}\p{M}'’-]+)+$/u, 120),
  trim,
);

/** The name printed on the card: letters, spaces, apostrophes, dots and hyphens, 2 to 64 characters. */
export const holderNameRule = make(
  "must be the name on the card: 2 to 64 letters, spaces, ' . or -",
  matches(/^[\p{L}\p{M}'’. -]{2,64}$/u),
  trim,
);

export const emailRule = make('must be a valid e-mail address', matches(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, 254), trim);

export const phoneCountryRule = digitsRule(1, 3, 'must be the country calling code, 1 to 3 digits, such as "55"');
export const phoneAreaRule = digitsRule(1, 3, 'must be the area code, 1 to 3 digits, such as "11"');
export const phoneNumberRule = digitsRule(8, 9, 'must be 8 or 9 digits');

/** A card number: 13 to 21 digits passing the Luhn check; spaces and dashes are dropped. One range for 3DS and payment. */
export const cardNumberRule = make(
  'must be a card number of 13 to 21 digits that passes the Luhn check',
  (v) => matches(/^\d{13,21}$/)(v) && isLuhnValid(v as string),
  (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v),
);

export const expMonthRule = integerRule(1, 12, 'must be a month from 1 to 12');
export const expYearRule = integerRule(1000, 9999, 'must be a year of 4 digits, such as 2030');
// The default message: "must be an integer from 1 to 12".
export const installmentsRule = integerRule(1, 12);

/** A postal code of `min` to `max` digits; a Brazilian CEP may be written with its hyphen ("01310-100"). */
export const postalCodeRule = (min: number, max: number) =>
  make(
    min === max ? `must be ${min} digits (a hyphen is accepted: "01310-100")` : `must be ${min} to ${max} digits`,
    matches(new RegExp(`^\\d{${min},${max}}$`)),
    (v) => (typeof v === 'string' ? v.replace(/^(\d{5})[-\s](\d{3})$/, '$1$2') : v),
  );

/** The two-letter region (state) code, upper-cased. */
export const regionCodeRule = make(
  'must be the two-letter region (state) code, such as "SP"',
  matches(/^[A-Z]{2}$/),
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
);

export const countryRule = make(
  'must be an ISO 3166-1 alpha-3 country code such as "BRA"',
  (v) => typeof v === 'string' && isIsoAlpha3(v),
);

/** A CPF, or a CNPJ numeric or alphanumeric, with valid check digits; punctuation dropped, letters upper-cased. */
export const taxIdRule = make(
  'must be a valid CPF (11 digits) or CNPJ (14 characters: 12 digits or letters, then 2 check digits), check digits included',
  (v) => typeof v === 'string' && taxIdKind(v) !== undefined,
  (v) => (typeof v === 'string' ? normaliseTaxId(v) : v),
);

/** The address fields both sides share (`street` … `postal_code`), by their rule. */
export const ADDRESS_RULES = {
  street: textRule(160),
  number: textRule(20),
  complement: optionalTextRule(120),
  city: textRule(90),
  regionCode: regionCodeRule,
  country: countryRule,
  postalCode: postalCodeRule(5, 10),
} as const;
