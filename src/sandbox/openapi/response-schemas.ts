import * as z from 'zod/mini';
import { described } from '../http/described';
import {
  AUTHENTICATION_OUTCOMES,
  AUTHENTICATION_STATUSES,
  CHALLENGE_END_REASONS,
  METHOD_COMPLETIONS,
  TRANS_STATUSES,
} from '../../core/authentication-resource';
import { CARD_BRANDS, CARD_NETWORKS } from '../../core/card-brand';
import { BOLETO_TEMPLATES, WALLET_TYPES } from '../charges/charge-request';
import { SPLIT_METHODS } from '../splits/split-request';
import { QR_CODE_ARRANGEMENTS } from '../pix/qr-code-store';
import { PHONE_TYPES } from '../../core/phone-type';
import { CHALLENGE_WINDOW_SIZES } from '../../core/challenge-window-size';
import { ID_PREFIXES, idPattern, type IdPrefix } from '../values/resource-id';

/**
 * The API's answers as zod schemas, for the OpenAPI document and the contract checks only (the
 * routes build their answers with the resource functions of charges/, orders/, three-ds/). Strict
 * objects: a field an answer gains without being documented here fails the contract tests.
 */

const timestamp = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/));
const withPrefix = (prefix: IdPrefix | '') => z.string().check(z.regex(new RegExp(idPattern(prefix))));
const uuid = () => withPrefix('');
const cents = () => z.int().check(z.minimum(0));
// The ECI (docs/three-ds-flow.md#result-fields): Visa, Elo and others 05/06/07, Mastercard 02/01/00; a pattern, not an enum: the resources type it as a string.
const eci = () => z.string().check(z.regex(/^0[0-25-7]$/));

/** `{ error_messages: [...] }`: the body of every error the API answers. */
export const errorBody = z.strictObject({
  error_messages: z
    .array(
      z.strictObject({
        code: z.string().check(z.regex(/^\d{5}$/)),
        description: z.string(),
        parameter_name: z.string(),
      }),
    )
    .check(z.minLength(1)),
});

const link = z.strictObject({
  rel: z.enum(['SELF', 'PAY', 'CHARGE.CANCEL', 'CHARGE.CAPTURE', 'QRCODE.PNG', 'QRCODE.BASE64']),
  href: z.url(),
  media: z.string(),
  type: z.enum(['GET', 'POST']),
});

const phone = z.strictObject({ country: z.string(), area: z.string(), number: z.string(), type: z.enum(PHONE_TYPES) });
export const address = z.strictObject({
  street: z.string(),
  number: z.string(),
  complement: z.optional(z.string()),
  locality: z.string(),
  city: z.string(),
  region_code: z.string(),
  country: z.string(),
  postal_code: z.string(),
});
const boletoAddress = z.strictObject({
  country: z.string(),
  region: z.string(),
  region_code: z.string(),
  city: z.string(),
  postal_code: z.string(),
  street: z.string(),
  number: z.string(),
  locality: z.string(),
  complement: z.optional(z.string()),
});

const card = z.strictObject({
  id: z.optional(withPrefix(ID_PREFIXES.card)),
  brand: z.enum(CARD_BRANDS),
  first_digits: z.string().check(z.regex(/^\d{6}$/)),
  last_digits: z.string().check(z.regex(/^\d{4}$/)),
  exp_month: z.string().check(z.regex(/^[1-9]\d?$/)),
  exp_year: z.string().check(z.regex(/^\d{4}$/)),
  // Absent only for a wallet's card sent without a holder.
  holder: z.optional(z.strictObject({ name: z.string(), tax_id: z.optional(z.string()) })),
  store: z.optional(z.boolean()),
  wallet: z.optional(z.strictObject({ type: z.enum(WALLET_TYPES) })),
});

const isoDate = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
/** A boleto's fine, interest (from `date`) or discount (until `due_date`): a value in cents or a percentage. */
const lateCharge = (dateKey: 'date' | 'due_date') =>
  z.strictObject({ [dateKey]: isoDate(), value: z.optional(cents()), percentage: z.optional(z.number()) });

