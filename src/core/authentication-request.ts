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

/**
 * One node of the request's shape: a field rule (src/core/field-rules.ts), an optional node, an
 * object of nodes, or a list of one node; an object or list carries the message of a value that is
 * not one. The one description of `data`: `validateAuthenticationData` walks it and the sandbox
 * turns it into the zod schema of its OpenAPI document (src/sandbox/three-ds/data-schema.ts).
 */
export type DataNode =
  | FieldRule
  | { readonly optional: DataNode }
  | { readonly object: Readonly<Record<string, DataNode>>; readonly message: string }
  | { readonly list: DataNode; readonly message: string };

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

const OBJECT = 'must be an object';
/** The three forms of a card, for the messages that explain them. */
const CARD_FORMS = 'id, encrypted, or number with expMonth, expYear and holder.name';

const optional = (node: DataNode): DataNode => ({ optional: node });
const object = (shape: Record<string, DataNode>, message = OBJECT): DataNode => ({ object: shape, message });

// Built on first use, not at import: importing the SDK must cost nothing.
let shape: DataNode | undefined;

/** The shape of a 3DS request's `data`, built once: what the SDK and the sandbox both validate. */
export function dataShape(): DataNode {
  if (shape) return shape;
  const a = ADDRESS_RULES;
  const address = () =>
    optional(
      object({
        street: a.street,
        number: a.number,
        complement: optional(a.complement),
        city: a.city,
        regionCode: a.regionCode,
        country: a.country,
        postalCode: a.postalCode,
      }),
    );
  return (shape = object({
    customer: object({
      name: personNameRule,
      email: emailRule,
      phones: {
        list: object({
          country: phoneCountryRule,
          area: phoneAreaRule,
          number: phoneNumberRule,
          type: PHONE_TYPE_RULE,
        }),
        message: 'must be a list with at least one phone of type MOBILE',
      },
    }),
    paymentMethod: object({
      type: PAYMENT_TYPE_RULE,
      installments: installmentsRule,
      card: object(
        {
          id: optional(CARD_ID_RULE),
          encrypted: optional(ENCRYPTED_CARD_RULE),
          number: optional(cardNumberRule),
          expMonth: optional(expMonthRule),
          expYear: optional(expYearRule),
          holder: optional(object({ name: optional(holderNameRule) })),
        },
        `must be an object with ${CARD_FORMS}`,
      ),
    }),
    amount: object({ value: AMOUNT_VALUE_RULE, currency: CURRENCY_RULE }),
    billingAddress: address(),
    shippingAddress: address(),
  }));
}

/** A rule a value breaks: where, and the rule's message. */
interface Issue {
  path: PropertyKey[];
  message: string;
}

/**
 * Checks `value` against `node`, depth first in the shape's order, and returns the normalised
 * value: objects keep only the keys their shape knows. By hand, not with zod, for the script's
 * budget (docs/performance.md): zod's core parser is about 3 KB of gateway.js's gzip, and the walk
 * needs four kinds of node. It keeps the semantics zod gave this shape (test/unit and
 * test/sandbox/field-rules-table.test.ts compare every item): an absent optional value passes, a
 * rule runs on an absent value too (and reports it), a key is kept when given or when its value is
 * defined.
 */
function walk(node: DataNode, value: unknown, path: PropertyKey[], issues: Issue[]): unknown {
  if ('optional' in node) return value === undefined ? value : walk(node.optional, value, path, issues);
  if ('object' in node) {
    const fields = obj(value);
    if (!fields) {
      issues.push({ path, message: node.message });
      return value;
    }
    const out: Raw = {};
    for (const key of Object.keys(node.object)) {
      const v = walk(node.object[key]!, fields[key], [...path, key], issues);
      if (v !== undefined || key in fields) out[key] = v;
    }
    return out;
  }
  if ('list' in node) {
    if (!Array.isArray(value)) {
      issues.push({ path, message: node.message });
      return value;
    }
    return value.map((v, i) => walk(node.list, v, [...path, i], issues));
  }
  const v = node.normalise(value);
  if (!node.test(v)) issues.push({ path, message: node.message });
  return v;
}

type Raw = Record<string, unknown>;
// An object, not an array or null: what the shape's objects accept.
const obj = (v: unknown): Raw | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Raw) : undefined;
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
  const issues: Issue[] = [];
  const parsed = walk(dataShape(), snap.value, [], issues);
  const errors: ErrorItem[] = [];
  // One item per parameter, and none inside a parameter already reported.
  const push = (item: ErrorItem) => {
    if (!errors.some((e) => isWithin(item.parameterName, e.parameterName))) errors.push(item);
  };
  for (const { path: at, message } of issues) {
    const path = formatPath([...root, ...at]);
    // Any rule fails on an absent value: that is "required", not "invalid".
    const missing = valueAt(snap.value, at) == null;
    // Where the snapshot could not read a value, its own explanation replaces the rule's.
    push(
      snap.problems.get(path) ??
        errorItem(
          missing ? REQUIRED_PARAMETER : INVALID_PARAMETER,
          path,
          `${missing ? 'is required: it ' : ''}${message}`,
        ),
    );
  }
  const raw = obj(snap.value);
  if (raw) crossFieldProblems(raw, formatPath(root), now, push);
  // The first issue is always kept, so items exist whenever the walk found one.
  return errors.length ? { ok: false, errors } : { ok: true, value: toData(parsed as AuthenticationData) };
}

/**
 * The value at `path` in `root`: what a failed rule was given. An issue does not carry it, and
 * the rules only ever see the values the snapshot holds, so reading it back is exact.
 */
function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let v = root;
  for (const key of path) v = v == null ? undefined : (v as Record<PropertyKey, unknown>)[key];
  return v;
}

/**
 * The validated data for the wire. The walk's objects already hold only the keys their shape knows, and
 * the cross-field rules allow one card form, so the parsed value is used as it is; only a holder
 * without a name is left out (the id and encrypted forms may carry an empty one). Spread rather than
 * copied field by field: the script carries no list of the card's and the request's keys.
 */
function toData(p: AuthenticationData): AuthenticationData {
  const { card } = p.paymentMethod;
  return {
    ...p,
    paymentMethod: { ...p.paymentMethod, card: { ...card, holder: card.holder?.name ? card.holder : undefined } },
  } as AuthenticationData;
}
