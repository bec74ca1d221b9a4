import * as z from 'zod/v4/core';
import { errorItem, INVALID_PARAMETER, REQUIRED_PARAMETER, type ErrorItem } from './error-item';
import {
  ADDRESS_RULES,
  cardNumberRule,
  emailRule,
  expMonthRule,
  expYearRule,
  holderNameRule,
  installmentsRule,
  integerRule,
  integerSchema,
  type JsonSchema,
  oneOfRule,
  oneOfSchema,
  personNameRule,
  phoneAreaRule,
  phoneCountryRule,
  phoneNumberRule,
  textRule,
  textSchema,
  type FieldRule,
} from './field-rules';
import { formatPath, isWithin } from './parameter-path';
import { safeSnapshot } from './safe-snapshot';
import { hasExpired } from './card-expiry';
// Last, so the bundles place the two lists where the rules below use them (terser then inlines them).
import { CARD_PAYMENT_TYPES, type CardPaymentType } from './card-payment-type';
import { PHONE_TYPES, type PhoneType } from './phone-type';

/** A phone after validation: digits only. */
interface Phone {
  country: string;
  area: string;
  number: string;
  type: PhoneType;
}

/** An address after validation. `postalCode` holds digits only. */
interface Address {
  street: string;
  number: string;
  complement?: string;
  city: string;
  regionCode: string;
  country: string;
  postalCode: string;
}

/** The card as the backend receives it: exactly one of the three forms. */
type CardData =
  | { id: string; holder?: { name: string } }
  | { encrypted: string; holder?: { name: string } }
  | { number: string; expMonth: number; expYear: number; holder: { name: string } };

/** The `data` of a 3DS authentication request after validation: known keys only, normalised. */
export interface AuthenticationData {
  customer: { name: string; email: string; phones: Phone[] };
  paymentMethod: { type: CardPaymentType; installments: number; card: CardData };
  amount: { value: number; currency: 'BRL' };
  billingAddress?: Address;
  shippingAddress?: Address;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; errors: ErrorItem[] };

// The schema is built on first use, not at import: importing the SDK must cost nothing.
let schema: ReturnType<typeof buildDataSchema> | undefined;

/**
 * The one schema, built once. Its objects are zod's plain `$ZodObject`, which never compiles a
 * parser: only `$ZodObjectJIT` (what `zod/mini`'s `z.object` builds) probes `new Function`, which a
 * strict CSP reports as a violation. zod is used as published (docs/development.md "Upgrading
 * zod"); the schema sets none of zod's page-wide configuration, and every issue carries its own
 * message, so a merchant's error map never replaces one. test/e2e/strict-csp.spec.ts checks both
 * on a strict-CSP page.
 */
const dataSchema = () => (schema ??= buildDataSchema(use));

/**
 * The rules of the 3DS request written only here (the others are shared in field-rules.ts).
 * Each has its JSON Schema beside it for the sandbox's OpenAPI document (`X_RULE`, `X_SCHEMA`,
 * paired in DATA_RULE_SCHEMAS); separate constants (their names minify, an object's keys would
 * not) and pure, so a bundle that never validates drops the rules, and every bundle drops the schemas.
 */
