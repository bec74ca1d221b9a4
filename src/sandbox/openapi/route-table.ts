import * as z from 'zod/mini';
import { buildDataSchema } from '../../core/authentication-request';
import { AUTHENTICATIONS_PATH, CHALLENGE_END_REASONS } from '../../core/authentication-resource';
import { CHALLENGE_END_PATH } from '../../core/challenge-protocol';
import { CHALLENGE_WINDOW_SIZES } from '../../core/challenge-window-size';
import { EMV_COLOR_DEPTHS } from '../../core/color-depth';
import { CONTINUE_PATH, METHOD_DATA_FIELD } from '../../core/three-ds-method';
import { METHOD_SCRIPTS } from '../challenge/method-scripts';
import { METHOD_NOTIFICATION_PATH, METHOD_PATH } from '../three-ds/authentication-resource';
import { SESSION_HEADER } from '../../core/session-header';
import { orderChargeSchema, standaloneChargeSchema } from '../charges/charge-request';
import { field } from '../http/request-fields';
import { orderSchema } from '../orders/order-request';
import { amountBody } from '../routes/charges';
import { decisionBody } from '../routes/challenge-decision';
import { settingsBody } from '../routes/merchant-settings';
import { MAX_SESSION_TTL_MS } from '../sessions/session-store';
import { MAX_AMOUNT_CENTS } from '../values/money';
import { ID_PREFIXES, idPattern, UUID_PATTERN, type IdPrefix } from '../values/resource-id';
import type { JsonSchema } from './json-fragments';
import {
  challengeDecisionResponse,
  challengeEndResponse,
  chargeResponse,
  errorBody,
  merchantAuthenticationResponse,
  installmentFeesResponse,
  merchantSettingsResponse,
  orderResponse,
  publicKeyResponse,
  sdkAuthenticationResponse,
  sessionResponse,
} from './response-schemas';

/**
 * The sandbox's routes as data: the one list the OpenAPI generator reads and the contract tests
 * iterate over (a route the apps serve but this table lacks fails test/sandbox/openapi-document.test.ts).
 * Request bodies are the zod schemas the routes validate with; answers are response-schemas.ts.
 */

/** Which server answers: the API origin or the challenge origin. */
type Origin = 'api' | 'challenge';
/** How a route is authorised: the merchant's bearer token, the SDK session header, or nothing. */
type Security = 'bearer' | 'session' | 'none';

/** A zod schema and the component name it gets in the document. */
export interface NamedSchema {
  name: string;
  schema: z.ZodMiniType;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description: string;
  schema: JsonSchema;
  example?: unknown;
}

interface Answer {
  description: string;
  /** Media type of the body; absent for no body. `json` bodies are validated against `schema`. */
  contentType?: 'application/json' | 'application/pdf' | 'image/png' | 'text/html' | 'text/javascript' | 'text/css';
  schema?: NamedSchema;
  /** Other media types the same status may have, without a schema (the boleto's PNG beside its PDF, a QR code's base64 text beside its PNG). */
  alsoContentTypes?: Array<'image/png' | 'text/plain'>;
  /** The same status may also be the error body (a request the route refuses before its page). */
  orError?: boolean;
  /** Headers this answer carries besides x-trace-id (which every answer has). */
  headers?: Record<string, { description: string; required: boolean; schema: JsonSchema }>;
}

export interface Route {
  operationId: string;
  method: 'get' | 'post';
  /** OpenAPI path template (`/orders/{id}`). */
  path: string;
  origin: Origin;
  tag: string;
  summary: string;
  description?: string;
  security: Security;
  parameters?: Parameter[];
  /** `example` is the one the contract tests send; `examples`, when given, are what the document shows instead (named, each valid). */
  body?: {
    contentType: 'application/json' | 'application/x-www-form-urlencoded';
    required: boolean;
    schema: NamedSchema;
    example?: unknown;
    examples?: Record<string, { summary: string; value: unknown }>;
  };
  /** Answers by status code; an error status with no entry gets the error body. */
  responses: Record<string, Answer>;
  /** Error statuses the route can answer (the error body with x-trace-id). */
  errors: number[];
  /** Whether the route accepts x-idempotency-key. */
  idempotent?: boolean;
}

const json = (name: string, schema: z.ZodMiniType, description: string, extra: Partial<Answer> = {}): Answer => ({
  description,
  contentType: 'application/json',
  schema: { name, schema },
  ...extra,
});

const idPath = (name: string, prefix: IdPrefix, what: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  description: `The ${what}'s id (${prefix}<uuid>).`,
  schema: { type: 'string', pattern: idPattern(prefix) },
});

