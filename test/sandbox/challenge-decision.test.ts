import { describe, expect } from 'vitest';
import type { AuthenticationResource } from '../../src/core/authentication-resource';
import { authData, getAuthentication, postAuthentication, validDevice } from './support/sdk-client';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

// These tests pin the refusals of strict mode (40003 for a field the request does not know, as
// before the sandbox followed the provider): test/sandbox/conformance covers the default.
it.override('sandboxOptions', { strict: true });

type Decision = { decision: string; attempts_left: number; authentication: AuthenticationResource };
type ErrorBody = { error_messages: Array<{ code: string; description: string; parameter_name: string }> };

/** A new authentication of `card`: REQUIRE_CHALLENGE for the challenge cards. */
const pending = async (sandbox: Sandbox, session: string, card = '4000000000002503') => {
  const res = await postAuthentication(sandbox, session, { data: authData(card), device: validDevice() });
  return ((await res.json()) as AuthenticationResource).id;
};
const decide = (sandbox: Sandbox, id: string, body: unknown, token = sandbox.token) =>
  fetch(`${sandbox.apiUrl}/sandbox/3ds/authentications/${encodeURIComponent(id)}/challenge`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const stateOf = async (sandbox: Sandbox, session: string, id: string) =>
  (await (await getAuthentication(sandbox, session, id)).json()) as AuthenticationResource;

describe('POST /sandbox/3ds/authentications/{id}/challenge: deciding a challenge without the UI', () => {
  it('the passing code completes the authentication AUTHENTICATED, as the SDK then reads it', async ({
    sandbox,
    session,
  }) => {
    const id = await pending(sandbox, session);
    const res = await decide(sandbox, id, { code: '123456' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Decision;
    expect(body).toMatchObject({
      decision: 'AUTHENTICATED',
      attempts_left: 0,
      authentication: { id, status: 'AUTH_FLOW_COMPLETED', authentication_status: 'AUTHENTICATED', challenge: null },
    });
    expect(await stateOf(sandbox, session, id)).toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
      authentication_status: 'AUTHENTICATED',
    });
  });

  it('the refused code completes it NOT_AUTHENTICATED', async ({ sandbox, session }) => {
    const id = await pending(sandbox, session);
    expect(await (await decide(sandbox, id, { code: '000000' })).json()).toMatchObject({
      decision: 'NOT_AUTHENTICATED',
      authentication: { authentication_status: 'NOT_AUTHENTICATED' },
    });
  });

  it('wrong codes count like the issuer page: two retries, the third fails the challenge', async ({
    sandbox,
    session,
  }) => {
    const id = await pending(sandbox, session);
    expect(await (await decide(sandbox, id, { code: '111111' })).json()).toMatchObject({
      decision: 'RETRY',
      attempts_left: 2,
      authentication: { status: 'REQUIRE_CHALLENGE' },
    });
    expect(await (await decide(sandbox, id, { code: '222222' })).json()).toMatchObject({
      decision: 'RETRY',
      attempts_left: 1,
    });
    expect(await (await decide(sandbox, id, { code: '333333' })).json()).toMatchObject({
      decision: 'NOT_AUTHENTICATED',
      attempts_left: 0,
    });
  });

  it('a decided challenge cannot be decided again: 409 naming id', async ({ sandbox, session }) => {
    const id = await pending(sandbox, session);
    await decide(sandbox, id, { code: '123456' });
    const res = await decide(sandbox, id, { code: '000000' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error_messages[0]).toMatchObject({ code: '40901', parameter_name: 'id' });
    expect(await stateOf(sandbox, session, id)).toMatchObject({ authentication_status: 'AUTHENTICATED' });
  });

  it('a frictionless authentication has no challenge to decide: 409', async ({ sandbox, session }) => {
    const id = await pending(sandbox, session, '4000000000002370');
    expect((await decide(sandbox, id, { code: '123456' })).status).toBe(409);
  });

  it.for([
    [{}, '40001', 'code'],
    [{ code: 123456 }, '40002', 'code'],
    [{ code: '12' }, '40002', 'code'],
    [{ code: '123456', extra: 1 }, '40003', 'extra'],
  ])('bad body %j: 400 naming the field', async ([body, code, parameter], { sandbox, session }) => {
    const id = await pending(sandbox, session);
    const res = await decide(sandbox, id, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error_messages).toContainEqual(
      expect.objectContaining({ code, parameter_name: parameter }),
    );
    expect(await stateOf(sandbox, session, id)).toMatchObject({ status: 'REQUIRE_CHALLENGE' });
  });

  it("needs the merchant token, and sees only that merchant's authentications", async ({ sandbox, session }) => {
    const id = await pending(sandbox, session);
    expect((await decide(sandbox, id, { code: '123456' }, 'sbx_wrong')).status).toBe(401);
    const other = sandbox.addMerchant();
    const res = await decide(sandbox, id, { code: '123456' }, other.token);
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error_messages[0]).toMatchObject({ parameter_name: 'id' });
    expect(await stateOf(sandbox, session, id)).toMatchObject({ status: 'REQUIRE_CHALLENGE' });
  });

  it('an expired challenge cannot be decided', async ({ sandbox, session }) => {
    const id = await pending(sandbox, session);
    sandbox.clock.advance(24 * 60 * 60 * 1000);
    expect((await decide(sandbox, id, { code: '123456' })).status).toBe(409);
  });
});
