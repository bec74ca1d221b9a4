import * as z from 'zod/mini';
import { REQUIRED_PARAMETER, INVALID_PARAMETER, UNEXPECTED_PARAMETER, type ErrorItem } from '../../core/error-item';
import { detectCardBrand } from '../../core/card-brand';
import { cardNumberRule, expMonthRule, expYearRule, holderNameRule, installmentsRule } from '../../core/field-rules';
import { pathSegments } from '../http/ignored-fields';
import { parseWithSchema, withCrossFieldProblems, type IgnorableItem, type Parsed } from '../http/parse-with-schema';
import {
  address,
  booleanField,
  cents,
  digits,
  email,
  field,
  notificationUrls,
  phones,
  taxId,
  text,
  boletoAddress,
} from '../http/request-fields';
import { ID_PREFIXES, idPattern } from '../values/resource-id';

const PAYMENT_TYPES = ['CREDIT_CARD', 'DEBIT_CARD', 'BOLETO'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Where a charge request came from: an order's `charges[0]` or POST /orders/{id}/pay, or a standalone POST /charges (with or without `sub_merchant`). */
export type ChargeContext = 'order' | 'standalone';

// Payment adds one rule to the shared card number (the same 13 to 21 digits as 3DS, so a card
// that authenticates can pay): the network must be one the gateway accepts.
const KNOWN_NETWORK = 'must be a card of a network the gateway accepts';

const card = () =>
  z.strictObject(
    {
      number: z.optional(field(cardNumberRule).check(z.refine((n) => detectCardBrand(n) !== 'unknown', KNOWN_NETWORK))),
      encrypted: z.optional(text(4096, 'encrypted card (Gateway.encryptCard)')),
      id: z.optional(
        z
          .string({ error: 'must be a stored card id, CARD_<uuid>' })
          .check(z.regex(new RegExp(idPattern(ID_PREFIXES.card)), 'must be a stored card id, CARD_<uuid>')),
      ),
      exp_month: z.optional(field<number>(expMonthRule)),
      exp_year: z.optional(field<number>(expYearRule)),
      security_code: z.optional(digits(3, 4, 'must be the 3 or 4 digits of the security code')),
      holder: z.optional(
        z.strictObject(
          { name: z.optional(field(holderNameRule)), tax_id: z.optional(taxId()) },
          { error: 'must be an object with name' },
        ),
      ),
      store: z.optional(booleanField()),
    },
    { error: 'must be a card object' },
  );

const dueDateRule = 'must be a date written YYYY-MM-DD';
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
/**
 * A day of the calendar written `YYYY-MM-DD` (2024-02-29 is one, 2026-02-30 is not), by the
 * Gregorian calendar's own rule for leap years.
 */
const isCalendarDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const year = Number(v.slice(0, 4));
  const month = Number(v.slice(5, 7));
  const day = Number(v.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
};

const boleto = () =>
  z.strictObject(
    {
      due_date: z
        .string({ error: dueDateRule })
        .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, dueDateRule), z.refine(isCalendarDate, dueDateRule)),
      instruction_lines: z.strictObject(
        { line_1: text(75), line_2: text(75) },
        { error: 'must be an object with line_1 and line_2' },
      ),
      holder: z.strictObject(
        { name: text(120), tax_id: taxId(), email: email(), address: boletoAddress() },
        { error: 'must be an object with name, tax_id, email and address' },
      ),
    },
    { error: 'must be an object with due_date, instruction_lines and holder' },
  );

