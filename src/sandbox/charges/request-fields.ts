import * as z from 'zod/mini';
import { PHONE_TYPES } from '../../core/authentication-request';
import { isIsoAlpha3 } from '../../core/iso-country';
import { MAX_AMOUNT_CENTS, toCents } from './money';
import { normaliseTaxId, taxIdKind } from '../../core/tax-id';

/**
 * Field rules shared by the order and charge request schemas. Every message completes the
 * sentence "<parameter> ...", so an error reads `customer.email must be a valid e-mail address`.
 */

/** Non-empty text, trimmed, at most `max` characters. */
export const text = (max: number, what = 'text') => {
  const rule = `must be a non-empty ${what} (at most ${max} characters)`;
  return z.string({ error: rule }).check(z.trim(), z.minLength(1, rule), z.maxLength(max, rule));
};

/** Text that may be empty, at most `max` characters. */
export const optionalText = (max: number) => {
  const rule = `must be a text (at most ${max} characters)`;
  return z.string({ error: rule }).check(z.trim(), z.maxLength(max, rule));
};

/** Digits, given as a string (or a non-negative integer), `min` to `max` of them. Leading zeros need a string. */
export const digits = (min: number, max: number, rule = min === max ? `must be ${min} digits` : `must be ${min} to ${max} digits`) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v)),
    z.string({ error: rule }).check(z.regex(new RegExp(`^\\d{${min},${max}}$`), rule)),
  );

/** An integer from `min` to `max`; a string of digits is read as one. */
export const integer = (min: number, max: number, rule = `must be an integer from ${min} to ${max}`) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v)),
    z.number({ error: rule }).check(z.refine((n) => Number.isInteger(n) && n >= min && n <= max, rule)),
  );

/** An amount in integer cents (a string of digits accepted, as SPEC.md shows), from `min`. */
export const cents = (min = 1) => {
  const rule = `must be an integer amount in cents from ${min} to ${MAX_AMOUNT_CENTS} (a string of digits is accepted)`;
  return z.pipe(
    z.transform((v: unknown) => toCents(v) ?? v),
    z.number({ error: rule }).check(z.refine((n) => Number.isInteger(n) && n >= min && n <= MAX_AMOUNT_CENTS, rule)),
  );
};

export const booleanField = () => z.boolean({ error: 'must be true or false' });

/**
 * A CPF (11 digits) or a CNPJ, numeric or alphanumeric (12 digits or capital letters, then 2 check
 * digits), with valid check digits; punctuation is dropped and letters upper-cased.
 */
export const taxId = () => {
  const rule = 'must be a valid CPF (11 digits) or CNPJ (14 characters: 12 digits or letters, then 2 check digits), check digits included';
  return z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' ? normaliseTaxId(v) : v)),
    z.string({ error: rule }).check(z.refine((v) => taxIdKind(v) !== undefined, rule)),
  );
};

export const email = () => {
  const rule = 'must be a valid e-mail address';
  return z.string({ error: rule }).check(z.trim(), z.maxLength(254, rule), z.regex(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, rule));
};

export const phone = () =>
  z.strictObject(
    {
      country: digits(1, 3, 'must be the country calling code, 1 to 3 digits, such as "55"'),
      area: digits(2, 3, 'must be the area code, 2 or 3 digits, such as "11"'),
      number: digits(8, 9, 'must be 8 or 9 digits'),
      type: z.enum(PHONE_TYPES, { error: 'must be one of MOBILE, HOME, BUSINESS' }),
    },
    { error: 'must be a phone object with country, area, number and type' },
  );

export const phones = (min: number) =>
  z.array(phone(), { error: `must be a list of ${min ? 'at least one phone and ' : ''}at most 5 phones` }).check(
    z.minLength(min, `must be a list of at least ${min} phone${min > 1 ? 's' : ''}`),
    z.maxLength(5, 'must be a list of at most 5 phones'),
  );

const postalCode = (min: number, max: number) => {
  const rule = min === max ? `must be ${min} digits (a hyphen is accepted: "01310-100")` : `must be ${min} to ${max} digits`;
  return z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' ? v.replace(/^(\d{5})[-\s](\d{3})$/, '$1$2') : v)),
    z.string({ error: rule }).check(z.regex(new RegExp(`^\\d{${min},${max}}$`), rule)),
  );
};

const regionCode = () => {
  const rule = 'must be the two-letter region (state) code, such as "SP"';
  return z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v)),
    z.string({ error: rule }).check(z.regex(/^[A-Z]{2}$/, rule)),
  );
};

const alpha3 = () => {
  const rule = 'must be an ISO 3166-1 alpha-3 country code such as "BRA"';
  return z.string({ error: rule }).check(z.refine(isIsoAlpha3, rule));
};

/**
 * The address of an order's shipping and of a sub-merchant (SPEC.md: country is ISO 3166-1
 * alpha-3). `complement` is optional on shipping; a sub-merchant must send it (empty when none).
 */
export const address = (complementRequired: boolean) =>
  z.strictObject(
    {
      street: text(160),
      number: text(20),
      complement: complementRequired ? optionalText(120) : z.optional(optionalText(120)),
      locality: text(60),
      city: text(90),
      region_code: regionCode(),
      country: alpha3(),
      postal_code: postalCode(5, 10),
    },
    { error: 'must be an address object' },
  );

/** The boleto holder's address: SPEC.md gives it a region name too, and a free-text country. Brazilian CEP. */
export const boletoAddress = () =>
  z.strictObject(
    {
      country: text(60),
      region: text(60),
      region_code: regionCode(),
      city: text(90),
      postal_code: postalCode(8, 8),
      street: text(160),
      number: text(20),
      locality: text(60),
      complement: z.optional(optionalText(120)),
    },
    { error: 'must be an address object' },
  );

/** Where notifications go: absolute http(s) URLs, at most 10, repeated ones kept once. */
export const notificationUrls = () => {
  const rule = 'must be an absolute http or https URL (at most 2048 characters)';
  const url = z.string({ error: rule }).check(
    z.maxLength(2048, rule),
    z.refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.username === '' && u.password === '';
      } catch {
        return false;
      }
    }, rule),
  );
  return z.pipe(
    z.array(url, { error: 'must be a list of URLs' }).check(z.maxLength(10, 'must be a list of at most 10 URLs')),
    z.transform((urls: string[]) => [...new Set(urls)]),
  );
};
