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

// The request bodies live with the benchmarks' (test/support/request-bodies.mjs).
export {
  boletoCharge,
  card,
  cardCharge,
  CNPJ,
  CPF,
  customer,
  dateIn,
  order,
  shippingAddress,
  subMerchant,
  subMerchantCharge,
} from '../../support/request-bodies.mjs';
