import { isIsoAlpha3 } from './iso-country';
import { isLuhnValid } from './luhn';
import { normaliseTaxId, taxIdKind } from './tax-id';

/**
 * One field's rule, written once for the SDK's schema and every sandbox schema so both sides give
 * the same verdict, the same normalised value and the same message: `normalise` turns what an
 * integration sends into the canonical form (trimmed text, digits without separators), `test`
 * judges the normalised value, and `message` completes the sentence "<parameter> …".
 * Plain functions, no zod: each side wraps them in its own schema (see docs/rules.md).
 *
 * Each rule has its JSON Schema beside it (`xRule` and `xSchema`, `xSchema(…)` for a rule made
 * per field), built from the same limits: what the sandbox's OpenAPI document says the field
 * accepts. The schemas are separate pure exports, so the SDK's bundle, which never imports one,
 * carries none of them.
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
/** A JSON Schema (draft 2020-12) fragment. */
export type JsonSchema = { [key: string]: unknown };

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

export const textSchema = (max: number, extra: JsonSchema = {}): JsonSchema => ({
  type: 'string',
  minLength: 1,
  maxLength: max,
  ...extra,
});

/** Text that may be empty, trimmed, at most `max` characters. */
export const optionalTextRule = (max: number) =>
  make(`must be a text (at most ${max} characters)`, (v) => typeof v === 'string' && v.length <= max, trim);
export const optionalTextSchema = (max: number): JsonSchema => ({ type: 'string', maxLength: max });

/** Digits, also given as a non-negative integer (a phone's 55, 11, 912345678). Leading zeros need a string. */
export const digitsRule = (min: number, max: number, message: string) =>
  make(message, matches(new RegExp(`^\\d{${min},${max}}$`)), (v) =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v,
  );
/** The digits as a string, or as an integer of as many digits (docs/rules.md#formats). */
export const digitsSchema = (min: number, max: number): JsonSchema => ({
  anyOf: [
    { type: 'string', pattern: `^\\d{${min},${max}}$` },
    { type: 'integer', minimum: min > 1 ? 10 ** (min - 1) : 0, maximum: 10 ** max - 1 },
  ],
});

/** An integer from `min` to `max`, also given as a numeric string ("12", "2030"), as real plugins send it. */
export const integerRule = (min: number, max: number, message = `must be an integer from ${min} to ${max}`) =>
  make(
    message,
    (v) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max,
    (v) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
  );
/** A pattern of the numbers from `lo` to `hi`, both written with the same number of digits. */
function digitRange(lo: string, hi: string): string[] {
  if (lo === hi) return [lo];
  if (lo.length === 1) return [`[${lo}-${hi}]`];
  const rest = lo.length - 1;
  if (/^0+$/.test(lo.slice(1)) && /^9+$/.test(hi.slice(1)))
    return [`${lo[0] === hi[0] ? lo[0] : `[${lo[0]}-${hi[0]}]`}\\d{${rest}}`];
  if (lo[0] === hi[0]) return digitRange(lo.slice(1), hi.slice(1)).map((p) => lo[0] + p);
  const middle = Number(hi[0]) - Number(lo[0]) > 1 ? [`[${Number(lo[0]) + 1}-${Number(hi[0]) - 1}]\\d{${rest}}`] : [];
  return [
    ...digitRange(lo.slice(1), '9'.repeat(rest)).map((p) => lo[0] + p),
    ...middle,
    ...digitRange('0'.repeat(rest), hi.slice(1)).map((p) => hi[0] + p),
  ];
}

/**
 * The integer, or its digits as a string (docs/rules.md#formats): the string's pattern holds the
 * same range (a leading zero allowed while the rule's 9 digits allow it: "03").
 */
export const integerSchema = (min: number, max: number, extra: JsonSchema = {}): JsonSchema => {
  const alternatives: string[] = [];
  for (let digits = String(min).length; digits <= String(max).length; digits++) {
    const lo = Math.max(min, digits === 1 ? 0 : 10 ** (digits - 1));
    const hi = Math.min(max, 10 ** digits - 1);
    alternatives.push(...digitRange(String(lo), String(hi)));
  }
  const zero = String(max).length < 9 ? '0?' : '';
  return {
    anyOf: [
      { type: 'integer', minimum: min, maximum: max },
      { type: 'string', pattern: `^${zero}(${alternatives.join('|')})$` },
    ],
    ...extra,
  };
};

