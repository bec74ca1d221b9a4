import { describe, expect } from 'vitest';
import type { AuthenticationResource } from '../../src/core/authentication-resource';
import type { Sandbox } from '../../src/sandbox/index';
import { api, card, cardCharge, order } from './support/payments';
import { authData, postAuthentication, validDevice } from './support/sdk-client';
import { it } from './support/sandbox-test';

let other: { id: string; token: string };

it.beforeAll(({ sandbox }) => {
  other = sandbox.addMerchant();
});

async function authenticate(
  sandbox: Sandbox,
  session: string,
  number: string,
  value = 10_000,
): Promise<AuthenticationResource> {
  const res = await postAuthentication(sandbox, session, { data: authData(number, { value }), device: validDevice() });
  expect(res.status).toBe(201);
  return (await res.json()) as AuthenticationResource;
}

describe('GET /3ds/authentications/{id} (merchant bearer token)', () => {
  it('answers status, amount, payment and card (first 6 and last 4 only), then who used it', async ({
    sandbox,
    session,
  }) => {
    const auth = await authenticate(sandbox, session, '4000000000002370', 12_345);
    const res = await api(sandbox, 'GET', `/3ds/authentications/${auth.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: auth.id,
      status: 'AUTH_FLOW_COMPLETED',
      reason: null,
      authentication_status: 'AUTHENTICATED',
      brand: 'visa',
      issuer: auth.issuer,
      trans_status: 'Y',
      eci: '05',
      liability_shift: true,
      authentication_value: expect.stringMatching(/^[A-Za-z0-9+/]{27}=$/),
      method_completion: 'U',
      challenge_window_size: null,
      browser: { accept_header: '*/*', ip: '127.0.0.1' },
      amount: { value: 12_345, currency: 'BRL' },
      payment_method: {
        type: 'CREDIT_CARD',
        installments: 1,
        card_source: 'number',
        first_digits: '400000',
        last_digits: '2370',
        exp_month: 12,
        exp_year: 2099,
      },
      created_at: auth.created_at,
      updated_at: auth.updated_at,
      expires_at: auth.expires_at,
      used_at: null,
      used_by: null,
    });
    expect(JSON.stringify(res.body)).not.toContain('4000000000002370');

    const paid = await api(
      sandbox,
      'POST',
      '/orders',
      order([
        cardCharge({
          value: 12_345,
          card: card('4000000000002370', { exp_month: '12' }),
          extra: { authentication_method: { type: 'THREEDS', id: auth.id } },
        }),
      ]),
    );
    expect(paid.status).toBe(201);
    const used = await api(sandbox, 'GET', `/3ds/authentications/${auth.id}`);
    expect(used.body).toMatchObject({ used_by: paid.body.charges[0].id, used_at: expect.any(String) });
  });

  it('a challenge still open reads REQUIRE_CHALLENGE, without the challenge URL and its token', async ({
    sandbox,
    session,
  }) => {
    const auth = await authenticate(sandbox, session, '4000000000002503');
    const res = await api(sandbox, 'GET', `/3ds/authentications/${auth.id}`);
    expect(res.body).toMatchObject({ status: 'REQUIRE_CHALLENGE', authentication_status: null, reason: null });
    expect(JSON.stringify(res.body)).not.toContain(new URL(auth.challenge!.url).searchParams.get('token')!);
  });

  it("another merchant's id answers exactly as an unknown id: 404", async ({ sandbox, session }) => {
    const auth = await authenticate(sandbox, session, '4000000000002370');
    const theirs = await api(sandbox, 'GET', `/3ds/authentications/${auth.id}`, undefined, {}, other.token);
    const unknown = await api(
      sandbox,
      'GET',
      '/3ds/authentications/3DS_00000000-0000-4000-8000-000000000000',
      undefined,
      {},
      other.token,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    expect(theirs.body.error_messages[0].parameter_name).toBe('authentication_id');
  });

  it('needs the bearer token: the SDK session does not open it', async ({ sandbox, session }) => {
    const auth = await authenticate(sandbox, session, '4000000000002370');
    const res = await fetch(`${sandbox.apiUrl}/3ds/authentications/${auth.id}`, {
      headers: { 'X-Gateway-Session': session },
    });
    expect(res.status).toBe(401);
  });
});
