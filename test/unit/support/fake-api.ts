import { vi } from 'vitest';
import type { AuthenticationResource } from '../../../src/core/authentication-resource';

/** An authentication as the API would answer it, final unless told otherwise. */
export function authentication(overrides: Partial<AuthenticationResource> = {}): AuthenticationResource {
  return {
    id: '3DS_6f1c2a5e-8d5b-4c1e-9a7f-0b2d3c4e5f60',
    status: 'AUTH_FLOW_COMPLETED',
    authentication_status: 'AUTHENTICATED',
    reason: null,
    brand: 'visa',
    issuer: 'Banco Exemplo',
    challenge: null,
    method: null,
    trans_status: 'Y',
    eci: '05',
    liability_shift: true,
    method_completion: 'U',
    challenge_window_size: null,
    created_at: '2030-01-01T00:00:00.000-03:00',
    updated_at: '2030-01-01T00:00:00.000-03:00',
    expires_at: '2030-01-01T00:30:00.000-03:00',
    ...overrides,
  };
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** Replaces fetch with a mock answering every call with `answer()`; returns the mock. */
export function stubFetch(
  answer: (url: string, init: RequestInit) => Response | Promise<Response> = () => json(authentication()),
) {
  const mock = vi.fn((url: string | URL | Request, init: RequestInit = {}) =>
    Promise.resolve(answer(String(url), init)),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The JSON body of the n-th fetch call. */
export function sentBody(
  mock: ReturnType<typeof stubFetch>,
  n = 0,
): { data: Record<string, unknown>; device: Record<string, unknown> } {
  const init = mock.mock.calls[n]?.[1];
  if (typeof init?.body !== 'string') throw new Error(`fetch call ${n} has no JSON body`);
  return JSON.parse(init.body);
}