const replayed = {
  'x-idempotent-replayed': {
    description: 'true when the answer is the stored first answer to the same x-idempotency-key.',
    required: false,
    schema: { type: 'string', enum: ['true'] },
  },
};
const noStore = {
  'cache-control': {
    description: "Never cached: the file is the payer's.",
    required: true,
    schema: { type: 'string' },
  },
};
const methodCsp = {
  'content-security-policy': {
    description:
      "Own scripts, and the pages' inline stylesheet by its hash; framed by any page unless the sandbox names " +
      "the checkout origins (--cors-origin); form-action the notification URL's origin, or none.",
    required: true,
    schema: { type: 'string' },
  },
};
const pageCsp = {
  'content-security-policy': {
    description:
      "Only the page's own inline script and stylesheet, allowed by their hashes; framed only by the checkout page's origin (`parent`).",
    required: true,
    schema: { type: 'string' },
  },
};

/** A card order paid at once with a sandbox card: the example of POST /orders. */
const ORDER_EXAMPLE = {
  reference_id: 'pedido-1001',
  customer: {
    name: 'Maria da Silva',
    email: 'maria@example.com',
    tax_id: '12345678909',
    phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
  },
  items: [{ reference_id: 'sku-1', name: 'Camiseta', quantity: 1, unit_amount: 5000 }],
  notification_urls: ['https://shop.example/notifications'],
  charges: [
    {
      reference_id: 'pagamento-1001',
      description: 'Pedido 1001',
      amount: { value: 5000, currency: 'BRL' },
      payment_method: {
        type: 'CREDIT_CARD',
        installments: 1,
        capture: true,
        card: {
          number: '4000000000002370',
          exp_month: 12,
          exp_year: 2030,
          security_code: '123',
          holder: { name: 'MARIA DA SILVA' },
        },
      },
    },
  ],
};

const SUB_MERCHANT_EXAMPLE = {
  name: 'Loja Parceira',
  reference_id: 'parceiro-7',
  tax_id: '11222333000181',
  mcc: '5999',
  address: {
    street: 'Avenida Paulista',
    number: '1000',
    complement: '',
    locality: 'Bela Vista',
    city: 'São Paulo',
    region_code: 'SP',
    country: 'BRA',
    postal_code: '01310100',
  },
  phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
};

const CHARGE_EXAMPLE = {
  reference_id: 'cobranca-77',
  amount: { value: 2500, currency: 'BRL' },
  payment_method: {
    type: 'CREDIT_CARD',
    installments: 1,
    capture: false,
    card: {
      number: '5200000000001104',
      exp_month: 12,
      exp_year: 2030,
      security_code: '123',
      holder: { name: 'MARIA DA SILVA' },
    },
  },
  sub_merchant: SUB_MERCHANT_EXAMPLE,
};

/** A frictionless sandbox card (docs/sandbox.md#sandbox-cards): the example of the SDK's 3DS request. */
const AUTHENTICATION_EXAMPLE = {
  data: {
    customer: {
      name: 'Maria da Silva',
      email: 'maria@example.com',
      phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
    },
    paymentMethod: {
      type: 'CREDIT_CARD',
      installments: 1,
      card: { number: '4000000000002370', expMonth: 12, expYear: 2030, holder: { name: 'MARIA DA SILVA' } },
    },
    amount: { value: 5000, currency: 'BRL' },
    billingAddress: {
      street: 'Avenida Paulista',
      number: '1000',
      city: 'São Paulo',
      regionCode: 'SP',
      country: 'BRA',
      postalCode: '01310100',
    },
  },
  device: {
    screenWidth: 1280,
    screenHeight: 800,
    colorDepth: 24,
    timeZoneOffset: 180,
    language: 'pt-BR',
    userAgent: 'Mozilla/5.0',
    javaEnabled: false,
    javascriptEnabled: true,
    challengeWindowSize: '03',
  },
};

/**
 * The sandbox cards of the 3DS request's examples (docs/sandbox.md#sandbox-cards,
 * docs/three-ds-flow.md#sandbox-cards): the frictionless one above, a challenge, and the 3DS Method cards.
 */
const AUTHENTICATION_CARDS: Record<string, { number: string; summary: string }> = {
  frictionless: { number: '4000000000002370', summary: 'Frictionless: AUTH_FLOW_COMPLETED, AUTHENTICATED' },
  challenge: { number: '4000000000002503', summary: 'REQUIRE_CHALLENGE, then AUTH_FLOW_COMPLETED' },
  methodFrictionless: {
    number: '4000000000004004',
    summary: 'REQUIRE_METHOD (visa; the method completes), then frictionless: ECI 05',
  },
  methodFrictionlessMastercard: {
    number: '5200000000001401',
    summary: 'REQUIRE_METHOD (mastercard; the method completes), then frictionless: ECI 02',
  },
  methodTimeout: {
    number: '4000000000004103',
    summary: 'REQUIRE_METHOD whose page never notifies: the SDK continues with N after 10 s, then REQUIRE_CHALLENGE',
  },
  methodChallenge: {
    number: '4000000000004202',
    summary: 'REQUIRE_METHOD (the method completes), then REQUIRE_CHALLENGE',
  },
};
const authenticationExamples = () =>
  Object.fromEntries(
    Object.entries(AUTHENTICATION_CARDS).map(([name, { number, summary }]) => {
      const value = structuredClone(AUTHENTICATION_EXAMPLE);
      value.data.paymentMethod.card.number = number;
      return [name, { summary: `${number}: ${summary}`, value }];
    }),
  );