const boleto = z.strictObject({
  id: uuid(),
  barcode: z.string().check(z.regex(/^\d{44}$/)),
  formatted_barcode: z.string(),
  // COBRANCA unless sent (absent on boletos stored before the sandbox kept it).
  template: z.optional(z.enum(BOLETO_TEMPLATES)),
  due_date: isoDate(),
  days_until_expiration: z.optional(z.int().check(z.minimum(1), z.maximum(59))),
  payment_instructions: z.optional(
    z.strictObject({
      fine: z.optional(lateCharge('date')),
      interest: z.optional(lateCharge('date')),
      discounts: z.optional(z.array(lateCharge('due_date')).check(z.minLength(1), z.maxLength(3))),
    }),
  ),
  instruction_lines: z.strictObject({ line_1: z.string(), line_2: z.string() }),
  holder: z.strictObject({ name: z.string(), tax_id: z.string(), email: z.string(), address: boletoAddress }),
});

const pix = z.strictObject({
  // E + the payer institution's ISPB + yyyyMMddHHmm (UTC) + 11 letters or digits (docs/pix.md).
  end_to_end_id: z.string().check(z.regex(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/)),
  holder: z.strictObject({ name: z.string(), tax_id: z.string() }),
});

const splitConfigurations = () => ({
  liable: z.optional(z.boolean()),
  chargeback: z.optional(z.strictObject({ charge_transfer: z.strictObject({ percentage: z.int() }) })),
});
/** A split's receiver as the charge answers it: as sent. */
const splitReceiver = () =>
  z.strictObject({
    account: z.strictObject({ id: z.string().check(z.regex(/^ACCO_[A-Za-z0-9-]{1,64}$/)) }),
    amount: z.strictObject({ value: z.number() }),
    reason: z.optional(z.string()),
    configurations: z.optional(
      z.strictObject({ ...splitConfigurations(), custody: z.optional(z.strictObject({ apply: z.boolean() })) }),
    ),
  });

/** An order's Pix QR code (docs/pix.md). */
const qrCode = z.strictObject({
  id: withPrefix(ID_PREFIXES.qrCode),
  expiration_date: timestamp(),
  amount: z.strictObject({ value: cents() }),
  // EMV QRCPS-MPM: ends with the CRC16 field 63, four upper-case hexadecimal digits.
  text: z.string().check(z.regex(/^000201.*6304[0-9A-F]{4}$/)),
  arrangements: z.array(z.enum(QR_CODE_ARRANGEMENTS)).check(z.minLength(1), z.maxLength(2)),
  splits: z.optional(z.strictObject({ method: z.enum(SPLIT_METHODS), receivers: z.array(splitReceiver()) })),
  // QRCODE.PNG first, then QRCODE.BASE64, as the provider lists them.
  links: z.tuple([
    z.strictObject({
      rel: z.literal('QRCODE.PNG'),
      href: z.url(),
      media: z.literal('image/png'),
      type: z.literal('GET'),
    }),
    z.strictObject({
      rel: z.literal('QRCODE.BASE64'),
      href: z.url(),
      media: z.literal('text/plain'),
      type: z.literal('GET'),
    }),
  ]),
});

/** GET /splits/{id}, POST /splits/{id}/custody/release: each receiver's share of the payment and of its refunds, in cents. */
export const splitResponse = z.strictObject({
  id: withPrefix(ID_PREFIXES.split),
  charge_id: withPrefix(ID_PREFIXES.charge),
  method: z.enum(SPLIT_METHODS),
  status: z.enum(['PENDING', 'PROCESSED', 'CANCELED']),
  created_at: timestamp(),
  receivers: z.array(
    z.strictObject({
      account: z.strictObject({ id: z.string().check(z.regex(/^ACCO_[A-Za-z0-9-]{1,64}$/)) }),
      amount: z.strictObject({
        value: z.number(),
        summary: z.strictObject({ total: cents(), refunded: cents() }),
      }),
      reason: z.optional(z.string()),
      configurations: z.strictObject({
        ...splitConfigurations(),
        custody: z.optional(
          z.strictObject({
            apply: z.boolean(),
            status: z.optional(z.enum(['HELD', 'RELEASED'])),
            released_at: z.optional(timestamp()),
          }),
        ),
      }),
    }),
  ),
});

