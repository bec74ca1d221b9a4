import * as z from 'zod/mini';
import { INVALID_PARAMETER, REQUIRED_PARAMETER, type ErrorItem } from './error-item';
import { isIsoAlpha3 } from './iso-country';
import { isLuhnValid } from './luhn';
import { formatPath } from './parameter-path';
import { safeSnapshot } from './safe-snapshot';

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

const text = (rule: string, max = 120) =>
  z.string({ error: rule }).check(z.trim(), z.minLength(1, rule), z.maxLength(max, rule));

const digits = (rule: string, min: number, max: number) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? String(v) : v)),
    z.string({ error: rule }).check(z.regex(new RegExp(`^\\d{${min},${max}}$`), rule)),
  );

/** An integer that may also arrive as a numeric string ("12", "2030"), as real plugins send it. */
const integer = (rule: string, min: number, max: number) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v)),
    z.number({ error: rule }).check(z.refine((n) => Number.isInteger(n) && n >= min && n <= max, rule)),
  );

function buildDataSchema() {
  const address = () => z.object({
    street: text('must be a non-empty text (at most 160 characters)', 160),
    number: text('must be a non-empty text (at most 20 characters)', 20),
    complement: z.optional(z.string({ error: 'must be a text (at most 120 characters)' }).check(z.maxLength(120, 'must be a text (at most 120 characters)'))),
    city: text('must be a non-empty text (at most 90 characters)', 90),
    regionCode: text('must be a non-empty text such as "SP" (at most 10 characters)', 10),
    country: z.string({ error: 'must be an ISO 3166-1 alpha-3 country code such as "BRA"' }).check(
      z.refine(isIsoAlpha3, 'must be an ISO 3166-1 alpha-3 country code such as "BRA"'),
    ),
    postalCode: z.pipe(
      z.transform((v: unknown) => (typeof v === 'string' ? v.replace(/^(\d{5})[-\s](\d{3})$/, '$1$2') : v)),
      z.string({ error: 'must have 5 to 10 digits' }).check(z.regex(/^\d{5,10}$/, 'must have 5 to 10 digits')),
    ),
  }, { error: 'must be an address object' });
  const nameRule = 'must be at least two names, letters only (no digits or special characters)';
  const cardNumberRule = 'must be a card number of 13 to 21 digits that passes the Luhn check';
  return z.object({
    customer: z.object({
      name: z.string({ error: nameRule }).check(z.trim(), z.maxLength(120, nameRule), z.regex(/^[\p{L}\p{M}'’-]+(\s+[\p{L}\p{M}'’-]+)+$/u, nameRule)),
      email: z.string({ error: 'must be a valid e-mail address' }).check(
        z.trim(),
        z.maxLength(254, 'must be a valid e-mail address'),
        z.regex(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, 'must be a valid e-mail address'),
      ),
      phones: z.array(
        z.object({
          country: digits('must be numeric (1 to 3 digits), such as "55"', 1, 3),
          area: digits('must be numeric (1 to 3 digits), such as "11"', 1, 3),
          number: digits('must be 8 or 9 digits', 8, 9),
          type: z.enum(PHONE_TYPES, { error: 'must be one of MOBILE, HOME, BUSINESS' }),
        }),
        { error: 'must be a list with at least one phone of type MOBILE' },
      ),
    }, { error: 'must be an object with name, email and phones' }),
    paymentMethod: z.object({
      type: z.enum(CARD_PAYMENT_TYPES, { error: 'must be CREDIT_CARD or DEBIT_CARD' }),
      installments: integer('must be an integer from 1 to 12', 1, 12),
      card: z.object({
        id: z.optional(text('must be a non-empty tokenized card id', 128)),
        encrypted: z.optional(text('must be a non-empty encrypted card', 4096)),
        number: z.optional(
          z.pipe(
            z.transform((v: unknown) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v)),
            z.string({ error: cardNumberRule }).check(z.regex(/^\d{13,21}$/, cardNumberRule), z.refine(isLuhnValid, cardNumberRule)),
          ),
        ),
        expMonth: z.optional(integer('must be a month from 1 to 12', 1, 12)),
        expYear: z.optional(integer('must be a year of 4 digits, such as 2030', 1000, 9999)),
        holder: z.optional(z.object({ name: z.optional(text('must be a non-empty text (at most 120 characters)')) }, { error: 'must be an object with name' })),
      }, { error: 'must be an object with id, encrypted, or number, expMonth, expYear and holder.name' }),
    }, { error: 'must be an object with type, installments and card' }),
    amount: z.object({
      value: integer('must be an integer amount in cents, at least 100', 100, 999_999_999),
      currency: z.literal('BRL', { error: 'must be BRL' }),
    }, { error: 'must be an object with value (cents) and currency' }),
    billingAddress: z.optional(address()),
    shippingAddress: z.optional(address()),
  }, { error: 'must be an object with customer, paymentMethod, amount and an address' });
}

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : undefined);
const given = (v: unknown) => v !== undefined && v !== null;
// Number() throws on a symbol, and the snapshot puts one where a value could not be read.
const asNumber = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? Number(v) : NaN);

