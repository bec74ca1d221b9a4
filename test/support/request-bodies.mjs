// The request bodies the tests and the benchmarks send: one shopper, one address, one card of
// each kind. Plain JavaScript, so the benchmark scripts import it without a build (types in
// request-bodies.d.mts). Each call builds a fresh object: a test that changes one never leaks
// into another.

export const CPF = '12345678909';
export const CNPJ = '11222333000181';

export const customer = () => ({
  name: 'Maria Silva',
  email: 'maria.silva@example.com.br',
  tax_id: CPF,
  phones: [{ country: '55', area: '11', number: '999999999', type: 'MOBILE' }],
});

export const shippingAddress = () => ({
  street: 'Avenida Brigadeiro Faria Lima',
  number: '1384',
  complement: 'apto 12',
  locality: 'Pinheiros',
  city: 'São Paulo',
  region_code: 'SP',
  country: 'BRA',
  postal_code: '01452002',
});

/** A clear card of the sandbox: any future expiry works. */
export const card = (number = '4111111111111111', extra = {}) => ({
  number,
  exp_month: '03',
  exp_year: '2099',
  security_code: '123',
  holder: { name: 'Maria Silva' },
  ...extra,
});

/** A card charge of POST /orders; `patch` changes its amount, type, capture, installments or card. */
export function cardCharge(patch = {}) {
  return {
    reference_id: 'charge-1',
    description: 'Pedido 1',
    amount: { value: patch.value ?? 10_000, currency: 'BRL' },
    payment_method: {
      type: patch.type ?? 'CREDIT_CARD',
      installments: patch.installments ?? 1,
      capture: patch.capture ?? true,
      card: patch.card ?? card(patch.number),
      ...patch.extra,
    },
  };
}

/** A date `days` from the sandbox's today (UTC-3), YYYY-MM-DD: a boleto's due date. */
export function dateIn(days, now = Date.now()) {
  return new Date(now - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** A boleto charge of POST /orders, due in 3 days. */
export function boletoCharge(value = 15_000, boleto = {}) {
  return {
    reference_id: 'boleto-1',
    description: 'Pedido boleto',
    amount: { value, currency: 'BRL' },
    payment_method: {
      type: 'BOLETO',
      boleto: {
        due_date: dateIn(3),
        instruction_lines: { line_1: 'Pagamento processado para DESC Fatura', line_2: 'Via Gateway' },
        holder: {
          name: 'José da Silva',
          tax_id: CPF,
          email: 'jose@example.com.br',
          address: {
            country: 'Brasil',
            region: 'São Paulo',
            region_code: 'SP',
            city: 'São Paulo',
            postal_code: '01452002',
            street: 'Avenida Brigadeiro Faria Lima',
            number: '1384',
            locality: 'Pinheiros',
          },
        },
        ...boleto,
      },
    },
  };
}

/** A POST /orders body: with `charges` when given, `extra` keys added or replaced (undefined leaves one out). */
export function order(charges, extra = {}) {
  return {
    reference_id: 'ex-00001',
    customer: customer(),
    items: [{ reference_id: 'item-1', name: 'Camiseta', quantity: 2, unit_amount: 5_000 }],
    shipping: { address: shippingAddress() },
    notification_urls: ['https://merchant.example/notify'],
    ...(charges && { charges }),
    ...extra,
  };
}

export const subMerchant = (mcc = '5411') => ({
  name: 'Mercado do Bairro',
  reference_id: 'sub-1',
  tax_id: CNPJ,
  mcc,
  address: { ...shippingAddress(), complement: '' },
  phones: [{ country: '55', area: '11', number: '33334444', type: 'BUSINESS' }],
});

export function subMerchantCharge(patch = {}, mcc) {
  return { ...cardCharge(patch), sub_merchant: subMerchant(mcc) };
}

/** The device block the SDK sends (see src/sdk/read-device-info.ts). */
export function validDevice() {
  return {
    screenWidth: 1920,
    screenHeight: 1080,
    colorDepth: 24,
    timeZoneOffset: 180,
    language: 'pt-BR',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
    javaEnabled: false,
    javascriptEnabled: true,
  };
}

/** A valid authentication `data` (as the SDK sends it after validation) for a card number. */
export function authData(number = '4000000000002370', patch = {}) {
  return {
    customer: {
      name: 'Maria Silva',
      email: 'maria.silva@example.com.br',
      phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
    },
    paymentMethod: {
      type: patch.type ?? 'CREDIT_CARD',
      installments: patch.installments ?? 1,
      card: { number, expMonth: 12, expYear: 2099, holder: { name: 'Maria Silva' } },
    },
    amount: { value: patch.value ?? 10_000, currency: 'BRL' },
    billingAddress: {
      street: 'Avenida Paulista',
      number: '1000',
      city: 'São Paulo',
      regionCode: 'SP',
      country: 'BRA',
      postalCode: '01310100',
    },
  };
}
