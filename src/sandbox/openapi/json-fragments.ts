import {
  ADDRESS_RULES,
  cardNumberRule,
  emailRule,
  expMonthRule,
  expYearRule,
  holderNameRule,
  installmentsRule,
  personNameRule,
  phoneAreaRule,
  phoneCountryRule,
  phoneNumberRule,
  taxIdRule,
  type FieldRule,
} from '../../core/field-rules';
import {
  AMOUNT_VALUE_RULE,
  CARD_ID_RULE,
  CARD_PAYMENT_TYPES,
  CURRENCY_RULE,
  ENCRYPTED_CARD_RULE,
  PAYMENT_TYPE_RULE,
  PHONE_TYPE_RULE,
  PHONE_TYPES,
} from '../../core/authentication-request';

/** A JSON Schema (draft 2020-12) fragment, as the OpenAPI document holds it. */
export type JsonSchema = { [key: string]: unknown };

/**
 * What a field rule of src/core/field-rules.ts accepts, written as JSON Schema for the OpenAPI
 * document. A rule is a function, which JSON Schema cannot read, so its documented shape is
 * written here, next to nothing else: the canonical form an integration should send (the rule
 * also accepts looser forms, e.g. digits as a number, and normalises them).
 */
const RULE_FRAGMENTS = new Map<FieldRule, JsonSchema>([
  [
    cardNumberRule,
    {
      type: 'string',
      pattern: '^\\d{13,21}$',
      examples: [
        '4000000000002370',
        '4000000000002503',
        '4000000000004004',
        '5200000000001401',
        '4000000000004103',
        '4000000000004202',
      ],
    },
  ],
  [personNameRule, { type: 'string', maxLength: 120, examples: ['Maria da Silva'] }],
  [holderNameRule, { type: 'string', minLength: 2, maxLength: 64, examples: ['MARIA DA SILVA'] }],
  [emailRule, { type: 'string', format: 'email', maxLength: 254, examples: ['maria@example.com'] }],
  [phoneCountryRule, { type: 'string', pattern: '^\\d{1,3}$', examples: ['55'] }],
  [phoneAreaRule, { type: 'string', pattern: '^\\d{1,3}$', examples: ['11'] }],
  [phoneNumberRule, { type: 'string', pattern: '^\\d{8,9}$', examples: ['912345678'] }],
  [expMonthRule, { type: 'integer', minimum: 1, maximum: 12, examples: [12] }],
  [expYearRule, { type: 'integer', minimum: 1000, maximum: 9999, examples: [2030] }],
  [installmentsRule, { type: 'integer', minimum: 1, maximum: 12, examples: [1] }],
  [taxIdRule, { type: 'string', pattern: '^[0-9A-Z]{11,14}$', examples: ['12345678909'] }],
  [ADDRESS_RULES.street, { type: 'string', minLength: 1, maxLength: 160, examples: ['Avenida Paulista'] }],
  [ADDRESS_RULES.number, { type: 'string', minLength: 1, maxLength: 20, examples: ['1000'] }],
  [ADDRESS_RULES.complement, { type: 'string', maxLength: 120 }],
  [ADDRESS_RULES.city, { type: 'string', minLength: 1, maxLength: 90, examples: ['São Paulo'] }],
  [ADDRESS_RULES.regionCode, { type: 'string', pattern: '^[A-Z]{2}$', examples: ['SP'] }],
  [ADDRESS_RULES.country, { type: 'string', pattern: '^[A-Z]{3}$', examples: ['BRA'] }],
  [PHONE_TYPE_RULE, { type: 'string', enum: [...PHONE_TYPES] }],
  [PAYMENT_TYPE_RULE, { type: 'string', enum: [...CARD_PAYMENT_TYPES] }],
  [CARD_ID_RULE, { type: 'string', minLength: 1, maxLength: 128 }],
  [ENCRYPTED_CARD_RULE, { type: 'string', minLength: 1, maxLength: 4096 }],
  [AMOUNT_VALUE_RULE, { type: 'integer', minimum: 100, maximum: 999_999_999, examples: [5000] }],
  [CURRENCY_RULE, { type: 'string', const: 'BRL' }],
  [ADDRESS_RULES.postalCode, { type: 'string', pattern: '^\\d{5,10}$', examples: ['01310100'] }],
]);

/** The documented shape of each schema built from a rule, keyed by the schema or its transform function. */
const documented = new WeakMap<object, JsonSchema>();

/**
 * Records what `schema` accepts, for the OpenAPI document, and returns it. `key` is what the
 * generator looks up: the transform function of a rule step (it survives zod's `.check()`, which
 * clones the schema), or the schema itself.
 */
export function documentAs<S extends object>(schema: S, fragment: JsonSchema, key: object = schema): S {
  documented.set(key, fragment);
  return schema;
}

/** The documented shape of a rule, with the rule's own sentence as description; `fallback` for rules made per field. */
export function ruleFragment(rule: FieldRule, fallback: JsonSchema = {}): JsonSchema {
  return { ...(RULE_FRAGMENTS.get(rule) ?? fallback), description: rule.message };
}

/** What was recorded for a zod schema (or its transform), if anything. */
export function documentedFragment(schema: { _zod: { def: unknown } }): JsonSchema | undefined {
  const direct = documented.get(schema);
  if (direct) return direct;
  const transform = (schema._zod.def as { transform?: unknown }).transform;
  return typeof transform === 'function' ? documented.get(transform) : undefined;
}