/** Rules that span fields. They run on the raw copy so they report even when other fields fail. */
function crossFieldProblems(data: Raw, at: string, now: Date): ErrorItem[] {
  const out: ErrorItem[] = [];
  const add = (code: string, path: string, description: string) => out.push({ code, parameterName: path, description: `${path} ${description}` });

  const phones = obj(data.customer)?.phones;
  if (Array.isArray(phones)) {
    if (phones.length === 0) add(REQUIRED_PARAMETER, `${at}.customer.phones`, 'must be a list with at least one phone of type MOBILE');
    else if (!phones.some((p) => obj(p)?.type === 'MOBILE')) add(INVALID_PARAMETER, `${at}.customer.phones`, 'must include at least one phone of type MOBILE');
  }

  const card = obj(obj(data.paymentMethod)?.card);
  if (card) {
    const base = `${at}.paymentMethod.card`;
    const forms = (['id', 'encrypted', 'number'] as const).filter((k) => given(card[k]));
    if (forms.length === 0) {
      add(REQUIRED_PARAMETER, base, 'must have one of: id, encrypted, or number with expMonth, expYear and holder.name');
    } else if (forms.length > 1) {
      add(INVALID_PARAMETER, base, `must have only one of id, encrypted or number (got ${forms.join(' and ')})`);
    } else if (forms[0] === 'number') {
      for (const k of ['expMonth', 'expYear'] as const) if (!given(card[k])) add(REQUIRED_PARAMETER, `${base}.${k}`, 'is required with card.number');
      if (!given(obj(card.holder)?.name)) add(REQUIRED_PARAMETER, `${base}.holder.name`, 'is required with card.number');
      const month = asNumber(card.expMonth);
      const year = asNumber(card.expYear);
      if (Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(year) && year >= 1000) {
        if (year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1) add(INVALID_PARAMETER, `${base}.expYear`, 'and expMonth are in the past: the card has expired');
      }
    }
  }

  if (!given(data.billingAddress) && !given(data.shippingAddress)) {
    add(REQUIRED_PARAMETER, `${at}.billingAddress`, 'or shippingAddress is required (give at least one)');
  }
  return out;
}

/**
 * Turns zod issues into error items: one per parameter, 40001 when the value is absent.
 * Where the snapshot could not read a value, its own explanation replaces zod's.
 */
function issueItems(issues: ReadonlyArray<z.core.$ZodIssue>, root: ReadonlyArray<PropertyKey>, unreadable: Map<string, ErrorItem>): ErrorItem[] {
  const out: ErrorItem[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const path = formatPath([...root, ...issue.path]);
    if (seen.has(path)) continue;
    seen.add(path);
    // Any rule, not only a type check, fails on an absent value: an enum or literal too.
    const missing = issue.input == null;
    out.push(
      unreadable.get(path) ?? {
        code: missing ? REQUIRED_PARAMETER : INVALID_PARAMETER,
        parameterName: path,
        description: missing ? `${path} is required: it ${issue.message}` : `${path} ${issue.message}`,
      },
    );
  }
  return out;
}

const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);

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
  const at = formatPath(root);
  const parsed = dataSchema().safeParse(snap.value, { reportInput: true });
  const errors: ErrorItem[] = [];
  const blocked = (p: string) => errors.some((e) => within(p, e.parameterName));
  const push = (items: ErrorItem[]) => {
    for (const item of items) if (!blocked(item.parameterName)) errors.push(item);
  };
  if (!parsed.success) push(issueItems(parsed.error.issues, root, snap.problems));
  const raw = obj(snap.value);
  if (raw) push(crossFieldProblems(raw, at, now));
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