export const PHONE_TYPE_RULE = /* @__PURE__ */ oneOfRule(PHONE_TYPES);
const PHONE_TYPE_SCHEMA = /* @__PURE__ */ oneOfSchema(PHONE_TYPES);
const PAYMENT_TYPE_RULE = /* @__PURE__ */ oneOfRule(CARD_PAYMENT_TYPES, 'must be CREDIT_CARD or DEBIT_CARD');
const PAYMENT_TYPE_SCHEMA = /* @__PURE__ */ oneOfSchema(CARD_PAYMENT_TYPES);
const CARD_ID_MAX = 128;
const CARD_ID_RULE = /* @__PURE__ */ textRule(CARD_ID_MAX, 'tokenized card id');
const CARD_ID_SCHEMA = /* @__PURE__ */ textSchema(CARD_ID_MAX);
const ENCRYPTED_CARD_MAX = 4096;
const ENCRYPTED_CARD_RULE = /* @__PURE__ */ textRule(ENCRYPTED_CARD_MAX, 'encrypted card');
const ENCRYPTED_CARD_SCHEMA = /* @__PURE__ */ textSchema(ENCRYPTED_CARD_MAX);
const AMOUNT_MIN = 100;
const AMOUNT_MAX = 999_999_999;
const AMOUNT_VALUE_RULE = /* @__PURE__ */ integerRule(
  AMOUNT_MIN,
  AMOUNT_MAX,
  `must be an integer amount in cents, at least ${AMOUNT_MIN}`,
);
const AMOUNT_VALUE_SCHEMA = /* @__PURE__ */ integerSchema(AMOUNT_MIN, AMOUNT_MAX, { examples: [5000] });
const CURRENCY_RULE = /* @__PURE__ */ oneOfRule(['BRL'], 'must be BRL');
const CURRENCY_SCHEMA: JsonSchema = { type: 'string', const: 'BRL' };

/** Each rule above with its JSON Schema, for the sandbox's OpenAPI document (src/sandbox/openapi/json-fragments.ts). */
export const DATA_RULE_SCHEMAS: ReadonlyArray<readonly [FieldRule, JsonSchema]> = [
  [PHONE_TYPE_RULE, PHONE_TYPE_SCHEMA],
  [PAYMENT_TYPE_RULE, PAYMENT_TYPE_SCHEMA],
  [CARD_ID_RULE, CARD_ID_SCHEMA],
  [ENCRYPTED_CARD_RULE, ENCRYPTED_CARD_SCHEMA],
  [AMOUNT_VALUE_RULE, AMOUNT_VALUE_SCHEMA],
  [CURRENCY_RULE, CURRENCY_SCHEMA],
];

/** Wraps a field rule as a zod step; the sandbox passes one that also documents the rule (OpenAPI). */
export type RuleStep = <T>(r: FieldRule) => z.$ZodTransform<T, unknown>;

/**
 * A field's rule (src/core/field-rules.ts, shared with every sandbox schema) as a zod step: a
 * transform that reports its own issue, rather than z.string().check(…), z.number(), z.enum(…):
 * every field then needs the same small zod module, and the SDK bundle carries none of the others.
 * The schema is built on zod's core classes, not the zod/mini wrappers: the wrappers only add
 * methods this module never calls, and are half a kilobyte of the script's gzip.
 */
const use: RuleStep = <T>(r: FieldRule) =>
  new z.$ZodTransform({
    type: 'transform',
    transform: (input, payload) => {
      const value = r.normalise(input);
      if (!r.test(value)) payload.issues.push({ code: 'custom', message: r.message, input });
      return value as T;
    },
  }) as z.$ZodTransform<T, unknown>;
const optional = <T extends z.$ZodType>(innerType: T) =>
  new z.$ZodOptional({ type: 'optional', innerType }) as unknown as z.$ZodOptional<T>;

const OBJECT = 'must be an object';
/** The three forms of a card, for the messages that explain them. */
const CARD_FORMS = 'id, encrypted, or number with expMonth, expYear and holder.name';

/**
 * The schema of a 3DS request's `data`, built with `use` for every field. Exported so the
 * sandbox's OpenAPI document describes the very schema both sides validate with.
 */