/** A charge (POST and GET /charges, an order's `charges`, the capture, cancel and boleto simulator answers). */
export const chargeResponse = z.strictObject({
  id: withPrefix(ID_PREFIXES.charge),
  reference_id: z.optional(z.string()),
  status: z.enum(['PAID', 'AUTHORIZED', 'WAITING', 'DECLINED', 'CANCELED']),
  created_at: timestamp(),
  paid_at: z.optional(timestamp()),
  description: z.optional(z.string()),
  amount: z.strictObject({
    value: cents(),
    currency: z.literal('BRL'),
    // The buyer's interest within value, on an installment charge with interest.
    fees: z.optional(
      z.strictObject({
        buyer: z.strictObject({
          interest: z.strictObject({ total: cents(), installments: z.int().check(z.minimum(2), z.maximum(12)) }),
        }),
      }),
    ),
    summary: z.strictObject({ total: cents(), paid: cents(), refunded: cents() }),
  }),
  payment_response: z.strictObject({ code: z.string(), message: z.string(), reference: z.optional(z.string()) }),
  payment_method: z.strictObject({
    type: z.enum(['CREDIT_CARD', 'DEBIT_CARD', 'BOLETO', 'PIX']),
    installments: z.optional(z.int()),
    capture: z.optional(z.boolean()),
    capture_before: z.optional(timestamp()),
    soft_descriptor: z.optional(z.string()),
    card: z.optional(card),
    // eci and liability_shift: the authentication's result, recorded with the charge (absent on charges stored before them).
    // The sandbox's 3DS authentication (with its id), or one done elsewhere: an external 3DS
    // server's or a wallet's in-app result, whose outcome the ECI decides (the CAVV is never answered).
    authentication_method: z.optional(
      z.union([
        z.strictObject({
          type: z.literal('THREEDS'),
          id: withPrefix(ID_PREFIXES.authentication),
          status: z.enum(AUTHENTICATION_OUTCOMES),
          eci: z.optional(z.nullable(eci())),
          liability_shift: z.optional(z.boolean()),
        }),
        z.strictObject({
          type: z.enum(['THREEDS', 'INAPP']),
          status: z.enum(AUTHENTICATION_OUTCOMES),
          eci: z.string().check(z.regex(/^\d{2}$/)),
          version: z.optional(z.string()),
          dstrans_id: z.optional(z.string()),
          liability_shift: z.boolean(),
        }),
      ]),
    ),
    boleto: z.optional(boleto),
    pix: z.optional(pix),
  }),
  sub_merchant: z.optional(
    z.strictObject({
      name: z.string(),
      reference_id: z.string(),
      tax_id: z.string(),
      mcc: z.string(),
      address,
      phones: z.array(phone),
    }),
  ),
  metadata: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
  splits: z.optional(
    z.strictObject({
      id: withPrefix(ID_PREFIXES.split),
      method: z.enum(SPLIT_METHODS),
      receivers: z.array(splitReceiver()),
    }),
  ),
  notification_urls: z.array(z.string()),
  links: z.array(link),
});

/** An order (POST /orders, GET /orders/{id}, POST /orders/{id}/pay, the Pix simulator's answers). */
export const orderResponse = z.strictObject({
  id: withPrefix(ID_PREFIXES.order),
  reference_id: z.optional(z.string()),
  created_at: timestamp(),
  customer: z.strictObject({
    name: z.string(),
    email: z.string(),
    tax_id: z.string(),
    phones: z.optional(z.array(phone)),
  }),
  items: z.array(
    z.strictObject({ reference_id: z.optional(z.string()), name: z.string(), quantity: z.int(), unit_amount: cents() }),
  ),
  shipping: z.optional(z.strictObject({ address })),
  // A Pix order's amount: its QR code's.
  amount: z.optional(z.strictObject({ value: cents(), currency: z.literal('BRL') })),
  charges: z.array(chargeResponse),
  qr_codes: z.array(qrCode).check(z.maxLength(1)),
  notification_urls: z.array(z.string()),
  links: z.array(link),
});

const isoTime = () => z.iso.datetime({ offset: true });

