import * as z from 'zod/mini';
import { PHONE_TYPE_RULE } from '../../core/authentication-request';
import type { PhoneType } from '../../core/phone-type';
import {
  ADDRESS_RULES,
  digitsRule,
  digitsSchema,
  emailRule,
  integerRule,
  integerSchema,
  optionalTextRule,
  optionalTextSchema,
  phoneAreaRule,
  phoneCountryRule,
  phoneNumberRule,
  postalCodeRule,
  postalCodeSchema,
  taxIdRule,
  textRule,
  textSchema,
  type FieldRule,
} from '../../core/field-rules';
import { MAX_AMOUNT_CENTS, toCents } from '../values/money';
import { documentAs, ruleSchema, type JsonSchema } from '../openapi/json-fragments';

/**
 * The order and charge request schemas' fields, built from the field rules of
 * src/core/field-rules.ts that the SDK's schema uses too: one verdict, one normalised value and
 * one message per field on both sides. Every message completes the sentence "<parameter> ...",
 * so an error reads `customer.email must be a valid e-mail address`.
 */

/**
 * A field rule as a zod step: normalise, test, keep the normalised value, one message. The step
 * carries the rule's JSON Schema for the OpenAPI document: `schema` for a rule made per field,
 * else the one beside the shared rule (core/field-rules.ts).
 */
export const field = <T = string>(r: FieldRule, schema?: JsonSchema) => {
  const step = (input: unknown, payload: z.core.ParsePayload<unknown>): T => {
    const value = r.normalise(input);
    if (!r.test(value)) payload.issues.push({ code: 'custom', message: r.message, input });
    return value as T;
  };
  const documented = schema ? { ...schema, description: r.message } : ruleSchema(r);
  if (!documented) throw new Error(`field rule without a JSON Schema: ${r.message}`);
  return documentAs(z.transform<unknown, T>(step), documented, { key: step });
};

/** Non-empty text, trimmed, at most `max` characters. */
export const text = (max: number, what = 'text') => field(textRule(max, what), textSchema(max));

/** Text that may be empty, at most `max` characters. */
const optionalText = (max: number) => field(optionalTextRule(max), optionalTextSchema(max));

/** Digits, given as a string (or a non-negative integer), `min` to `max` of them. Leading zeros need a string. */
export const digits = (
  min: number,
  max: number,
  rule = min === max ? `must be ${min} digits` : `must be ${min} to ${max} digits`,
) => field(digitsRule(min, max, rule), digitsSchema(min, max));

/** An integer from `min` to `max`; a string of digits is read as one. */
export const integer = (min: number, max: number, rule = `must be an integer from ${min} to ${max}`) =>
  field<number>(integerRule(min, max, rule), integerSchema(min, max));

/**
 * An amount in integer cents (a string of digits accepted: docs/rules.md#formats), from `min`.
 * Answers hold the integer only.
 */
export const cents = (min = 1) => {
  const rule = `must be an integer amount in cents from ${min} to ${MAX_AMOUNT_CENTS} (a string of digits is accepted)`;
  const integerForm = { type: 'integer', minimum: min, maximum: MAX_AMOUNT_CENTS };
  return documentAs(
    z.pipe(
      z.transform((v: unknown) => toCents(v) ?? v),
      z.number({ error: rule }).check(z.refine((n) => Number.isInteger(n) && n >= min && n <= MAX_AMOUNT_CENTS, rule)),
    ),
    { ...integerSchema(min, MAX_AMOUNT_CENTS), description: rule },
    { output: integerForm },
  );
};

export const booleanField = () => z.boolean({ error: 'must be true or false' });

/**
 * A CPF (11 digits) or a CNPJ, numeric or alphanumeric (12 digits or capital letters, then 2 check
 * digits), with valid check digits; punctuation is dropped and letters upper-cased.
 */
export const taxId = () => field(taxIdRule);

export const email = () => field(emailRule);

const phone = () =>
  z.strictObject(
    {
      country: field(phoneCountryRule),
      area: field(phoneAreaRule),
      number: field(phoneNumberRule),
      type: field<PhoneType>(PHONE_TYPE_RULE),
    },
    { error: 'must be a phone object with country, area, number and type' },
  );

export const phones = (min: number) =>
  z
    .array(phone(), { error: `must be a list of ${min ? 'at least one phone and ' : ''}at most 5 phones` })
    .check(
      z.minLength(min, `must be a list of at least ${min} phone${min > 1 ? 's' : ''}`),
      z.maxLength(5, 'must be a list of at most 5 phones'),
    );

const postalCode = (min: number, max: number) => field(postalCodeRule(min, max), postalCodeSchema(min, max));
const regionCode = () => field(ADDRESS_RULES.regionCode);
const alpha3 = () => field(ADDRESS_RULES.country);

/**
 * The address of an order's shipping and of a sub-merchant (country ISO 3166-1 alpha-3:
 * docs/rules.md#formats). `complement` is optional on shipping; a sub-merchant must send it (empty when none).
 */
export const address = (complementRequired: boolean) =>
  z.strictObject(
    {
      street: field(ADDRESS_RULES.street),
      number: field(ADDRESS_RULES.number),
      complement: complementRequired ? field(ADDRESS_RULES.complement) : z.optional(field(ADDRESS_RULES.complement)),
      locality: text(60),
      city: field(ADDRESS_RULES.city),
      region_code: regionCode(),
      country: alpha3(),
      postal_code: field(ADDRESS_RULES.postalCode),
    },
    { error: 'must be an address object' },
  );

/** The boleto holder's address: a region name too, and a free-text country (docs/rules.md#formats). Brazilian CEP. */
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

/** An absolute http(s) URL without credentials, at most 2048 characters: where to notify, or where to send a shopper. */
export const httpUrl = () => {
  const rule = 'must be an absolute http or https URL (at most 2048 characters)';
  return z.string({ error: rule }).check(
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
};

/** Where notifications go: absolute http(s) URLs, at most 10, repeated ones kept once. */
export const notificationUrls = () => {
  const url = httpUrl();
  return documentAs(
    z.pipe(
      z.array(url, { error: 'must be a list of URLs' }).check(z.maxLength(10, 'must be a list of at most 10 URLs')),
      z.transform((urls: string[]) => [...new Set(urls)]),
    ),
    {
      type: 'array',
      maxItems: 10,
      items: { type: 'string', format: 'uri', maxLength: 2048, pattern: '^https?://' },
      description: 'where notifications go (repeated URLs are kept once)',
    },
  );
};