/** One of `values`, exactly. */
export const oneOfRule = (values: readonly string[], message = `must be one of ${values.join(', ')}`) =>
  make(message, (v) => values.includes(v as string));
export const oneOfSchema = (values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] });

/** A person's name (the customer): at least two names, letters only, at most 120 characters. */
const PERSON_NAME_MAX = 120;
export const personNameRule = make(
  'must be at least two names, letters only (no digits or special characters)',
  matches(/^[\p{L}\p{M}'’-]+(\s+[\p{L}\p{M}'’-]+)+$/u, PERSON_NAME_MAX),
  trim,
);
export const personNameSchema: JsonSchema = {
  type: 'string',
  maxLength: PERSON_NAME_MAX,
  examples: ['Maria da Silva'],
};

/** The name printed on the card: letters, spaces, apostrophes, dots and hyphens, 2 to 64 characters. */
const HOLDER_NAME_MIN = 2;
const HOLDER_NAME_MAX = 64;
export const holderNameRule = make(
  `must be the name on the card: ${HOLDER_NAME_MIN} to ${HOLDER_NAME_MAX} letters, spaces, ' . or -`,
  matches(new RegExp(`^[\\p{L}\\p{M}'’. -]{${HOLDER_NAME_MIN},${HOLDER_NAME_MAX}}$`, 'u')),
  trim,
);
export const holderNameSchema: JsonSchema = {
  type: 'string',
  minLength: HOLDER_NAME_MIN,
  maxLength: HOLDER_NAME_MAX,
  examples: ['MARIA DA SILVA'],
};

const EMAIL_MAX = 254;
export const emailRule = make(
  'must be a valid e-mail address',
  matches(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, EMAIL_MAX),
  trim,
);
export const emailSchema: JsonSchema = {
  type: 'string',
  format: 'email',
  maxLength: EMAIL_MAX,
  examples: ['maria@example.com'],
};

export const phoneCountryRule = digitsRule(1, 3, 'must be the country calling code, 1 to 3 digits, such as "55"');
export const phoneCountrySchema = /* @__PURE__ */ digitsSchema(1, 3);
export const phoneAreaRule = digitsRule(1, 3, 'must be the area code, 1 to 3 digits, such as "11"');
export const phoneAreaSchema = /* @__PURE__ */ digitsSchema(1, 3);
export const phoneNumberRule = digitsRule(8, 9, 'must be 8 or 9 digits');
export const phoneNumberSchema = /* @__PURE__ */ digitsSchema(8, 9);

/** A card number: 13 to 21 digits passing the Luhn check; spaces and dashes are dropped. One range for 3DS and payment. */
const CARD_DIGITS = /^\d{13,21}$/;
export const cardNumberRule = make(
  'must be a card number of 13 to 21 digits that passes the Luhn check',
  (v) => matches(CARD_DIGITS)(v) && isLuhnValid(v as string),
  (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v),
);
/** The sandbox cards of docs/sandbox.md#sandbox-cards as examples. */
export const cardNumberSchema: JsonSchema = {
  type: 'string',
  pattern: CARD_DIGITS.source,
  examples: [
    '4000000000002370',
    '4000000000002503',
    '4000000000004004',
    '5200000000001401',
    '4000000000004103',
    '4000000000004202',
  ],
};

export const expMonthRule = integerRule(1, 12, 'must be a month from 1 to 12');
export const expMonthSchema = /* @__PURE__ */ integerSchema(1, 12, { examples: ['12', 12] });
export const expYearRule = integerRule(1000, 9999, 'must be a year of 4 digits, such as 2030');
export const expYearSchema = /* @__PURE__ */ integerSchema(1000, 9999, { examples: ['2030', 2030] });
// The default message: "must be an integer from 1 to 12".
export const installmentsRule = integerRule(1, 12);
export const installmentsSchema = /* @__PURE__ */ integerSchema(1, 12, { examples: [1] });