// Hand-validated bodies (routes/public-keys.ts, routes/sdk-sessions.ts, three-ds/device-info.ts), written as zod for the document.
const publicKeyBody = z.strictObject({ type: z.literal('card') });
const sessionBody = z.strictObject({
  expires_in: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_SESSION_TTL_MS / 1000))),
});
// EMV 3DS browser fields (docs/three-ds-flow.md#browser-data); challengeWindowSize is optional for an older SDK.
const deviceBody = z.strictObject({
  screenWidth: z.int().check(z.minimum(0), z.maximum(65_535)),
  screenHeight: z.int().check(z.minimum(0), z.maximum(65_535)),
  colorDepth: z.literal(EMV_COLOR_DEPTHS),
  timeZoneOffset: z.int().check(z.minimum(-840), z.maximum(840)),
  language: z.string().check(z.regex(/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8}){0,4}$/)),
  userAgent: z.string().check(z.minLength(1), z.maxLength(2048)),
  javaEnabled: z.boolean(),
  javascriptEnabled: z.boolean(),
  challengeWindowSize: z.optional(z.enum(CHALLENGE_WINDOW_SIZES)),
});
/** The continue call after the 3DS Method (routes/authentications.ts validates it by hand). */
const continueBody = z.strictObject({ methodCompletion: z.enum(['Y', 'N']) });
/** The 3DS Method page and the notification URL take this one field (three-ds/method-data.ts reads it). */
const methodForm = z.strictObject({ [METHOD_DATA_FIELD]: z.string().check(z.regex(/^[A-Za-z0-9_-]+$/)) });
const base64url = () => z.string().check(z.regex(/^[A-Za-z0-9_-]+$/));
/** The SDK's 3DS request: `data` is the core schema the SDK validates with too, `device` the browser's information. */
const authenticationBody = () => z.strictObject({ data: buildDataSchema(field), device: deviceBody });

const challengeForm = (extra: Record<string, z.ZodMiniType>) =>
  z.strictObject({
    authentication: z.string().check(z.regex(new RegExp(idPattern(ID_PREFIXES.authentication)))),
    token: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/)),
    parent: z.url(),
    locale: z.optional(z.enum(['pt-BR', 'en'])),
    ...extra,
  });

const challengeQuery: Parameter[] = [
  {
    name: 'authentication',
    in: 'query',
    required: true,
    description: 'The authentication id (3DS_<uuid>) of the challenge URL.',
    schema: { type: 'string', pattern: idPattern(ID_PREFIXES.authentication) },
  },
  {
    name: 'token',
    in: 'query',
    required: true,
    description: 'The challenge token of the challenge URL.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,128}$' },
  },
  {
    name: 'parent',
    in: 'query',
    required: true,
    description: 'Origin of the page that frames the challenge (the SDK adds it).',
    schema: { type: 'string', format: 'uri' },
  },
  {
    name: 'locale',
    in: 'query',
    required: false,
    description: 'Language of the page.',
    schema: { type: 'string', enum: ['pt-BR', 'en'] },
  },
];

/** GET /charges/fees/calculate; the examples are the ones the contract tests send (the example checkout's cart). */
const FEES_QUERY: Parameter[] = [
  {
    name: 'payment_methods',
    in: 'query',
    required: true,
    description: 'CREDIT_CARD, the one method with installments.',
    schema: { type: 'string', enum: ['CREDIT_CARD'] },
    example: 'CREDIT_CARD',
  },
  {
    name: 'value',
    in: 'query',
    required: true,
    description: 'The price, in cents.',
    schema: { type: 'integer', minimum: 1, maximum: MAX_AMOUNT_CENTS },
    example: 13480,
  },
  {
    name: 'max_installments',
    in: 'query',
    required: false,
    description: 'The most installments offered. Default 12.',
    schema: { type: 'integer', minimum: 1, maximum: 12, default: 12 },
    example: 12,
  },
  {
    name: 'max_installments_no_interest',
    in: 'query',
    required: false,
    description: 'The most installments without interest, at most `max_installments`. Default 1.',
    schema: { type: 'integer', minimum: 1, maximum: 12, default: 1 },
    example: 3,
  },
  {
    name: 'credit_card_bin',
    in: 'query',
    required: false,
    description:
      "The card's first 6 digits: the answer has that card's network only (400 when the sandbox knows no network for them). Without it, every network.",
    schema: { type: 'string', pattern: '^\\d{6}$' },
    example: '400000',
  },
];

