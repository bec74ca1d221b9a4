import type { Sandbox } from '../../../src/sandbox/index';

/** A JSON API call with the merchant's token. */
export interface ApiCall {
  status: number;
  headers: Headers;
  body: any;
}

/** Calls the sandbox API as a merchant server does. */
export async function api(
  sandbox: Sandbox,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  token = sandbox.token,
): Promise<ApiCall> {
  const res = await fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** The parameter names of an error response, for compact assertions. */
export const paramsOf = (call: ApiCall): string[] =>
  (call.body?.error_messages ?? []).map((e: { parameter_name: string }) => e.parameter_name);

/** The error item of one parameter. */
export const errorOf = (
  call: ApiCall,
  parameter: string,
): { code: string; description: string; parameter_name: string } | undefined =>
  (call.body?.error_messages ?? []).find((e: { parameter_name: string }) => e.parameter_name === parameter);

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
export const card = (number = '4111111111111111', extra: Record<string, unknown> = {}) => ({
  number,
  exp_month: '03',
  exp_year: '2099',
  security_code: '123',
  holder: { name: 'Maria Silva' },
  ...extra,
});

export function cardCharge(
  patch: {
    value?: number | string;
    type?: string;
    capture?: boolean;
    installments?: number;
    number?: string;
    card?: Record<string, unknown>;
    extra?: Record<string, unknown>;
  } = {},
) {
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

/** A date `days` from the sandbox's today (UTC-3), YYYY-MM-DD. */
export function dateIn(days: number, now = Date.now()): string {
  return new Date(now - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

export function boletoCharge(value: number | string = 15_000, boleto: Record<string, unknown> = {}) {
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

export function order(charges?: unknown[], extra: Record<string, unknown> = {}) {
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

export function subMerchantCharge(patch: Parameters<typeof cardCharge>[0] = {}, mcc?: string) {
  return { ...cardCharge(patch), sub_merchant: subMerchant(mcc) };
}
