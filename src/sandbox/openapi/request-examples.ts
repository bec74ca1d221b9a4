/**
 * The request examples of the OpenAPI document, which the contract tests also send: each is a
 * request the sandbox answers with success (sandbox cards from docs/sandbox.md#sandbox-cards).
 */

/** A card order paid at once with a sandbox card: the example of POST /orders. */
export const ORDER_EXAMPLE = {
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

/** A sub-merchant's charge, authorized and not yet captured: the example of POST /charges. */
export const CHARGE_EXAMPLE = {
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
export const AUTHENTICATION_EXAMPLE = {
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
/** The 3DS request's examples as the document names them, one per card of AUTHENTICATION_CARDS. */
export const authenticationExamples = () =>
  Object.fromEntries(
    Object.entries(AUTHENTICATION_CARDS).map(([name, { number, summary }]) => {
      const value = structuredClone(AUTHENTICATION_EXAMPLE);
      value.data.paymentMethod.card.number = number;
      return [name, { summary: `${number}: ${summary}`, value }];
    }),
  );