/** The EMV result of an authentication, in both reads (docs/three-ds-flow.md#result-fields). */
const resultFields = () => ({
  trans_status: described(
    z.nullable(z.enum(TRANS_STATUSES)),
    'EMV transStatus: Y authenticated, N not authenticated (also a failed, canceled or timed-out challenge), A ' +
      'attempted, U could not be performed (AUTH_NOT_SUPPORTED), R rejected (CHANGE_PAYMENT_METHOD), C challenge ' +
      'required; null while the 3DS Method runs.',
  ),
  eci: described(
    z.nullable(eci()),
    'Electronic Commerce Indicator of a final result: Visa, Elo and others 05 (Y), 06 (A), 07 (N, U, R); ' +
      'Mastercard 02, 01, 00; null before the result is final.',
  ),
  liability_shift: described(
    z.boolean(),
    "true when a fraud chargeback is the issuer's (transStatus Y or A), false otherwise: then it is the merchant's.",
  ),
});
const methodFields = () => ({
  method_completion: described(
    z.nullable(z.enum(METHOD_COMPLETIONS)),
    'The 3DS Method completion indicator: Y the issuer was notified, N not within 10 s, U the card range has no method URL; null while the method runs.',
  ),
  challenge_window_size: described(
    z.nullable(z.enum(CHALLENGE_WINDOW_SIZES)),
    'The challenge window size the SDK asked for: 01 250×400, 02 390×400, 03 500×600, 04 600×400, 05 full screen; null when it sent none (an older SDK).',
  ),
});

/** What the SDK needs to run the 3DS Method: only in the creating POST's answer, while REQUIRE_METHOD. */
const methodStep = z.strictObject({
  url: z.url(),
  three_ds_server_trans_id: uuid(),
  three_ds_method_data: z.string().check(z.regex(/^[A-Za-z0-9_-]+$/)),
  notification_url: z.url(),
});

/** A 3DS authentication as the SDK reads it (POST and GET /checkout-sdk/3ds/authentications). */
export const sdkAuthenticationResponse = z.strictObject({
  id: withPrefix(ID_PREFIXES.authentication),
  status: z.enum(AUTHENTICATION_STATUSES),
  authentication_status: z.nullable(z.enum(AUTHENTICATION_OUTCOMES)),
  reason: z.nullable(z.enum(CHALLENGE_END_REASONS)),
  brand: z.enum(CARD_BRANDS),
  issuer: z.nullable(z.string()),
  challenge: z.nullable(z.strictObject({ url: z.url(), origin: z.url(), expires_at: isoTime() })),
  method: z.nullable(methodStep),
  ...resultFields(),
  ...methodFields(),
  created_at: isoTime(),
  updated_at: isoTime(),
  expires_at: isoTime(),
});

/** A 3DS authentication as the merchant's server reads it (GET /3ds/authentications/{id}). */
export const merchantAuthenticationResponse = z.strictObject({
  id: withPrefix(ID_PREFIXES.authentication),
  status: z.enum(AUTHENTICATION_STATUSES),
  reason: z.nullable(z.enum(CHALLENGE_END_REASONS)),
  authentication_status: z.nullable(z.enum(AUTHENTICATION_OUTCOMES)),
  brand: z.string(),
  issuer: z.nullable(z.string()),
  ...resultFields(),
  authentication_value: described(
    z.nullable(z.string().check(z.regex(/^[A-Za-z0-9+/]{27}=$/))),
    'The authentication value (CAVV) of a Y result, to send with the authorization; null otherwise. Only in this read: never to the browser, never logged.',
  ),
  ...methodFields(),
  browser: described(
    z.strictObject({ accept_header: z.nullable(z.string()), ip: z.nullable(z.string()) }),
    "EMV browserAcceptHeader and browserIP, taken by the sandbox from the SDK's request, never from the page.",
  ),
  amount: z.strictObject({ value: cents(), currency: z.literal('BRL') }),
  payment_method: z.strictObject({
    type: z.enum(['CREDIT_CARD', 'DEBIT_CARD']),
    installments: z.int(),
    card_source: z.enum(['number', 'id', 'encrypted']),
    first_digits: z.nullable(z.string()),
    last_digits: z.nullable(z.string()),
    exp_month: z.nullable(z.int()),
    exp_year: z.nullable(z.int()),
  }),
  created_at: isoTime(),
  updated_at: isoTime(),
  expires_at: isoTime(),
  used_at: z.nullable(isoTime()),
  used_by: z.nullable(withPrefix(ID_PREFIXES.charge)),
});

