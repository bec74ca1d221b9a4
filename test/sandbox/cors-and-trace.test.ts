import { describe, expect } from 'vitest';
import { SANDBOX_CARDS } from '../../src/sandbox/cards/sandbox-cards';
import { authData, createSession, postAuthentication, validDevice } from './support/sdk-client';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

const preflight = (sandbox: Sandbox, origin: string) =>
  fetch(`${sandbox.apiUrl}/checkout-sdk/3ds/authentications`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type,x-gateway-session,x-trace-id',
    },
  });

describe('CORS', () => {
  it('is permissive by default: any merchant origin may call the SDK endpoints', async ({ startSandbox }) => {
    const sandbox = await startSandbox();
    const res = await preflight(sandbox, 'http://shop.example:8080');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://shop.example:8080');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-gateway-session');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const session = await createSession(sandbox);
    const post = await postAuthentication(
      sandbox,
      session,
      { data: authData(), device: validDevice() },
      { Origin: 'http://shop.example:8080' },
    );
    expect(post.headers.get('access-control-allow-origin')).toBe('http://shop.example:8080');
    expect(post.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('x-trace-id');
  });

  it('every answer of an SDK endpoint carries its grant, Vary: Origin and the trace id, error answers too', async ({
    startSandbox,
  }) => {
    const sandbox = await startSandbox();
    const session = await createSession(sandbox);
    const origin = { Origin: 'http://shop.example:8080' };
    const answers = [
      await postAuthentication(sandbox, session, { data: authData(), device: validDevice() }, origin),
      await postAuthentication(sandbox, 'sess_unknown', '{}', origin),
      await postAuthentication(sandbox, session, '{"data":', origin),
      await fetch(`${sandbox.apiUrl}/checkout-sdk/3ds/authentications/3DS_none`, {
        headers: { ...origin, 'X-Gateway-Session': session },
      }),
    ];
    expect(answers.map((r) => r.status)).toEqual([201, 401, 400, 404]);
    for (const res of answers) {
      expect(res.headers.get('access-control-allow-origin')).toBe('http://shop.example:8080');
      expect(res.headers.get('access-control-expose-headers')).toBe('x-trace-id');
      expect(res.headers.get('vary')).toBe('Origin');
      expect(res.headers.get('x-trace-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('restricted by corsOrigins: listed origins pass, others get no CORS grant', async ({ startSandbox }) => {
    const sandbox = await startSandbox({ corsOrigins: ['http://shop.example'] });
    expect((await preflight(sandbox, 'http://shop.example')).headers.get('access-control-allow-origin')).toBe(
      'http://shop.example',
    );
    expect((await preflight(sandbox, 'http://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    const session = await createSession(sandbox);
    const post = await postAuthentication(
      sandbox,
      session,
      { data: authData(), device: validDevice() },
      { Origin: 'http://evil.example' },
    );
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('trace ids and logs', () => {
  it('answers the caller’s well-formed x-trace-id and logs it', async ({ sandbox, logs }) => {
    const session = await createSession(sandbox);
    const res = await postAuthentication(
      sandbox,
      session,
      { data: authData(), device: validDevice() },
      { 'X-Trace-Id': 'sdk-trace-0001' },
    );
    expect(res.headers.get('x-trace-id')).toBe('sdk-trace-0001');
    expect(logs.filter((l) => l.includes('trace=sdk-trace-0001'))).toEqual([
      expect.stringMatching(/POST \/checkout-sdk\/3ds\/authentications 201/),
    ]);
  });

  it('replaces a malformed trace id with its own, on errors too', async ({ sandbox, logs }) => {
    const res = await postAuthentication(sandbox, 'sess_unknown', '{}', { 'X-Trace-Id': 'bad id\twith spaces' });
    const trace = res.headers.get('x-trace-id')!;
    expect(res.status).toBe(401);
    expect(trace).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.some((l) => l.includes(`trace=${trace}`) && l.includes(' 401 '))).toBe(true);
  });

  it('no log line ever holds a card number, whatever happened to the request', async ({ sandbox, logs }) => {
    const session = await createSession(sandbox);
    for (const card of SANDBOX_CARDS)
      await postAuthentication(sandbox, session, { data: authData(card.number), device: validDevice() });
    await postAuthentication(sandbox, session, { data: authData('4000000000002504'), device: validDevice() });
    await postAuthentication(sandbox, session, `{"data":{"paymentMethod":{"card":{"number":"4000000000002370"`);
    const all = logs.join('\n');
    expect(all).toContain('internal error');
    for (const n of [...SANDBOX_CARDS.map((c) => c.number), '4000000000002504']) expect(all).not.toContain(n);
    expect(all).not.toMatch(/\d{13,}/);
  });
});
