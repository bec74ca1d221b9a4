import { describe, expect } from 'vitest';
import { authData, createSession, getAuthentication, postAuthentication, validDevice } from './support/sdk-client';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

// These tests pin the refusals of strict mode (40003 for a field the request does not know, as
// before the sandbox followed the provider): test/sandbox/conformance covers the default.
it.override('sandboxOptions', { strict: true });

type ErrorBody = { error_messages: Array<{ code: string; description: string; parameter_name: string }> };
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/;

const create = (sandbox: Sandbox, init: { body?: string; headers?: Record<string, string> } = {}) =>
  fetch(`${sandbox.apiUrl}/checkout-sdk/sessions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.token}`, ...init.headers },
    body: init.body,
  });

const works = async (sandbox: Sandbox, session: string) =>
  (await postAuthentication(sandbox, session, { data: authData(), device: validDevice() })).status;

describe('POST /checkout-sdk/sessions', () => {
  it('creates a session valid 30 minutes, with an empty body', async ({ sandbox }) => {
    const res = await create(sandbox);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { session: string; expires_at: string };
    expect(Object.keys(body).sort()).toEqual(['expires_at', 'session']);
    expect(body.session).toMatch(/^sess_[A-Za-z0-9_-]{43}$/);
    expect(body.expires_at).toMatch(TIMESTAMP);
    const ttl = Date.parse(body.expires_at) - sandbox.clock.now().getTime();
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000);
    expect(res.headers.get('x-trace-id')).toBeTruthy();
  });

  it('accepts {} and a bare token (docs/rules.md: one published example sends it without "Bearer")', async ({
    sandbox,
  }) => {
    expect((await create(sandbox, { body: '{}', headers: { 'Content-Type': 'application/json' } })).status).toBe(200);
    const bare = await fetch(`${sandbox.apiUrl}/checkout-sdk/sessions`, {
      method: 'POST',
      headers: { Authorization: sandbox.token },
    });
    expect(bare.status).toBe(200);
  });

  it('each session is distinct', async ({ sandbox }) => {
    const [a, b] = await Promise.all([createSession(sandbox), createSession(sandbox)]);
    expect(a).not.toBe(b);
  });

  it.for([
    ['no Authorization', {}],
    ['a wrong token', { Authorization: 'Bearer sbx_wrong' }],
    ['an empty Bearer', { Authorization: 'Bearer ' }],
  ] as const)('401 UNAUTHORIZED with %s', async ([_, headers], { sandbox }) => {
    const res = await fetch(`${sandbox.apiUrl}/checkout-sdk/sessions`, { method: 'POST', headers });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error_messages).toEqual([
      expect.objectContaining({ code: '40101', parameter_name: 'Authorization' }),
    ]);
  });

  it('takes expires_in null as left out: 30 minutes (docs/rules.md#null-means-not-given)', async ({ sandbox }) => {
    const res = await create(sandbox, { body: '{"expires_in":null}', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(200);
    const ttl = Date.parse(((await res.json()) as { expires_at: string }).expires_at) - sandbox.clock.now().getTime();
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000);
  });

  it.for([0, 1801, -5, 1.5, '60', true] as const)('expires_in %j is 400 40002', async (value, { sandbox }) => {
    const res = await create(sandbox, {
      body: JSON.stringify({ expires_in: value }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error_messages).toEqual([
      expect.objectContaining({ code: '40002', parameter_name: 'expires_in' }),
    ]);
  });

  it('unknown fields are 40003; a body must be JSON', async ({ sandbox }) => {
    const unknown = await create(sandbox, { body: '{"ttl":5}', headers: { 'Content-Type': 'application/json' } });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as ErrorBody).error_messages).toEqual([
      expect.objectContaining({ code: '40003', parameter_name: 'ttl' }),
    ]);
    expect(
      (
        await create(sandbox, {
          body: 'expires_in=5',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(415);
    expect((await create(sandbox, { body: '{', headers: { 'Content-Type': 'application/json' } })).status).toBe(400);
    expect(
      (await create(sandbox, { body: '{"__proto__":{}}', headers: { 'Content-Type': 'application/json' } })).status,
    ).toBe(400);
  });
});

describe('session expiry (sandbox clock)', () => {
  it('a session works until its expiry, then answers 401 SESSION_EXPIRED', async ({ sandbox }) => {
    const { session, expires_at } = (await (await create(sandbox)).json()) as { session: string; expires_at: string };
    expect(await works(sandbox, session)).toBe(201);
    // A minute short of expiry, then past it: real time running on between the calls cannot flip either.
    sandbox.clock.advance(Date.parse(expires_at) - sandbox.clock.now().getTime() - 60_000);
    expect(await works(sandbox, session)).toBe(201);
    sandbox.clock.advance(60_000);
    const res = await postAuthentication(sandbox, session, { data: authData(), device: validDevice() });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error_messages).toEqual([
      expect.objectContaining({ code: '40102', parameter_name: 'X-Gateway-Session' }),
    ]);
    expect(await works(sandbox, await createSession(sandbox))).toBe(201);
  });

  it('expires_in shortens a session; GET is refused too once it expired', async ({ sandbox }) => {
    const session = await createSession(sandbox, { expires_in: 60 });
    const created = (await (
      await postAuthentication(sandbox, session, { data: authData(), device: validDevice() })
    ).json()) as { id: string };
    expect((await getAuthentication(sandbox, session, created.id)).status).toBe(200);
    sandbox.clock.advance(60_000);
    expect((await getAuthentication(sandbox, session, created.id)).status).toBe(401);
    expect((await getAuthentication(sandbox, await createSession(sandbox), created.id)).status).toBe(200);
  });

  it('another merchant’s sessions work for that merchant', async ({ sandbox }) => {
    const other = sandbox.addMerchant();
    const session = await createSession(sandbox, undefined, other.token);
    expect(await works(sandbox, session)).toBe(201);
  });
});