/** POST /public-keys and GET /public-keys/card. */
export const publicKeyResponse = z.strictObject({
  public_key: z.string().check(z.minLength(1)),
  // Epoch milliseconds, an integer, as the provider answers it (docs/rules.md#success-answers).
  created_at: z.int().check(z.minimum(0)),
});

/** POST /tokens/cards: the stored card, never its number or security code. */
export const cardTokenResponse = z.strictObject({
  id: withPrefix(ID_PREFIXES.card),
  brand: z.enum(CARD_BRANDS),
  first_digits: z.string().check(z.regex(/^\d{6}$/)),
  last_digits: z.string().check(z.regex(/^\d{4}$/)),
  exp_month: z.string().check(z.regex(/^[1-9]\d?$/)),
  exp_year: z.string().check(z.regex(/^\d{4}$/)),
  holder: z.strictObject({ name: z.string() }),
  created_at: timestamp(),
});

/** POST /checkout-sdk/sessions. */
export const sessionResponse = z.strictObject({ session: z.string().check(z.minLength(1)), expires_at: isoTime() });

/** GET and POST /sandbox/merchant/settings, POST /sandbox/merchant/webhook-secret/rotate. */
export const merchantSettingsResponse = z.strictObject({
  merchant_id: z.string(),
  pci_homologated: z.boolean(),
  sub_merchant_enabled: z.boolean(),
  released_mccs: z.array(z.string()),
  /** Percent a month, of the installment plans with interest. */
  installment_interest_rate: z.number(),
  high_risk_mccs: z.array(z.string()),
  webhook_secret: z.string(),
  merchant_name: z.string(),
  merchant_city: z.string(),
  pix_key: z.string(),
});

const installmentPlan = z.strictObject({
  installments: z.int().check(z.minimum(1), z.maximum(12)),
  installment_value: cents(),
  interest_free: z.boolean(),
  amount: z.strictObject({
    value: cents(),
    currency: z.literal('BRL'),
    // installments: the plan's count, as a charge of this plan sends it in amount.fees.buyer.interest.
    fees: z.strictObject({
      buyer: z.strictObject({
        interest: z.strictObject({ total: cents(), installments: z.int().check(z.minimum(1), z.maximum(12)) }),
      }),
    }),
  }),
});

/** GET /charges/fees/calculate: the installment plans per card network. */
export const installmentFeesResponse = z.strictObject({
  payment_methods: z.strictObject({
    credit_card: z.partialRecord(
      z.enum(CARD_NETWORKS),
      z.strictObject({ installment_plans: z.array(installmentPlan).check(z.minLength(1), z.maxLength(12)) }),
    ),
  }),
});

/** POST /sandbox/3ds/authentications/{id}/challenge. */
export const challengeDecisionResponse = z.strictObject({
  decision: z.enum(['RETRY', ...AUTHENTICATION_OUTCOMES]),
  attempts_left: z.int().check(z.minimum(0)),
  authentication: sdkAuthenticationResponse,
});

/** POST /challenge/end on the challenge origin. */
export const challengeEndResponse = z.strictObject({
  status: z.enum(AUTHENTICATION_STATUSES),
  reason: z.nullable(z.enum(CHALLENGE_END_REASONS)),
});

// Compile-time agreement with the types the routes answer with: a resource field whose type changes,
// or a field the schema requires that the resource type drops, breaks the typecheck here. A field a
// resource gains is not caught by types (TypeScript allows extra properties); the contract tests
// catch it, since every answer schema is a strict object.
type Accepts<Schema, Resource extends Schema> = Resource;
/** @public Exported only so the compiler keeps checking it; nothing imports it. */
export type ResponseSchemaChecks = [
  Accepts<z.infer<typeof chargeResponse>, import('../charges/charge-resource').ChargeResource>,
  Accepts<z.infer<typeof orderResponse>, import('../orders/order-resource').OrderResource>,
  Accepts<
    z.infer<typeof sdkAuthenticationResponse>,
    import('../../core/authentication-resource').AuthenticationResource
  >,
  Accepts<
    z.infer<typeof merchantAuthenticationResponse>,
    import('../three-ds/merchant-authentication').MerchantAuthenticationResource
  >,
  Accepts<z.infer<typeof splitResponse>, import('../splits/split-resource').SplitResource>,
];

/** GET /checkout-sdk/card-fields. */
export const cardFieldsResponse = z.strictObject({ field_url: z.url() });