/** A postal code of `min` to `max` digits; a Brazilian CEP may be written with its hyphen ("01310-100"). */
export const postalCodeRule = (min: number, max: number) =>
  make(
    min === max ? `must be ${min} digits (a hyphen is accepted: "01310-100")` : `must be ${min} to ${max} digits`,
    matches(new RegExp(`^\\d{${min},${max}}$`)),
    (v) => (typeof v === 'string' ? v.replace(/^(\d{5})[-\s](\d{3})$/, '$1$2') : v),
  );
/** The digits, or a CEP written with its hyphen when 8 digits are allowed. */
export const postalCodeSchema = (min: number, max: number): JsonSchema => ({
  type: 'string',
  pattern: min <= 8 && max >= 8 ? `^(\\d{${min},${max}}|\\d{5}[- ]\\d{3})$` : `^\\d{${min},${max}}$`,
  examples: ['01310100'],
});

const REGION_CODE = /^[A-Z]{2}$/;
/** The two-letter region (state) code, upper-cased. */
export const regionCodeRule = make(
  'must be the two-letter region (state) code, such as "SP"',
  matches(REGION_CODE),
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
);
export const regionCodeSchema: JsonSchema = { type: 'string', pattern: REGION_CODE.source, examples: ['SP'] };

export const countryRule = make(
  'must be an ISO 3166-1 alpha-3 country code such as "BRA"',
  (v) => typeof v === 'string' && isIsoAlpha3(v),
);
export const countrySchema: JsonSchema = { type: 'string', pattern: '^[A-Z]{3}$', examples: ['BRA'] };

/** A CPF, or a CNPJ numeric or alphanumeric, with valid check digits; punctuation dropped, letters upper-cased. */
export const taxIdRule = make(
  'must be a valid CPF (11 digits) or CNPJ (14 characters: 12 digits or letters, then 2 check digits), check digits included',
  (v) => typeof v === 'string' && taxIdKind(v) !== undefined,
  (v) => (typeof v === 'string' ? normaliseTaxId(v) : v),
);
/** The canonical forms: a CPF of 11 digits, a CNPJ of 12 digits or capital letters and 2 check digits. */
export const taxIdSchema: JsonSchema = {
  type: 'string',
  pattern: '^(\\d{11}|[0-9A-Z]{12}\\d{2})$',
  examples: ['12345678909'],
};

const STREET_MAX = 160;
const NUMBER_MAX = 20;
const COMPLEMENT_MAX = 120;
const CITY_MAX = 90;
const POSTAL_CODE_MIN = 5;
const POSTAL_CODE_MAX = 10;

/** The address fields both sides share (`street` … `postal_code`), by their rule. */
export const ADDRESS_RULES = {
  street: textRule(STREET_MAX),
  number: textRule(NUMBER_MAX),
  complement: optionalTextRule(COMPLEMENT_MAX),
  city: textRule(CITY_MAX),
  regionCode: regionCodeRule,
  country: countryRule,
  postalCode: postalCodeRule(POSTAL_CODE_MIN, POSTAL_CODE_MAX),
} as const;
/** The JSON Schema of each of {@link ADDRESS_RULES}. */
export const ADDRESS_SCHEMAS: { readonly [K in keyof typeof ADDRESS_RULES]: JsonSchema } = {
  street: /* @__PURE__ */ textSchema(STREET_MAX, { examples: ['Avenida Paulista'] }),
  number: /* @__PURE__ */ textSchema(NUMBER_MAX, { examples: ['1000'] }),
  complement: /* @__PURE__ */ optionalTextSchema(COMPLEMENT_MAX),
  city: /* @__PURE__ */ textSchema(CITY_MAX, { examples: ['São Paulo'] }),
  regionCode: regionCodeSchema,
  country: countrySchema,
  postalCode: /* @__PURE__ */ postalCodeSchema(POSTAL_CODE_MIN, POSTAL_CODE_MAX),
};