export function buildDataSchema(use: RuleStep) {
  const object = <S extends z.$ZodLooseShape>(shape: S, message = OBJECT) =>
    new z.$ZodObject({ type: 'object', shape, error: () => message }) as z.$ZodObject<S>;
  const phone = object({
    country: use<string>(phoneCountryRule),
    area: use<string>(phoneAreaRule),
    number: use<string>(phoneNumberRule),
    type: use<PhoneType>(PHONE_TYPE_RULE),
  });
  const a = ADDRESS_RULES;
  const address = () =>
    optional(
      object({
        street: use<string>(a.street),
        number: use<string>(a.number),
        complement: optional(use<string>(a.complement)),
        city: use<string>(a.city),
        regionCode: use<string>(a.regionCode),
        country: use<string>(a.country),
        postalCode: use<string>(a.postalCode),
      }),
    );
  return object({
    customer: object({
      name: use<string>(personNameRule),
      email: use<string>(emailRule),
      phones: new z.$ZodArray({
        type: 'array',
        element: phone,
        error: () => 'must be a list with at least one phone of type MOBILE',
      }) as z.$ZodArray<typeof phone>,
    }),
    paymentMethod: object({
      type: use<CardPaymentType>(PAYMENT_TYPE_RULE),
      installments: use<number>(installmentsRule),
      card: object(
        {
          id: optional(use<string>(CARD_ID_RULE)),
          encrypted: optional(use<string>(ENCRYPTED_CARD_RULE)),
          number: optional(use<string>(cardNumberRule)),
          expMonth: optional(use<number>(expMonthRule)),
          expYear: optional(use<number>(expYearRule)),
          holder: optional(object({ name: optional(use<string>(holderNameRule)) })),
        },
        `must be an object with ${CARD_FORMS}`,
      ),
    }),
    amount: object({
      value: use<number>(AMOUNT_VALUE_RULE),
      currency: use<'BRL'>(CURRENCY_RULE),
    }),
    billingAddress: address(),
    shippingAddress: address(),
  });
}

type Raw = Record<string, unknown>;
// zod's own test of "an object, not an array" ($ZodObject's), which the script carries anyway.
const obj = (v: unknown): Raw | undefined => (z.util.isObject(v) ? (v as Raw) : undefined);
const given = (v: unknown) => v != null;
// Number() throws on a symbol, and the snapshot puts one where a value could not be read.
const asNumber = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? Number(v) : NaN);

/**
 * Rules that span fields. They run on the raw copy so they report even when other fields fail.
 * Each problem goes to `report`, in the order the rules run.
 */
function crossFieldProblems(data: Raw, at: string, now: Date, report: (item: ErrorItem) => void): void {
  const add = (code: string, path: string, description: string) => report(errorItem(code, path, description));

  const phones = obj(data.customer)?.phones;
  if (Array.isArray(phones)) {
    if (!phones.length)
      add(REQUIRED_PARAMETER, `${at}.customer.phones`, 'must be a list with at least one phone of type MOBILE');
    else if (!phones.some((p) => obj(p)?.type === 'MOBILE'))
      add(INVALID_PARAMETER, `${at}.customer.phones`, 'must include at least one phone of type MOBILE');
  }

  const card = obj(obj(data.paymentMethod)?.card);
  if (card) {
    const base = `${at}.paymentMethod.card`;
    const forms = (['id', 'encrypted', 'number'] as const).filter((k) => given(card[k]));
    if (!forms.length) {
      add(REQUIRED_PARAMETER, base, `must have one of: ${CARD_FORMS}`);
    } else if (forms.length > 1) {
      add(INVALID_PARAMETER, base, `must have only one of id, encrypted or number (got ${forms.join(' and ')})`);
    } else if (forms[0] === 'number') {
      for (const k of ['expMonth', 'expYear'] as const)
        if (!given(card[k])) add(REQUIRED_PARAMETER, `${base}.${k}`, 'is required with card.number');
      if (!given(obj(card.holder)?.name))
        add(REQUIRED_PARAMETER, `${base}.holder.name`, 'is required with card.number');
      const month = asNumber(card.expMonth);
      const year = asNumber(card.expYear);
      // Only a valid month and year can be in the past (a year above 9999 never is).
      if (expMonthRule.test(month) && expYearRule.test(year) && hasExpired(month, year, now))
        add(INVALID_PARAMETER, `${base}.expYear`, 'and expMonth are in the past: the card has expired');
    }
  }

  if (!given(data.billingAddress) && !given(data.shippingAddress)) {
    add(REQUIRED_PARAMETER, `${at}.billingAddress`, 'or shippingAddress is required (give at least one)');
  }
}

