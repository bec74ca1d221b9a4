import * as z from 'zod/mini';
import { INVALID_PARAMETER, REQUIRED_PARAMETER, type ErrorItem } from './error-item';
import { isIsoAlpha3 } from './iso-country';
import { isLuhnValid } from './luhn';
import { formatPath, isWithin } from './parameter-path';
import { safeSnapshot } from './safe-snapshot';
import { hasExpired } from './card-expiry';

export const PHONE_TYPES = ['MOBILE', 'HOME', 'BUSINESS'] as const;
export const CARD_PAYMENT_TYPES = ['CREDIT_CARD', 'DEBIT_CARD'] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];
export type CardPaymentType = (typeof CARD_PAYMENT_TYPES)[number];

/** A phone after validation: digits only. */
export interface Phone {
  country: string;
  area: string;
  number: string;
  type: PhoneType;
}

/** An address after validation. `postalCode` holds digits only. */
export interface Address {
  street: string;
  number: string;
  complement?: string;
  city: string;
  regionCode: string;
  country: string;
  postalCode: string;
}

/** The card as the backend receives it: exactly one of the three forms. */
export type CardData =
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

// Schemas are built on first use, not at import: importing the SDK must cost nothing, and
// the jitless switch below has to be in place while zod constructs object schemas.
let schema: ReturnType<typeof buildDataSchema> | undefined;

/**
 * Builds the schemas with zod's JIT switched off. zod decides when an object schema is
 * constructed whether to probe `new Function`, which a strict CSP reports as a violation.
 * The flag lives on a page-global shared with the merchant's own zod, so it is set only
 * for the construction and put back exactly as it was.
 */
function dataSchema() {
  if (schema) return schema;
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  const config = (holder.__zod_globalConfig ??= {});
  const had = Object.prototype.hasOwnProperty.call(config, 'jitless');
  const previous = config.jitless;
  config.jitless = true;
  try {
    return (schema = buildDataSchema());
  } finally {
    if (had) config.jitless = previous;
    else delete config.jitless;
  }
}

/**
 * A field's rule: normalise the raw value, test it, keep the normalised value; one message
 * for every way the field can fail. A transform that reports its own issue, rather than
 * z.string().check(…), z.number(), z.enum(…): every field then needs the same small zod
 * module, and the SDK bundle carries none of the others.
 */
const rule = <T>(message: string, test: (value: unknown) => boolean, normalise: (value: unknown) => unknown = (v) => v) =>
  z.transform<unknown, T>((input, payload) => {
    const value = normalise(input);
    if (!test(value)) payload.issues.push({ code: 'custom', message, input });
    return value as T;
  });

const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
// RegExp#test would turn a number into text, and throws on the snapshot's symbol.
const matches = (pattern: RegExp, max = 4096) => (v: unknown) => typeof v === 'string' && v.length <= max && pattern.test(v);
const isText = (max: number) => (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= max;
const text = (max: number, what = 'text') => rule<string>(`must be a non-empty ${what} (at most ${max} characters)`, isText(max), trim);
const oneOf = <T extends string>(values: readonly T[], message = `must be one of ${values.join(', ')}`) => rule<T>(message, (v) => (values as readonly unknown[]).includes(v));

/** Digits, also given as a non-negative integer (a phone's 55, 11, 912345678). */
const digits = (min: number, max: number, message: string) =>
  rule<string>(message, matches(new RegExp(`^\\d{${min},${max}}$`)), (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? String(v) : v));

/** An integer that may also arrive as a numeric string ("12", "2030"), as real plugins send it. */
const integer = (min: number, max: number, message: string) =>
  rule<number>(message, (v) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max, (v) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v));

const NAME = /^[\p{L}\p{M}'’-]+(\s+[\p{L}\p{M}'’-]+)+$/u;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const OBJECT = 'must be an object';
/** The three forms of a card, for the messages that explain them. */
export const CARD_FORMS = 'id, encrypted, or number with expMonth, expYear and holder.name';

function buildDataSchema() {
  const object = <S extends z.core.$ZodLooseShape>(shape: S, message = OBJECT) => z.object(shape, { error: message });
  const address = () =>
    z.optional(
      object({
        street: text(160),
        number: text(20),
        complement: z.optional(rule<string>('must be a text (at most 120 characters)', (v) => typeof v === 'string' && v.length <= 120)),
        city: text(90),
        regionCode: text(10, 'region code such as "SP"'),
        country: rule<string>('must be an ISO 3166-1 alpha-3 country code such as "BRA"', (v) => typeof v === 'string' && isIsoAlpha3(v)),
        postalCode: rule<string>('must have 5 to 10 digits', matches(/^\d{5,10}$/), (v) => (typeof v === 'string' ? v.replace(/^(\d{5})[-\s](\d{3})$/, '$1$2') : v)),
      }),
    );
  return object({
    customer: object({
      name: rule<string>('must be at least two names, letters only (no digits or special characters)', matches(NAME, 120), trim),
      email: rule<string>('must be a valid e-mail address', matches(EMAIL, 254), trim),
      phones: z.array(
        object({
          country: digits(1, 3, 'must be numeric (1 to 3 digits), such as "55"'),
          area: digits(1, 3, 'must be numeric (1 to 3 digits), such as "11"'),
          number: digits(8, 9, 'must be 8 or 9 digits'),
          type: oneOf(PHONE_TYPES),
        }),
        { error: 'must be a list with at least one phone of type MOBILE' },
      ),
    }),
    paymentMethod: object({
      type: oneOf(CARD_PAYMENT_TYPES, 'must be CREDIT_CARD or DEBIT_CARD'),
      installments: integer(1, 12, 'must be an integer from 1 to 12'),
      card: object(
        {
          id: z.optional(text(128, 'tokenized card id')),
          encrypted: z.optional(text(4096, 'encrypted card')),
          number: z.optional(
            rule<string>('must be a card number of 13 to 21 digits that passes the Luhn check', (v) => matches(/^\d{13,21}$/)(v) && isLuhnValid(v as string), (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v)),
          ),
          expMonth: z.optional(integer(1, 12, 'must be a month from 1 to 12')),
          expYear: z.optional(integer(1000, 9999, 'must be a year of 4 digits, such as 2030')),
          holder: z.optional(object({ name: z.optional(text(120)) })),
        },
        `must be an object with ${CARD_FORMS}`,
      ),
    }),
    amount: object({
      value: integer(100, 999_999_999, 'must be an integer amount in cents, at least 100'),
      currency: oneOf(['BRL'] as const, 'must be BRL'),
    }),
    billingAddress: address(),
    shippingAddress: address(),
  });
}

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : undefined);
const given = (v: unknown) => v != null;
// Number() throws on a symbol, and the snapshot puts one where a value could not be read.
const asNumber = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? Number(v) : NaN);

