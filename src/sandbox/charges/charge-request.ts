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
  integer,
  notificationUrls,
  phones,
  taxId,
  text,
  boletoAddress,
} from '../http/request-fields';
import { ID_PREFIXES, idPattern } from '../values/resource-id';
import { toCents } from '../values/money';
import { splitProblems, splitsSchema } from '../splits/split-request';

const PAYMENT_TYPES = ['CREDIT_CARD', 'DEBIT_CARD', 'BOLETO'] as const;
/** THREEDS: a 3DS authentication (the sandbox's, or an external server's); INAPP: a wallet app's. */
const AUTHENTICATION_TYPES = ['THREEDS', 'INAPP'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Where a charge request came from: an order's `charges[0]` or POST /orders/{id}/pay, or a standalone POST /charges (with or without `sub_merchant`). */
export type ChargeContext = 'order' | 'standalone';

// Payment adds one rule to the shared card number (the same 13 to 21 digits as 3DS, so a card
// that authenticates can pay): the network must be one the gateway accepts.
const KNOWN_NETWORK = 'must be a card of a network the gateway accepts';

/** A card network's number: a clear card number, or a network token (a number the network issued for the card). */
export const networkNumber = () =>
  field(cardNumberRule).check(z.refine((n) => detectCardBrand(n) !== 'unknown', KNOWN_NETWORK));

/**
 * What goes with a card's number or encrypted form wherever a card is taken (a charge, a card
 * token): its expiry, its security code (checked, never kept) and its holder.
 */
export const cardDetails = () => ({
  exp_month: z.optional(field<number>(expMonthRule)),
  exp_year: z.optional(field<number>(expYearRule)),
  security_code: z.optional(digits(3, 4, 'must be the 3 or 4 digits of the security code')),
  holder: z.optional(
    z.strictObject(
      { name: z.optional(field(holderNameRule)), tax_id: z.optional(taxId()) },
      { error: 'must be an object with name' },
    ),
  ),
});

/** The wallets whose payment data a card charge takes (docs/orders-and-charges.md#card-forms). */
export const WALLET_TYPES = ['GOOGLE_PAY', 'APPLE_PAY'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

const card = () =>
  z.strictObject(
    {
      number: z.optional(networkNumber()),
      // A network token (docs/orders-and-charges.md#card-forms): the network's stand-in for the
      // card number, with its cryptogram in token_data. In the sandbox it is a test card number.
      network_token: z.optional(networkNumber()),
      token_data: z.optional(
        z.strictObject(
          {
            requestor_id: z.optional(text(64, 'token requestor id')),
            wallet: z.optional(text(64, 'wallet that holds the token')),
            cryptogram: z.optional(text(256, 'token cryptogram')),
            ecommerce_domain: z.optional(text(255, 'domain the payment comes from')),
            assurance_level: z.optional(integer(0, 99)),
          },
          { error: "must be an object with the network token's requestor_id, wallet and cryptogram" },
        ),
      ),
      wallet: z.optional(
        z.strictObject(
          {
            type: z.enum(WALLET_TYPES, { error: `must be one of ${WALLET_TYPES.join(', ')}` }),
            key: text(16_384, "wallet's payment data (the token Google Pay or Apple Pay returned)"),
          },
          { error: 'must be an object with type (GOOGLE_PAY or APPLE_PAY) and key' },
        ),
      ),
      encrypted: z.optional(text(4096, 'encrypted card (Gateway.encryptCard)')),
      id: z.optional(
        z
          .string({ error: 'must be a stored card id, CARD_<uuid>' })
          .check(z.regex(new RegExp(idPattern(ID_PREFIXES.card)), 'must be a stored card id, CARD_<uuid>')),
      ),
      ...cardDetails(),
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

const calendarDate = () =>
  z
    .string({ error: dueDateRule })
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, dueDateRule), z.refine(isCalendarDate, dueDateRule));

const percentageRule = 'must be a percentage from 0.01 to 100, with at most 2 decimals';
const percentage = () =>
  z
    .number({ error: percentageRule })
    .check(z.refine((n) => n >= 0.01 && n <= 100 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, percentageRule));

/** A fine or interest from `date` on: a `value` in cents or a `percentage`, exactly one (docs/boletos.md#payment-instructions). */
const lateCharge = (what: string) =>
  z.strictObject(
    { date: calendarDate(), value: z.optional(cents(1)), percentage: z.optional(percentage()) },
    { error: `must be an object with date and value (cents) or percentage: ${what}` },
  );

const DISCOUNTS_RULE = 'must be a list of 1 to 3 discounts';

/** What the payer owes after the due date (fine, interest) or saves before it (discounts), as printed on the boleto. */
const paymentInstructions = () =>
  z.strictObject(
    {
      fine: z.optional(lateCharge('the fine from that date on')),
      interest: z.optional(lateCharge('interest from that date on, value a day or percentage a month')),
      discounts: z.optional(
        z
          .array(
            z.strictObject(
              { due_date: calendarDate(), value: z.optional(cents(1)), percentage: z.optional(percentage()) },
              { error: 'must be an object with due_date and value (cents) or percentage' },
            ),
            { error: DISCOUNTS_RULE },
          )
          .check(z.minLength(1, DISCOUNTS_RULE), z.maxLength(3, DISCOUNTS_RULE)),
      ),
    },
    { error: 'must be an object with fine, interest or discounts' },
  );

/** COBRANCA: a bill the payer owes; PROPOSTA: a proposal the payer may choose to pay. */
export const BOLETO_TEMPLATES = ['COBRANCA', 'PROPOSTA'] as const;
export type BoletoTemplate = (typeof BOLETO_TEMPLATES)[number];

const boleto = () =>
  z.strictObject(
    {
      template: z.optional(z.enum(BOLETO_TEMPLATES, { error: 'must be COBRANCA or PROPOSTA' })),
      due_date: calendarDate(),
      days_until_expiration: z.optional(
        integer(1, 59, 'must be the days after due_date the boleto may still be paid, 1 to 59'),
      ),
      payment_instructions: z.optional(paymentInstructions()),
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
      // Either the sandbox's own 3DS authentication (`id`), or a result obtained elsewhere: an
      // external 3DS server's (THREEDS with cavv and eci) or a wallet's in-app one (INAPP).
      authentication_method: z.optional(
        z.strictObject(
          {
            type: z.enum(AUTHENTICATION_TYPES, { error: 'must be THREEDS or INAPP' }),
            id: z.optional(
              z
                .string({ error: 'must be the id of a 3DS authentication, 3DS_<uuid>' })
                .check(
                  z.regex(
                    new RegExp(idPattern(ID_PREFIXES.authentication)),
                    'must be the id of a 3DS authentication, 3DS_<uuid>',
                  ),
                ),
            ),
            cavv: z.optional(text(64, 'authentication value (CAVV)')),
            eci: z.optional(digits(2, 2, 'must be the 2-digit electronic commerce indicator (ECI), e.g. 05')),
            xid: z.optional(text(64, 'transaction id (XID)')),
            version: z.optional(
              z
                .string({ error: 'must be the 3DS protocol version, e.g. 2.2.0' })
                .check(z.regex(/^[12]\.\d{1,2}(\.\d{1,2})?$/, 'must be the 3DS protocol version, e.g. 2.2.0')),
            ),
            dstrans_id: z.optional(text(64, 'directory server transaction id')),
          },
          { error: 'must be an object with type THREEDS and id, or the external result (cavv, eci)' },
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

/**
 * The buyer's interest within `amount.value`, for an installment plan with interest: what GET
 * /charges/fees/calculate answered for the plan chosen (docs/orders-and-charges.md#installment-plans).
 */
const buyerInterest = () =>
  z.strictObject(
    {
      total: cents(1),
      installments: integer(2, 12, 'must be the installments of the plan, 2 to 12'),
    },
    { error: 'must be an object with total (cents) and installments' },
  );

const amount = () =>
  z.strictObject(
    {
      value: cents(1),
      currency: z.literal('BRL', { error: 'must be BRL, the only currency' }),
      fees: z.optional(
        z.strictObject(
          {
            buyer: z.strictObject({ interest: buyerInterest() }, { error: 'must be an object with interest' }),
          },
          { error: 'must be an object with buyer.interest' },
        ),
      ),
    },
    { error: 'must be an object with value (cents) and currency' },
  );

const METADATA_KEYS = 20;
const metadataRule = `must be an object of at most ${METADATA_KEYS} keys (1 to 40 characters), each a text of at most 500 characters, a number or true/false`;
/** The merchant's own data on a charge (at most 20 keys), answered as sent. */
const metadata = () =>
  z
    .record(
      z.string().check(z.minLength(1, metadataRule), z.maxLength(40, metadataRule)),
      z.union([z.string().check(z.maxLength(500, metadataRule)), z.number(), z.boolean()], { error: metadataRule }),
      { error: metadataRule },
    )
    .check(z.refine((m) => Object.keys(m).length <= METADATA_KEYS, metadataRule));

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
  metadata: z.optional(metadata()),
  // A sub-merchant's credit card charge, on its own or as an order's charge.
  sub_merchant: z.optional(subMerchantSchema()),
  // The amount divided among receiving accounts (docs/splits.md).
  splits: z.optional(splitsSchema()),
});

/** A charge of an order (`charges[0]`, or the body of POST /orders/{id}/pay). */
export const orderChargeSchema = () => z.strictObject(chargeFields(), { error: 'must be a charge object' });

/**
 * The body of POST /charges: a card or boleto charge of the merchant itself, as the provider's
 * Charges API takes it, or, with `sub_merchant`, a sub-merchant's credit card charge.
 */
export const standaloneChargeSchema = () => z.strictObject(chargeFields(), { error: 'must be a charge object' });

export type ChargeBody = z.infer<ReturnType<typeof orderChargeSchema>>;
export type ChargeMetadata = NonNullable<ChargeBody['metadata']>;
export type BuyerInterest = NonNullable<ChargeBody['amount']['fees']>['buyer']['interest'];
export type SubMerchantBody = z.infer<ReturnType<typeof subMerchantSchema>>;
export type CardBody = NonNullable<ChargeBody['payment_method']['card']>;
export type BoletoBody = NonNullable<ChargeBody['payment_method']['boleto']>;
export type PaymentInstructions = NonNullable<BoletoBody['payment_instructions']>;

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
export function chargeShapeProblems(raw: unknown, at: string, strict = true): ErrorItem[] {
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
  if (given(obj(raw)?.sub_merchant) && given(type) && type !== 'CREDIT_CARD') {
    add(INVALID_PARAMETER, 'payment_method.type', 'must be CREDIT_CARD: sub-merchant charges take credit cards only');
  }
  for (const item of splitProblems(obj(raw)?.splits, toCents(obj(obj(raw)?.amount)?.value), ''))
    add(item.code, item.parameterName, item.description.slice(item.parameterName.length + 1));
  const interest = obj(obj(obj(obj(raw)?.amount)?.fees)?.buyer)?.interest;
  if (given(interest)) {
    const plan = Number(obj(interest)?.installments);
    const installments = Number(pm.installments ?? 1);
    if (type !== 'CREDIT_CARD')
      add(INVALID_PARAMETER, 'amount.fees.buyer.interest', 'is only for CREDIT_CARD: installments with interest');
    else if (Number.isInteger(plan) && plan !== installments)
      add(
        INVALID_PARAMETER,
        'amount.fees.buyer.interest.installments',
        `must be ${installments}, the charge's payment_method.installments`,
      );
    const total = Number(obj(interest)?.total);
    const value = Number(obj(obj(raw)?.amount)?.value);
    if (Number.isInteger(total) && Number.isInteger(value) && total >= value)
      add(
        INVALID_PARAMETER,
        'amount.fees.buyer.interest.total',
        `must be less than amount.value (${value}), which includes it`,
      );
  }
  if (type === 'CREDIT_CARD' || type === 'DEBIT_CARD') {
    if (given(pm.boleto)) add(UNEXPECTED_PARAMETER, 'payment_method.boleto', 'is only for type BOLETO');
    const c = obj(pm.card);
    if (!given(pm.card)) add(REQUIRED_PARAMETER, 'payment_method.card', `is required for ${type}`);
    else if (c) cardFormProblems(c, pm, add, strict);
    authenticationMethodProblems(obj(pm.authentication_method), add);
    if (type === 'DEBIT_CARD') {
      if (given(pm.installments) && pm.installments !== 1 && pm.installments !== '1')
        add(INVALID_PARAMETER, 'payment_method.installments', 'must be 1 for DEBIT_CARD');
      if (pm.capture === false)
        add(INVALID_PARAMETER, 'payment_method.capture', 'must be true for DEBIT_CARD: a debit is captured at once');
      if (!given(pm.authentication_method))
        add(
          REQUIRED_PARAMETER,
          'payment_method.authentication_method',
          'is required for DEBIT_CARD: authenticate the card with 3DS first (Gateway.authenticate3DS, ' +
            'or send an external 3DS result: type THREEDS with cavv and eci)',
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

type Add = (code: string, path: string, description: string) => void;

/** The card forms a charge takes, each alone (a wallet may carry its number or network token): docs/orders-and-charges.md#card-forms. */
const CARD_FORMS = ['number', 'encrypted', 'id', 'network_token'] as const;

/** What each form of a card needs beside it and must not carry. */
function cardFormProblems(c: Raw, pm: Raw, add: Add, strict: boolean) {
  const forms = CARD_FORMS.filter((k) => given(c[k]));
  const wallet = given(c.wallet);
  if (forms.length === 0) {
    if (!wallet)
      add(
        REQUIRED_PARAMETER,
        'payment_method.card.number',
        'is required (or card.encrypted from Gateway.encryptCard, a stored card.id, a card.network_token or a card.wallet)',
      );
  } else if (forms.length > 1)
    add(
      INVALID_PARAMETER,
      'payment_method.card',
      `must have one of card.number, card.encrypted, card.id or card.network_token (got ${forms.join(' and ')})`,
    );
  else if (forms[0] === 'number' || forms[0] === 'network_token') {
    const form = forms[0];
    for (const k of ['exp_month', 'exp_year', 'security_code'] as const)
      if (!given(c[k]) && !(k === 'security_code' && form === 'network_token'))
        add(REQUIRED_PARAMETER, `payment_method.card.${k}`, `is required with card.${form}`);
    if (!given(obj(c.holder)?.name) && !given(obj(pm.holder)?.name) && !wallet)
      add(
        REQUIRED_PARAMETER,
        'payment_method.card.holder.name',
        `is required with card.${form} (or payment_method.holder.name)`,
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
    if (wallet)
      add(
        INVALID_PARAMETER,
        'payment_method.card.wallet',
        `cannot be sent with card.${forms[0]}: a wallet's card comes in its key, or as card.network_token or card.number`,
      );
  }
  if (given(c.token_data) && forms[0] !== 'network_token' && !wallet)
    add(UNEXPECTED_PARAMETER, 'payment_method.card.token_data', 'is only for card.network_token or card.wallet');
  if (wallet && c.store === true)
    add(
      INVALID_PARAMETER,
      'payment_method.card.store',
      "must not be true with card.wallet: a wallet's card stays in the wallet",
    );
}

/** The two kinds of authentication: the sandbox's 3DS `id`, or an external result (`cavv` and `eci`). */
function authenticationMethodProblems(am: Raw | undefined, add: Add) {
  if (!am) return;
  const path = 'payment_method.authentication_method';
  const external = (['cavv', 'eci', 'xid', 'version', 'dstrans_id'] as const).filter((k) => given(am[k]));
  if (am.type === 'INAPP') {
    if (given(am.id)) add(INVALID_PARAMETER, `${path}.id`, 'is only for type THREEDS: an INAPP result is cavv and eci');
    for (const k of ['cavv', 'eci'] as const)
      if (!given(am[k])) add(REQUIRED_PARAMETER, `${path}.${k}`, 'is required for type INAPP');
  } else if (am.type === 'THREEDS') {
    if (given(am.id) && external.length)
      add(
        INVALID_PARAMETER,
        path,
        `must have either id (a sandbox 3DS authentication) or an external result, not both (got id and ${external.join(', ')})`,
      );
    else if (!given(am.id)) {
      if (!external.length)
        add(
          REQUIRED_PARAMETER,
          `${path}.id`,
          'is required: the id of Gateway.authenticate3DS, or an external 3DS result (cavv and eci)',
        );
      else
        for (const k of ['cavv', 'eci'] as const)
          if (!given(am[k])) add(REQUIRED_PARAMETER, `${path}.${k}`, 'is required with an external 3DS result');
    }
  }
}

const SCHEMAS = { order: orderChargeSchema(), standalone: standaloneChargeSchema() };

/**
 * Validates a charge body: POST /orders/{id}/pay (`order`) or POST /charges (`standalone`);
 * `strict` as for {@link chargeShapeProblems}.
 */
export function validateCharge(body: unknown, context: ChargeContext, strict = true): Parsed<ChargeBody> {
  const parsed: Parsed<ChargeBody> = parseWithSchema(context === 'order' ? SCHEMAS.order : SCHEMAS.standalone, body);
  return withCrossFieldProblems(parsed, chargeShapeProblems(body, '', strict));
}