const paymentMethod = () =>
  z.strictObject(
    {
      type: z.enum(PAYMENT_TYPES, { error: 'must be one of CREDIT_CARD, DEBIT_CARD, BOLETO' }),
      installments: z.optional(field<number>(installmentsRule)),
      capture: z.optional(booleanField()),
      soft_descriptor: z.optional(text(64)),
      card: z.optional(card()),
      authentication_method: z.optional(
        z.strictObject(
          {
            type: z.literal('THREEDS', { error: 'must be THREEDS' }),
            id: z
              .string({ error: 'must be the id of a 3DS authentication, 3DS_<uuid>' })
              .check(
                z.regex(
                  new RegExp(idPattern(ID_PREFIXES.authentication)),
                  'must be the id of a 3DS authentication, 3DS_<uuid>',
                ),
              ),
          },
          { error: 'must be an object with type THREEDS and id' },
        ),
      ),
      boleto: z.optional(boleto()),
      // The provider's card holder beside the card (its plugin always sends it): it takes
      // precedence over card.holder (docs/orders-and-charges.md#the-card-holder).
      holder: z.optional(
        z.strictObject(
          { name: z.optional(field(holderNameRule)), tax_id: z.optional(taxId()) },
          { error: 'must be an object with name and tax_id' },
        ),
      ),
    },
    { error: 'must be an object with type and the payment data' },
  );

const amount = () =>
  z.strictObject(
    { value: cents(1), currency: z.literal('BRL', { error: 'must be BRL, the only currency' }) },
    { error: 'must be an object with value (cents) and currency' },
  );

const subMerchantSchema = () =>
  z.strictObject(
    {
      name: text(120),
      reference_id: text(64),
      tax_id: taxId(),
      mcc: digits(4, 4, 'must be a merchant category code (MCC) of 4 digits'),
      address: address(true),
      phones: phones(1),
    },
    { error: 'must be an object with name, reference_id, tax_id, mcc, address and phones' },
  );

const chargeFields = () => ({
  reference_id: z.optional(text(64)),
  description: z.optional(text(64)),
  amount: amount(),
  payment_method: paymentMethod(),
  notification_urls: z.optional(notificationUrls()),
});

/** A charge of an order (`charges[0]`, or the body of POST /orders/{id}/pay). */
export const orderChargeSchema = () => z.strictObject(chargeFields(), { error: 'must be a charge object' });

/**
 * The body of POST /charges: a card or boleto charge of the merchant itself, as the provider's
 * Charges API takes it, or, with `sub_merchant`, a sub-merchant's credit card charge.
 */
export const standaloneChargeSchema = () =>
  z.strictObject(
    { ...chargeFields(), sub_merchant: z.optional(subMerchantSchema()) },
    { error: 'must be a charge object' },
  );

export type ChargeBody = z.infer<ReturnType<typeof orderChargeSchema>> & { sub_merchant?: SubMerchantBody };
export type SubMerchantBody = z.infer<ReturnType<typeof subMerchantSchema>>;
export type CardBody = NonNullable<ChargeBody['payment_method']['card']>;
export type BoletoBody = NonNullable<ChargeBody['payment_method']['boleto']>;

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : undefined);
const given = (v: unknown) => v !== undefined && v !== null;

/**
 * Rules between fields of a charge, which a schema of independent fields cannot say: what each
 * payment type needs and must not carry, the card's two forms, debit's constraints. They read
 * the raw body, so they report alongside the schema's problems. `at` is the charge's path
 * prefix (`charges[0].` or empty). A field that means nothing for the payment type is an
 * ignorable 40003 (http/ignored-fields.ts): dropped and named, unless `strict`. Out of strict
 * mode a card holder's name beside an encrypted or stored card is taken, as the provider takes it.
 */
