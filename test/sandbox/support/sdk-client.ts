import type { Sandbox } from '../../../src/sandbox/index';

// The bodies live with the benchmarks' (test/support/request-bodies.mjs).
export { authData, validDevice } from '../../support/request-bodies.mjs';

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
  if (res.status !== 200) throw new Error(`session: ${res.status} ${await res.text()}`);
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