/** Rules that span fields. They run on the raw copy so they report even when other fields fail. */
function crossFieldProblems(data: Raw, at: string, now: Date): ErrorItem[] {
  const out: ErrorItem[] = [];
  const add = (code: string, path: string, description: string) => out.push({ code, parameterName: path, description: `${path} ${description}` });

  const phones = obj(data.customer)?.phones;
  if (Array.isArray(phones)) {
    if (!phones.length) add(REQUIRED_PARAMETER, `${at}.customer.phones`, 'must be a list with at least one phone of type MOBILE');
    else if (!phones.some((p) => obj(p)?.type === 'MOBILE')) add(INVALID_PARAMETER, `${at}.customer.phones`, 'must include at least one phone of type MOBILE');
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
      for (const k of ['expMonth', 'expYear'] as const) if (!given(card[k])) add(REQUIRED_PARAMETER, `${base}.${k}`, 'is required with card.number');
      if (!given(obj(card.holder)?.name)) add(REQUIRED_PARAMETER, `${base}.holder.name`, 'is required with card.number');
      const month = asNumber(card.expMonth);
      const year = asNumber(card.expYear);
      if (Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(year) && year >= 1000) {
        if (hasExpired(month, year, now)) add(INVALID_PARAMETER, `${base}.expYear`, 'and expMonth are in the past: the card has expired');
      }
    }
  }

  if (!given(data.billingAddress) && !given(data.shippingAddress)) {
    add(REQUIRED_PARAMETER, `${at}.billingAddress`, 'or shippingAddress is required (give at least one)');
  }
  return out;
}

/**
 * Validates the `data` of a 3DS authentication request. The SDK and the sandbox both call this,
 * so they agree on every error item. `root` is the path prefix of `data` in the caller's request.
 * Never throws, whatever `input` is.
 */
export function validateAuthenticationData(
  input: unknown,
  root: ReadonlyArray<PropertyKey> = ['data'],
  now: Date = new Date(),
): Validation<AuthenticationData> {
  const snap = safeSnapshot(input, root);
  const parsed = dataSchema().safeParse(snap.value, { reportInput: true });
  const errors: ErrorItem[] = [];
  // One item per parameter, and none inside a parameter already reported.
  const push = (item: ErrorItem) => {
    if (!errors.some((e) => isWithin(item.parameterName, e.parameterName))) errors.push(item);
  };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = formatPath([...root, ...issue.path]);
      // Any rule fails on an absent value: that is "required", not "invalid".
      const missing = issue.input == null;
      // Where the snapshot could not read a value, its own explanation replaces zod's.
      push(
        snap.problems.get(path) ?? {
          code: missing ? REQUIRED_PARAMETER : INVALID_PARAMETER,
          parameterName: path,
          description: `${path} ${missing ? 'is required: it ' : ''}${issue.message}`,
        },
      );
    }
  }
  const raw = obj(snap.value);
  if (raw) crossFieldProblems(raw, formatPath(root), now).forEach(push);
  if (errors.length || !parsed.success) return { ok: false, errors };
  return { ok: true, value: toData(parsed.data) };
}

type Parsed = z.infer<ReturnType<typeof buildDataSchema>>;

/** Keeps one card form and drops empty optionals, so nothing unvalidated reaches the wire. */
function toData(p: Parsed): AuthenticationData {
  const c = p.paymentMethod.card;
  const holder = c.holder?.name ? { name: c.holder.name } : undefined;
  const card: CardData = c.id
    ? { id: c.id, ...(holder && { holder }) }
    : c.encrypted
      ? { encrypted: c.encrypted, ...(holder && { holder }) }
      : { number: c.number!, expMonth: c.expMonth!, expYear: c.expYear!, holder: holder! };
  const out: AuthenticationData = {
    customer: p.customer,
    paymentMethod: { type: p.paymentMethod.type, installments: p.paymentMethod.installments, card },
    amount: p.amount,
  };
  if (p.billingAddress) out.billingAddress = p.billingAddress;
  if (p.shippingAddress) out.shippingAddress = p.shippingAddress;
  return out;
}