/**
 * Validates the `data` of a 3DS authentication request. The SDK and the sandbox both call this,
 * so they agree on every error item. `root` is the path prefix of `data` in the caller's request.
 * `plain` says `input` is already plain data without nulls (a parsed JSON body): the snapshot the
 * SDK needs for page input is skipped. Never throws, whatever `input` is.
 */
export function validateAuthenticationData(
  input: unknown,
  root: ReadonlyArray<PropertyKey> = ['data'],
  now: Date = new Date(),
  plain = false,
): Validation<AuthenticationData> {
  // `plain`: the caller (the API, with a parsed JSON body) already has plain data without nulls,
  // so the page-input snapshot and its caps are skipped and each rule reports the real problem.
  const snap = plain ? { value: input, problems: new Map<string, ErrorItem>() } : safeSnapshot(input, root);
  const parsed = check(dataSchema(), snap.value);
  const errors: ErrorItem[] = [];
  // One item per parameter, and none inside a parameter already reported.
  const push = (item: ErrorItem) => {
    if (!errors.some((e) => isWithin(item.parameterName, e.parameterName))) errors.push(item);
  };
  if (parsed.issues) {
    for (const issue of parsed.issues) {
      const at = (issue.path ?? []) as PropertyKey[];
      const path = formatPath([...root, ...at]);
      // Any rule fails on an absent value: that is "required", not "invalid".
      const missing = valueAt(snap.value, at) == null;
      // Where the snapshot could not read a value, its own explanation replaces zod's.
      push(
        snap.problems.get(path) ??
          errorItem(
            missing ? REQUIRED_PARAMETER : INVALID_PARAMETER,
            path,
            `${missing ? 'is required: it ' : ''}${issue.message}`,
          ),
      );
    }
  }
  const raw = obj(snap.value);
  if (raw) crossFieldProblems(raw, formatPath(root), now, push);
  // The first issue is always kept, so items exist whenever zod found one.
  return errors.length ? { ok: false, errors } : { ok: true, value: toData((parsed as { value: Parsed }).value) };
}

/**
 * Runs the schema through its Standard Schema `validate` (zod's public, vendor-neutral entry)
 * rather than `safeParse`: `safeParse` builds a `ZodError` (its lazy message and `toString`) that
 * this module never reads, 0.4 KB of the script's gzip. Every rule here is synchronous, so zod
 * answers at once; a Promise would be a bug in a rule, never the caller's input.
 */
function check<S extends z.$ZodType>(schema: S, value: unknown) {
  const result = schema['~standard'].validate(value);
  if (result instanceof Promise) throw new TypeError('async rule');
  return result;
}

/**
 * The value at `path` in `root`: what a failed rule was given. The Standard Schema issue does not
 * carry it, and the rules only ever see the values the snapshot holds, so reading it back is exact.
 */
function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let v = root;
  for (const key of path) v = v == null ? undefined : (v as Record<PropertyKey, unknown>)[key];
  return v;
}

type Parsed = z.output<ReturnType<typeof buildDataSchema>>;

/**
 * The validated data for the wire. zod's objects already hold only the keys their shape knows, and
 * the cross-field rules allow one card form, so the parsed value is used as it is; only a holder
 * without a name is left out (the id and encrypted forms may carry an empty one). Spread rather than
 * copied field by field: the script carries no list of the card's and the request's keys.
 */
function toData(p: Parsed): AuthenticationData {
  const { card } = p.paymentMethod;
  return {
    ...p,
    paymentMethod: { ...p.paymentMethod, card: { ...card, holder: card.holder?.name ? card.holder : undefined } },
  } as AuthenticationData;
}
