import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthenticationResource } from '../../src/core/authentication-resource';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { authData, createSession, getAuthentication, postAuthentication, validDevice } from './support/sdk-client';

type Decision = { decision: string; attempts_left: number; authentication: AuthenticationResource };
type ErrorBody = { error_messages: Array<{ code: string; description: string; parameter_name: string }> };

let sandbox: Sandbox;
let session: string;
const logs: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ log: (line) => logs.push(line) });
  session = await createSession(sandbox);
});
afterAll(() => sandbox.close());

/** A new authentication of `card`: REQUIRE_CHALLENGE for the challenge cards. */
const pending = async (card = '4000000000002503') => {
  const res = await postAuthentication(sandbox, session, { data: authData(card), device: validDevice() });
  return ((await res.json()) as AuthenticationResource).id;
};
const decide = (id: string, body: unknown, token = sandbox.token) =>
  fetch(`${sandbox.apiUrl}/sandbox/3ds/authentications/${encodeURIComponent(id)}/challenge`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const stateOf = async (id: string) =>
  (await (await getAuthentication(sandbox, session, id)).json()) as AuthenticationResource;

describe('POST /sandbox/3ds/authentications/{id}/challenge: deciding a challenge without the UI', () => {
  it('the passing code completes the authentication AUTHENTICATED, as the SDK then reads it', async () => {
    const id = await pending();
    const res = await decide(id, { code: '123456' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Decision;
    expect(body).toMatchObject({
      decision: 'AUTHENTICATED',
      attempts_left: 0,
      authentication: { id, status: 'AUTH_FLOW_COMPLETED', authentication_status: 'AUTHENTICATED', challenge: null },
    });
    expect(await stateOf(id)).toMatchObject({ status: 'AUTH_FLOW_COMPLETED', authentication_status: 'AUTHENTICATED' });
  });

  it('the refused code completes it NOT_AUTHENTICATED', async () => {
    const id = await pending();
    expect(await (await decide(id, { code: '000000' })).json()).toMatchObject({
      decision: 'NOT_AUTHENTICATED',
      authentication: { authentication_status: 'NOT_AUTHENTICATED' },
    });
  });

  it('wrong codes count like the issuer page: two retries, the third fails the challenge', async () => {
    const id = await pending();
    expect(await (await decide(id, { code: '111111' })).json()).toMatchObject({
      decision: 'RETRY',
      attempts_left: 2,
      authentication: { status: 'REQUIRE_CHALLENGE' },
    });
    expect(await (await decide(id, { code: '222222' })).json()).toMatchObject({ decision: 'RETRY', attempts_left: 1 });
    expect(await (await decide(id, { code: '333333' })).json()).toMatchObject({
      decision: 'NOT_AUTHENTICATED',
      attempts_left: 0,
    });
  });

  it('a decided challenge cannot be decided again: 409 naming id', async () => {
    const id = await pending();
    await decide(id, { code: '123456' });
    const res = await decide(id, { code: '000000' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error_messages[0]).toMatchObject({ code: '40901', parameter_name: 'id' });
    expect(await stateOf(id)).toMatchObject({ authentication_status: 'AUTHENTICATED' });
  });

  it('a frictionless authentication has no challenge to decide: 409', async () => {
    const id = await pending('4000000000002370');
    expect((await decide(id, { code: '123456' })).status).toBe(409);
  });

  it.each([
    [{}, '40001', 'code'],
    [{ code: 123456 }, '40002', 'code'],
    [{ code: '12' }, '40002', 'code'],
    [{ code: '123456', extra: 1 }, '40003', 'extra'],
  ])('bad body %j: 400 naming the field', async (body, code, parameter) => {
    const id = await pending();
    const res = await decide(id, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error_messages).toContainEqual(
      expect.objectContaining({ code, parameter_name: parameter }),
    );
    expect(await stateOf(id)).toMatchObject({ status: 'REQUIRE_CHALLENGE' });
  });

  it("needs the merchant token, and sees only that merchant's authentications", async () => {
    const id = await pending();
    expect((await decide(id, { code: '123456' }, 'sbx_wrong')).status).toBe(401);
    const other = sandbox.addMerchant();
    const res = await decide(id, { code: '123456' }, other.token);
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error_messages[0]).toMatchObject({ parameter_name: 'id' });
    expect(await stateOf(id)).toMatchObject({ status: 'REQUIRE_CHALLENGE' });
  });

  it('an expired challenge cannot be decided', async () => {
    const id = await pending();
    sandbox.clock.advance(24 * 60 * 60 * 1000);
    expect((await decide(id, { code: '123456' })).status).toBe(409);
  });
});