const html = (description: string, extra: Partial<Answer> = {}): Answer => ({
  description,
  contentType: 'text/html',
  ...extra,
});
const JSON_BODY_ERRORS = [400, 401, 413, 415];

/** Every route of the API and of the challenge origin. */
export function routeTable(): Route[] {
  return [
    {
      operationId: 'getSdkScript',
      method: 'get',
      path: '/sdk/{file}',
      origin: 'api',
      tag: 'SDK',
      summary: 'The SDK script-tag build (gateway.js) and the challenge code it loads (gateway-challenge.js)',
      security: 'none',
      parameters: [
        {
          name: 'file',
          in: 'path',
          required: true,
          description: 'gateway.js or gateway-challenge.js.',
          schema: { type: 'string', enum: ['gateway.js', 'gateway-challenge.js'] },
        },
      ],
      responses: { '200': { description: 'The script.', contentType: 'text/javascript' } },
      errors: [404],
    },
    {
      operationId: 'createPublicKey',
      method: 'post',
      path: '/public-keys',
      origin: 'api',
      tag: 'Keys and sessions',
      summary: 'Create the RSA public key cards are encrypted with (the previous one stays valid 7 days)',
      security: 'bearer',
      body: {
        contentType: 'application/json',
        required: true,
        schema: { name: 'PublicKeyRequest', schema: publicKeyBody },
        example: { type: 'card' },
      },
      responses: { '201': json('PublicKey', publicKeyResponse, 'The new key.') },
      errors: JSON_BODY_ERRORS,
    },
    {
      operationId: 'getPublicKey',
      method: 'get',
      path: '/public-keys/card',
      origin: 'api',
      tag: 'Keys and sessions',
      summary: 'The current public key',
      security: 'bearer',
      responses: { '200': json('PublicKey', publicKeyResponse, 'The current key.') },
      errors: [401, 404],
    },
    {
      operationId: 'createSdkSession',
      method: 'post',
      path: '/checkout-sdk/sessions',
      origin: 'api',
      tag: 'Keys and sessions',
      summary: 'Create a session for Gateway.setUp (30 minutes; expires_in shortens it)',
      security: 'bearer',
      body: {
        contentType: 'application/json',
        required: false,
        schema: { name: 'SdkSessionRequest', schema: sessionBody },
        example: { expires_in: 1800 },
      },
      responses: { '201': json('SdkSession', sessionResponse, 'The session.') },
      errors: JSON_BODY_ERRORS,
    },
    {
      operationId: 'createAuthentication',
      method: 'post',
      path: AUTHENTICATIONS_PATH,
      origin: 'api',
      tag: '3DS',
      summary: 'Authenticate a card holder with 3DS (sent by the SDK)',
      description:
        'A card range with a 3DS Method URL answers REQUIRE_METHOD with `method`; the SDK runs it, then calls ' +
        '`/continue` (docs/three-ds-flow.md). Sandbox card 4000000000005001 answers 500 on purpose, for SDK ' +
        'error paths (docs/sandbox.md#sandbox-cards).',
      security: 'session',
      body: {
        contentType: 'application/json',
        required: true,
        schema: { name: 'AuthenticationRequest', schema: authenticationBody() },
        example: AUTHENTICATION_EXAMPLE,
        examples: authenticationExamples(),
      },
      responses: {
        '201': json(
          'Authentication',
          sdkAuthenticationResponse,
          'The authentication; `challenge` is set when status is REQUIRE_CHALLENGE, `method` when it is REQUIRE_METHOD (only in this answer).',
        ),
      },
      errors: JSON_BODY_ERRORS,
    },
    {
      operationId: 'continueAuthentication',
      method: 'post',
      path: `${AUTHENTICATIONS_PATH}/{id}${CONTINUE_PATH}`,
      origin: 'api',
      tag: '3DS',
      summary: 'Continue a REQUIRE_METHOD authentication after its 3DS Method (sent by the SDK)',
      description:
        '`methodCompletion` is what the SDK saw: Y when the notification came, N after 10 s. The indicator ' +
        "recorded is the server's own: Y only when the ACS's notification reached it " +
        '(docs/three-ds-flow.md#the-3ds-method).',
      security: 'session',
      parameters: [idPath('id', '3DS_', 'authentication')],
      body: {
        contentType: 'application/json',
        required: true,
        schema: { name: 'ContinueAuthenticationRequest', schema: continueBody },
        example: { methodCompletion: 'Y' },
      },
      responses: {
        '200': json(
          'Authentication',
          sdkAuthenticationResponse,
          'The authentication, now AUTH_FLOW_COMPLETED or REQUIRE_CHALLENGE (with its `challenge`, as the creating POST).',
        ),
      },
      errors: [...JSON_BODY_ERRORS, 404, 409],
    },
    {
      operationId: 'getAuthentication',
      method: 'get',
      path: `${AUTHENTICATIONS_PATH}/{id}`,
      origin: 'api',
      tag: '3DS',
      summary: "Read one of the session merchant's authentications (the SDK reads the final state here)",
      security: 'session',
      parameters: [idPath('id', '3DS_', 'authentication')],
      responses: {
        '200': json(
          'Authentication',
          sdkAuthenticationResponse,
          'The authentication (`challenge` and `method` are always null here).',
        ),
      },
      errors: [401, 404],
    },
    {
      operationId: 'getMerchantAuthentication',
      method: 'get',
      path: '/3ds/authentications/{id}',
      origin: 'api',
      tag: '3DS',
      summary: 'Read an authentication with the bearer token, before ordering with its id',
      security: 'bearer',
      parameters: [idPath('id', '3DS_', 'authentication')],
      responses: {
        '200': json(
          'MerchantAuthentication',
          merchantAuthenticationResponse,
          "The authentication as the merchant sees it: also the CAVV (`authentication_value`) and the `browser` the SDK's request came from.",
        ),
      },
      errors: [401, 404],
    },
    {
      operationId: 'createOrder',
      method: 'post',
      path: '/orders',
      origin: 'api',
      tag: 'Orders',
      summary:
        'Create an order, and pay it at once when `charges` holds one charge, or with a Pix QR code when `qr_codes` holds one',
      security: 'bearer',
      idempotent: true,
      body: {
        contentType: 'application/json',
        required: true,
        schema: { name: 'OrderRequest', schema: orderSchema() },
        example: ORDER_EXAMPLE,
      },
      responses: {
        '201': json('Order', orderResponse, 'The order (its charge or its QR code, when one was sent).', {
          headers: replayed,
        }),
      },
      errors: [...JSON_BODY_ERRORS, 422],
    },
    {
      operationId: 'getOrder',
      method: 'get',
      path: '/orders/{id}',
      origin: 'api',
      tag: 'Orders',
      summary: 'Read an order',
      security: 'bearer',
      parameters: [idPath('id', 'ORDE_', 'order')],
      responses: { '200': json('Order', orderResponse, 'The order.') },
      errors: [401, 404],
    },
    {
      operationId: 'payOrder',
      method: 'post',
      path: '/orders/{id}/pay',
      origin: 'api',
      tag: 'Orders',
      summary: 'Pay an order created without payment (or whose charges failed)',
      security: 'bearer',
      idempotent: true,
      parameters: [idPath('id', 'ORDE_', 'order')],
      body: {
        contentType: 'application/json',
        required: true,
        schema: { name: 'OrderChargeRequest', schema: orderChargeSchema() },
        example: ORDER_EXAMPLE.charges[0],
      },
      responses: { '201': json('Order', orderResponse, 'The order with its new charge.', { headers: replayed }) },
      errors: [...JSON_BODY_ERRORS, 404, 409, 422],
    },
    {
      operationId: 'createCharge',
      method: 'post',
      path: '/charges',
      origin: 'api',
      tag: 'Charges',
      summary: "Create a sub-merchant's credit card charge",
      security: 'bearer',
      idempotent: true,
      body: {
        contentType: 'application/json',
        required: true,
        schema: { name: 'ChargeRequest', schema: standaloneChargeSchema() },
        example: CHARGE_EXAMPLE,
      },
      responses: { '201': json('Charge', chargeResponse, 'The charge.', { headers: replayed }) },
      errors: [...JSON_BODY_ERRORS, 422],
    },
    {
      operationId: 'calculateInstallmentFees',
      method: 'get',
      path: '/charges/fees/calculate',
      origin: 'api',
      tag: 'Charges',
      summary:
        "The installment plans of a credit card payment, per card network, for the checkout's installment selector",
      description:
        'Plans 1 to `max_installments`: up to `max_installments_no_interest` they cost `value`; beyond it ' +
        'the Price table at the monthly rate of the account settings (`installment_interest_rate`), ' +
        '`amount.value` = `installment_value` × installments, each installment rounded up to the cent. ' +
        'A plan whose installment would be under R$ 5,00 is left out (plan 1 stays).',
      security: 'bearer',
      parameters: FEES_QUERY,
      responses: { '200': json('InstallmentFees', installmentFeesResponse, 'The plans, per card network.') },
      errors: [400, 401],
    },
    {
      operationId: 'getCharge',
      method: 'get',
      path: '/charges/{id}',
      origin: 'api',
      tag: 'Charges',
      summary: 'Read a charge',
      security: 'bearer',
      parameters: [idPath('id', 'CHAR_', 'charge')],
      responses: { '200': json('Charge', chargeResponse, 'The charge.') },
      errors: [401, 404],
    },
    ...(['capture', 'cancel'] as const).map(
      (action): Route => ({
        operationId: `${action}Charge`,
        method: 'post',
        path: `/charges/{id}/${action}`,
        origin: 'api',
        tag: 'Charges',
        summary:
          action === 'capture'
            ? 'Capture an authorized charge (all of it, or `amount.value`)'
            : 'Cancel (refund) a card or Pix charge (all of it, or `amount.value`)',
        security: 'bearer',
        parameters: [idPath('id', 'CHAR_', 'charge')],
        body: {
          contentType: 'application/json',
          required: false,
          schema: { name: 'ChargeAmountRequest', schema: amountBody },
          example: { amount: { value: 1000 } },
        },
        responses: { '200': json('Charge', chargeResponse, 'The charge as it now is.') },
        errors: [...JSON_BODY_ERRORS, 404, 409, 422],
      }),
    ),
    {
      operationId: 'getBoletoFile',
      method: 'get',
      path: '/boletos/{file}',
      origin: 'api',
      tag: 'Charges',
      summary: "A boleto's printable PDF or its barcode PNG (the targets of its SELF links; no token)",
      security: 'none',
      parameters: [
        {
          name: 'file',
          in: 'path',
          required: true,
          description: 'The boleto id (a UUID) then .pdf or .png.',
          schema: { type: 'string', pattern: `^${UUID_PATTERN}\\.(pdf|png)$` },
        },
      ],
      responses: {
        '200': {
          description: 'The PDF (application/pdf) or the PNG (image/png), by the extension asked for.',
          contentType: 'application/pdf',
          alsoContentTypes: ['image/png'],
          headers: noStore,
        },
      },
      errors: [404],
    },
    ...(['pay', 'expire'] as const).map(
      (outcome): Route => ({
        operationId: outcome === 'pay' ? 'simulateBoletoPaid' : 'simulateBoletoExpired',
        method: 'post',
        path: `/sandbox/charges/{id}/boleto/${outcome}`,
        origin: 'api',
        tag: 'Sandbox',
        summary:
          outcome === 'pay'
            ? 'Sandbox only: the payer pays a WAITING boleto (PAID)'
            : 'Sandbox only: a WAITING boleto expires unpaid (CANCELED)',
        security: 'bearer',
        parameters: [idPath('id', 'CHAR_', 'charge')],
        responses: { '200': json('Charge', chargeResponse, 'The charge as it now is.') },
        errors: [401, 404, 409, 422],
      }),
    ),
    {
      operationId: 'getQrCodeImage',
      method: 'get',
      path: '/qrcode/{id}/{kind}',
      origin: 'api',
      tag: 'Orders',
      summary: "A Pix QR code's image as PNG, or the same PNG in base64 (the targets of its QRCODE links; no token)",
      security: 'none',
      parameters: [
        idPath('id', 'QRCO_', 'QR code'),
        {
          name: 'kind',
          in: 'path',
          required: true,
          description: '`png` for the image, `base64` for the same PNG as base64 text.',
          schema: { type: 'string', enum: ['png', 'base64'] },
        },
      ],
      responses: {
        '200': {
          description: 'The PNG (image/png) or its base64 text (text/plain), by the kind asked for.',
          contentType: 'image/png',
          alsoContentTypes: ['text/plain'],
          headers: noStore,
        },
      },
      errors: [404],
    },
    ...(['pay', 'expire'] as const).map(
      (outcome): Route => ({
        operationId: outcome === 'pay' ? 'simulateQrCodePaid' : 'simulateQrCodeExpired',
        method: 'post',
        path: `/sandbox/qr-codes/{id}/${outcome}`,
        origin: 'api',
        tag: 'Sandbox',
        summary:
          outcome === 'pay'
            ? "Sandbox only: the payer's bank pays a Pix QR code (the order gains a PAID PIX charge)"
            : 'Sandbox only: a Pix QR code expires unpaid now',
        security: 'bearer',
        parameters: [idPath('id', 'QRCO_', 'QR code')],
        responses: { '200': json('Order', orderResponse, 'The order as it now is.') },
        errors: [401, 404, 409],
      }),
    ),
    {
      operationId: 'getMerchantSettings',
      method: 'get',
      path: '/sandbox/merchant/settings',
      origin: 'api',
      tag: 'Sandbox',
      summary:
        "Sandbox only: the account's settings (PCI homologation, sub-merchant charges, released MCCs, webhook secret, Pix name, city and key)",
      security: 'bearer',
      responses: { '200': json('MerchantSettings', merchantSettingsResponse, 'The settings.') },
      errors: [401],
    },
    {
      operationId: 'updateMerchantSettings',
      method: 'post',
      path: '/sandbox/merchant/settings',
      origin: 'api',
      tag: 'Sandbox',
      summary: 'Sandbox only: change the fields sent',
      security: 'bearer',
      body: {
        contentType: 'application/json',
        required: true,
        schema: { name: 'MerchantSettingsRequest', schema: settingsBody },
        example: { pci_homologated: true },
      },
      responses: { '200': json('MerchantSettings', merchantSettingsResponse, 'The settings as they now are.') },
      errors: JSON_BODY_ERRORS,
    },
    {
      operationId: 'rotateWebhookSecret',
      method: 'post',
      path: '/sandbox/merchant/webhook-secret/rotate',
      origin: 'api',
      tag: 'Sandbox',
      summary: 'Sandbox only: replace the webhook signing secret',
      security: 'bearer',
      responses: { '200': json('MerchantSettings', merchantSettingsResponse, 'The settings with the new secret.') },
      errors: [401],
    },
    {
      operationId: 'decideChallenge',
      method: 'post',
      path: '/sandbox/3ds/authentications/{id}/challenge',
      origin: 'api',
      tag: 'Sandbox',
      summary: 'Sandbox only: decide a pending challenge as if the shopper typed `code` (no browser)',
      security: 'bearer',
      parameters: [idPath('id', '3DS_', 'authentication')],
      body: {
        contentType: 'application/json',
        required: true,
        schema: { name: 'ChallengeDecisionRequest', schema: decisionBody },
        example: { code: '123456' },
      },
      responses: {
        '200': json('ChallengeDecision', challengeDecisionResponse, 'The decision and the authentication.'),
      },
      errors: [...JSON_BODY_ERRORS, 404, 409],
    },
    {
      operationId: 'getOpenApiDocument',
      method: 'get',
      path: '/openapi.json',
      origin: 'api',
      tag: 'Reference',
      summary: 'This document',
      security: 'none',
      responses: {
        '200': { description: 'The OpenAPI 3.1 document of the sandbox.', contentType: 'application/json' },
      },
      errors: [404],
    },
    {
      operationId: 'getReferencePage',
      method: 'get',
      path: '/docs',
      origin: 'api',
      tag: 'Reference',
      summary: 'This document as a readable page (offline, no scripts)',
      security: 'none',
      responses: { '200': html('The reference page.') },
      errors: [404],
    },
    ...(['host', 'acs'] as const).map(
      (page): Route => ({
        operationId: page === 'host' ? 'getChallengeHostScript' : 'getIssuerPageScript',
        method: 'get',
        path: `/challenge/${page}.js`,
        origin: 'challenge',
        tag: 'Challenge origin',
        summary: `The ${page === 'host' ? 'challenge host' : 'issuer'} page's script`,
        security: 'none',
        responses: { '200': { description: 'The script.', contentType: 'text/javascript' } },
        errors: [404],
      }),
    ),
    {
      operationId: 'getChallengeStyles',
      method: 'get',
      path: '/challenge/challenge.css',
      origin: 'challenge',
      tag: 'Challenge origin',
      summary: "The challenge pages' stylesheet",
      security: 'none',
      responses: { '200': { description: 'The stylesheet.', contentType: 'text/css' } },
      errors: [],
    },
    {
      operationId: 'getChallengeHost',
      method: 'get',
      path: '/challenge/host',
      origin: 'challenge',
      tag: 'Challenge origin',
      summary: 'The page the SDK frames: the challenge URL plus `parent` and `locale`',
      description: 'Errors are HTML pages when the request accepts text/html, the error body otherwise.',
      security: 'none',
      parameters: challengeQuery,
      responses: { '200': html('The host page.', { headers: pageCsp }) },
      errors: [400, 403],
    },
    {
      operationId: 'getIssuerPage',
      method: 'get',
      path: '/challenge/acs',
      origin: 'challenge',
      tag: 'Challenge origin',
      summary: "The issuer (ACS) simulator's code form, nested in the host page",
      security: 'none',
      parameters: challengeQuery,
      responses: { '200': html('The code form, or the end of the challenge.', { headers: pageCsp }) },
      errors: [400, 403],
    },
    {
      operationId: 'submitIssuerCode',
      method: 'post',
      path: '/challenge/acs',
      origin: 'challenge',
      tag: 'Challenge origin',
      summary:
        "The host page's `creq`, which opens the code form, or the code the shopper typed (the form of the issuer page)",
      description:
        'With `creq` (base64url CReq) and no `code`: the code form, as GET shows it; a `creq` that is not this ' +
        "challenge's is a 400 naming its field (`creq.acsTransID`). With `code`: the code decided; the end page " +
        'form-posts `cres` to /challenge/notification.',
      security: 'none',
      body: {
        contentType: 'application/x-www-form-urlencoded',
        required: true,
        schema: {
          name: 'IssuerCodeForm',
          schema: challengeForm({ code: z.optional(z.string()), creq: z.optional(base64url()) }),
        },
      },
      responses: {
        '200': html('The next page: the form again after a wrong code, or the end.', { headers: pageCsp }),
        '400': html(
          'The form again when the code is not 6 digits; the error body (or an error page, for a browser) when a challenge parameter is missing or malformed.',
          {
            headers: { 'content-security-policy': { ...pageCsp['content-security-policy'], required: false } },
            orError: true,
          },
        ),
      },
      errors: [403, 413, 415],
    },
    {
      operationId: 'endChallenge',
      method: 'post',
      path: CHALLENGE_END_PATH,
      origin: 'challenge',
      tag: 'Challenge origin',
      summary: 'Record that the shopper canceled or the SDK timed out (the host page sends it)',
      security: 'none',
      body: {
        contentType: 'application/x-www-form-urlencoded',
        required: true,
        schema: { name: 'ChallengeEndForm', schema: challengeForm({ reason: z.enum(CHALLENGE_END_REASONS) }) },
      },
      responses: { '200': json('ChallengeEnd', challengeEndResponse, 'The status and reason as they now are.') },
      errors: [400, 403, 413, 415],
    },
    {
      operationId: 'challengeNotification',
      method: 'post',
      path: '/challenge/notification',
      origin: 'challenge',
      tag: 'Challenge origin',
      summary:
        "The 3DS server's challenge notification URL: the issuer page form-posts `cres` (base64url CRes) here when the challenge ended",
      description:
        'Its page tells the host page, which tells the SDK; the outcome shown is the stored one. A `cres` that ' +
        "is not this challenge's is a 400 naming its field (`cres.transStatus`).",
      security: 'none',
      body: {
        contentType: 'application/x-www-form-urlencoded',
        required: true,
        schema: { name: 'ChallengeNotificationForm', schema: challengeForm({ cres: base64url() }) },
      },
      responses: { '200': html('The end of the challenge.', { headers: pageCsp }) },
      errors: [400, 403, 413, 415],
    },
    {
      operationId: 'submitMethodData',
      method: 'post',
      path: METHOD_PATH,
      origin: 'challenge',
      tag: 'Challenge origin',
      summary: "The issuer's (ACS) 3DS Method page: the SDK form-posts `threeDSMethodData` to it in a hidden iframe",
      description:
        "The `method.url` of a REQUIRE_METHOD authentication. Records the browser's fingerprint, then (unless " +
        "the card's page never notifies) form-posts `threeDSMethodData` to its `threeDSMethodNotificationURL` " +
        '(docs/three-ds-flow.md#the-3ds-method).',
      security: 'none',
      body: {
        contentType: 'application/x-www-form-urlencoded',
        required: true,
        schema: { name: 'MethodDataForm', schema: methodForm },
      },
      responses: { '200': html('The method page.', { headers: methodCsp }) },
      errors: [400, 404, 413, 415],
    },
    {
      operationId: 'methodNotification',
      method: 'post',
      path: METHOD_NOTIFICATION_PATH,
      origin: 'challenge',
      tag: 'Challenge origin',
      summary:
        "The 3DS server's method notification URL: the ACS form-posts `threeDSMethodData` here when its method is done",
      description:
        '`threeDSMethodData` holds `{ threeDSServerTransID }` alone, as EMV 3DS has the ACS post it; any other ' +
        "key is a 400. Records the notification (the completion indicator is Y only when it came); its page posts a message to the SDK's page.",
      security: 'none',
      body: {
        contentType: 'application/x-www-form-urlencoded',
        required: true,
        schema: { name: 'MethodDataForm', schema: methodForm },
      },
      responses: { '200': html('The notification page.', { headers: methodCsp }) },
      errors: [400, 404, 413, 415],
    },
    ...Object.keys(METHOD_SCRIPTS).map(
      (file): Route => ({
        operationId: file === 'method.js' ? 'getMethodPageScript' : 'getMethodNotificationScript',
        method: 'get',
        path: `/challenge/${file}`,
        origin: 'challenge',
        tag: 'Challenge origin',
        summary: `The ${file === 'method.js' ? '3DS Method' : 'method notification'} page's script`,
        security: 'none',
        responses: { '200': { description: 'The script.', contentType: 'text/javascript' } },
        errors: [],
      }),
    ),
  ];
}

/** The error body's component, shared by every error answer. */
export const ERROR_SCHEMA: NamedSchema = { name: 'Error', schema: errorBody };

/** The session header's name as the document spells it. */
export const SESSION_HEADER_NAME = SESSION_HEADER;