export function chargeShapeProblems(raw: unknown, at: string, context: ChargeContext, strict = true): ErrorItem[] {
  const out: ErrorItem[] = [];
  const add = (code: string, path: string, description: string) => {
    const parameterName = `${at}${path}`;
    const item = { code, parameterName, description: `${parameterName} ${description}` };
    out.push(
      code === UNEXPECTED_PARAMETER ? ({ ...item, ignorable: pathSegments(parameterName) } as IgnorableItem) : item,
    );
  };
  const pm = obj(obj(raw)?.payment_method);
  if (!pm) return out;
  const type = pm.type;
  if (context === 'standalone' && given(obj(raw)?.sub_merchant) && given(type) && type !== 'CREDIT_CARD') {
    add(INVALID_PARAMETER, 'payment_method.type', 'must be CREDIT_CARD: sub-merchant charges take credit cards only');
  }
  if (type === 'CREDIT_CARD' || type === 'DEBIT_CARD') {
    if (given(pm.boleto)) add(UNEXPECTED_PARAMETER, 'payment_method.boleto', 'is only for type BOLETO');
    const c = obj(pm.card);
    if (!given(pm.card)) add(REQUIRED_PARAMETER, 'payment_method.card', `is required for ${type}`);
    else if (c) {
      const forms = (['number', 'encrypted', 'id'] as const).filter((k) => given(c[k]));
      if (forms.length === 0)
        add(
          REQUIRED_PARAMETER,
          'payment_method.card.number',
          'is required (or card.encrypted from Gateway.encryptCard, or a stored card.id)',
        );
      else if (forms.length > 1)
        add(
          INVALID_PARAMETER,
          'payment_method.card',
          `must have one of card.number, card.encrypted or card.id (got ${forms.join(' and ')})`,
        );
      else if (forms[0] === 'number') {
        for (const k of ['exp_month', 'exp_year', 'security_code'] as const)
          if (!given(c[k])) add(REQUIRED_PARAMETER, `payment_method.card.${k}`, 'is required with card.number');
        if (!given(obj(c.holder)?.name) && !given(obj(pm.holder)?.name))
          add(
            REQUIRED_PARAMETER,
            'payment_method.card.holder.name',
            'is required with card.number (or payment_method.holder.name)',
          );
      } else {
        // An encrypted card carries all of these; a stored card has them on file (its security code may be sent).
        const carried =
          forms[0] === 'encrypted'
            ? (['exp_month', 'exp_year', 'security_code'] as const)
            : (['exp_month', 'exp_year'] as const);
        const why =
          forms[0] === 'encrypted'
            ? 'must not be sent with card.encrypted, which carries it'
            : 'must not be sent with card.id: the stored card has it';
        for (const k of carried) if (given(c[k])) add(UNEXPECTED_PARAMETER, `payment_method.card.${k}`, why);
        if (strict && given(obj(c.holder)?.name)) add(UNEXPECTED_PARAMETER, 'payment_method.card.holder.name', why);
      }
    }
    if (type === 'DEBIT_CARD') {
      if (given(pm.installments) && pm.installments !== 1 && pm.installments !== '1')
        add(INVALID_PARAMETER, 'payment_method.installments', 'must be 1 for DEBIT_CARD');
      if (pm.capture === false)
        add(INVALID_PARAMETER, 'payment_method.capture', 'must be true for DEBIT_CARD: a debit is captured at once');
      if (!given(pm.authentication_method))
        add(
          REQUIRED_PARAMETER,
          'payment_method.authentication_method',
          'is required for DEBIT_CARD: authenticate the card with 3DS first (Gateway.authenticate3DS)',
        );
    }
  } else if (type === 'BOLETO') {
    if (!given(pm.boleto))
      add(
        REQUIRED_PARAMETER,
        'payment_method.boleto',
        'is required for BOLETO: due_date, instruction_lines and holder',
      );
    for (const k of [
      'card',
      'installments',
      'capture',
      'soft_descriptor',
      'authentication_method',
      'holder',
    ] as const) {
      if (given(pm[k]))
        add(UNEXPECTED_PARAMETER, `payment_method.${k}`, 'is only for card payments (CREDIT_CARD, DEBIT_CARD)');
    }
  }
  return out;
}

const SCHEMAS = { order: orderChargeSchema(), standalone: standaloneChargeSchema() };

/**
 * Validates a charge body: POST /orders/{id}/pay (`order`) or POST /charges (`standalone`);
 * `strict` as for {@link chargeShapeProblems}.
 */
export function validateCharge(body: unknown, context: ChargeContext, strict = true): Parsed<ChargeBody> {
  const parsed: Parsed<ChargeBody> = parseWithSchema(context === 'order' ? SCHEMAS.order : SCHEMAS.standalone, body);
  return withCrossFieldProblems(parsed, chargeShapeProblems(body, '', context, strict));
}
