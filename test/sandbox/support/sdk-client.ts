import type { Sandbox } from '../../../src/sandbox/index';

/** The device block the SDK sends (see src/sdk/read-device-info.ts). */
export function validDevice(): Record<string, unknown> {
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
export function authData(
  number = '4000000000002370',
  patch: { type?: string; installments?: number; value?: number } = {},
): Record<string, unknown> {
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

/** Creates an SDK session with the merchant token. */
export async function createSession(
  sandbox: Sandbox,
  body?: Record<string, unknown>,
  token = sandbox.token,
): Promise<string> {
  const res = await fetch(`${sandbox.apiUrl}/checkout-sdk/sessions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(body && { 'Content-Type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`session: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { session: string }).session;
}

/** POSTs an authentication as the SDK does. */
export function postAuthentication(
  sandbox: Sandbox,
  session: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${sandbox.apiUrl}/checkout-sdk/3ds/authentications`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Gateway-Session': session, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** GETs an authentication as the SDK does. */
export function getAuthentication(sandbox: Sandbox, session: string, id: string): Promise<Response> {
  return fetch(`${sandbox.apiUrl}/checkout-sdk/3ds/authentications/${encodeURIComponent(id)}`, {
    headers: { 'X-Gateway-Session': session },
  });
}
