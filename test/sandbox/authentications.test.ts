import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect } from 'vitest';
import { validateAuthenticationData } from '../../src/core/authentication-request';
import type { AuthenticationResource } from '../../src/core/authentication-resource';
import { SANDBOX_CARDS } from '../../src/sandbox/cards/sandbox-cards';
import { authData, createSession, getAuthentication, postAuthentication, validDevice } from './support/sdk-client';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/;
type ErrorBody = { error_messages: Array<{ code: string; description: string; parameter_name: string }> };

const authenticate = async (
  sandbox: Sandbox,
  session: string,
  number: string,
  patch?: Parameters<typeof authData>[1],
) => {
  const res = await postAuthentication(sandbox, session, { data: authData(number, patch), device: validDevice() });
  return { res, body: (await res.json()) as AuthenticationResource & ErrorBody };
};

describe('POST /checkout-sdk/3ds/authentications: the sandbox cards', () => {
  const expected = {
    NOT_SUPPORTED: 'AUTH_NOT_SUPPORTED',
    DENIED: 'CHANGE_PAYMENT_METHOD',
    FRICTIONLESS: 'AUTH_FLOW_COMPLETED',
    CHALLENGE: 'REQUIRE_CHALLENGE',
  } as const;

  it.for(SANDBOX_CARDS.filter((c) => c.flow !== 'BACKEND_FAILURE').map((c) => [c.number, c] as const))(
    'card %s gives its documented result',
    async ([number, card], { sandbox, session }) => {
      const { res, body } = await authenticate(sandbox, session, number);
      expect(res.status).toBe(201);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(body.id).toMatch(/^3DS_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // A card range with a 3DS Method answers REQUIRE_METHOD first (test/sandbox/three-ds-method.test.ts).
      expect(body.status).toBe(card.method ? 'REQUIRE_METHOD' : expected[card.flow as keyof typeof expected]);
      expect(body.brand).toBe(card.brand);
      expect(body.issuer).toBe(card.issuer);
      expect(body.authentication_status).toBe(card.flow === 'FRICTIONLESS' && !card.method ? card.outcome : null);
      for (const t of [body.created_at, body.updated_at, body.expires_at]) expect(t).toMatch(TIMESTAMP);
      if (card.method) {
        expect(body.challenge).toBeNull();
        expect(body.method).toMatchObject({ url: `${sandbox.challengeUrl}/challenge/acs/method` });
        expect(Date.parse(body.expires_at) - Date.parse(body.created_at)).toBe(10 * 60_000);
      } else if (card.flow === 'CHALLENGE') {
        const url = new URL(body.challenge!.url);
        expect(url.origin).toBe(sandbox.challengeUrl);
        expect(url.pathname).toBe('/challenge/host');
        expect(url.searchParams.get('authentication')).toBe(body.id);
        expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(body.challenge).toMatchObject({ origin: sandbox.challengeUrl, expires_at: body.expires_at });
        expect(Date.parse(body.expires_at) - Date.parse(body.created_at)).toBe(10 * 60_000);
      } else {
        expect(body.challenge).toBeNull();
        expect(Date.parse(body.expires_at) - Date.parse(body.created_at)).toBe(30 * 60_000);
      }
      expect(JSON.stringify(body)).not.toContain(number);
    },
  );

  it('the backend-failure card answers 500 with a trace id and stores nothing', async ({ logs, sandbox, session }) => {
    const { res, body } = await authenticate(sandbox, session, '4000000000005001');
    expect(res.status).toBe(500);
    expect(body.error_messages).toEqual([expect.objectContaining({ code: '50001' })]);
    const trace = res.headers.get('x-trace-id')!;
    expect(trace).toBeTruthy();
    expect(logs.some((l) => l.includes(`trace=${trace}`) && l.includes('internal error'))).toBe(true);
  });

  it('any other card of a known network is frictionless and authenticated; an unknown network is not supported', async ({
    sandbox,
    session,
  }) => {
    expect((await authenticate(sandbox, session, '5555555555554444')).body).toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
      authentication_status: 'AUTHENTICATED',
      brand: 'mastercard',
      issuer: 'Banco Exemplo',
    });
    expect((await authenticate(sandbox, session, '9000000000000001')).body).toMatchObject({
      status: 'AUTH_NOT_SUPPORTED',
      brand: 'unknown',
      issuer: null,
    });
  });

  it('accepts what the SDK sends: numeric strings, spaced card numbers, a "01310-100" postal code', async ({
    sandbox,
    session,
  }) => {
    const data = authData('4000 0000 0000 2370') as {
      paymentMethod: { card: Record<string, unknown>; installments: unknown };
      billingAddress: Record<string, unknown>;
    };
    data.paymentMethod.card.expMonth = '12';
    data.paymentMethod.installments = '3';
    data.billingAddress.postalCode = '01310-100';
    const res = await postAuthentication(sandbox, session, { data, device: validDevice() });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'AUTH_FLOW_COMPLETED', brand: 'visa' });
  });
});

describe('GET /checkout-sdk/3ds/authentications/{id}', () => {
  it('returns the current state, without the challenge token', async ({ sandbox, session }) => {
    const { body: created } = await authenticate(sandbox, session, '4000000000002503');
    const res = await getAuthentication(sandbox, session, created.id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as AuthenticationResource;
    expect(body).toEqual({ ...created, challenge: null });
  });

  it('works with another session of the same merchant', async ({ sandbox, session }) => {
    const { body: created } = await authenticate(sandbox, session, '4000000000002370');
    const res = await getAuthentication(sandbox, await createSession(sandbox), created.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: created.id,
      status: 'AUTH_FLOW_COMPLETED',
      authentication_status: 'AUTHENTICATED',
    });
  });

  it('is 404 for an unknown id and for another merchant’s authentication', async ({ sandbox, session }) => {
    const { body: created } = await authenticate(sandbox, session, '4000000000002370');
    const other = sandbox.addMerchant();
    const otherSession = await createSession(sandbox, undefined, other.token);
    for (const [s, id] of [
      [otherSession, created.id],
      [session, '3DS_00000000-0000-4000-8000-000000000000'],
      [session, 'nonsense'],
    ] as const) {
      const res = await getAuthentication(sandbox, s, id);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error_messages[0]).toMatchObject({
        code: '40401',
        parameter_name: 'id',
      });
    }
  });
});

describe('POST /checkout-sdk/3ds/authentications: bad requests', () => {
  const post = async (sandbox: Sandbox, session: string, body: unknown, headers?: Record<string, string>) => {
    const res = await postAuthentication(sandbox, session, body, headers);
    return { status: res.status, body: (await res.json()) as ErrorBody, trace: res.headers.get('x-trace-id') };
  };

  it('validates data with the SDK’s own schema: the same items, with data. paths', async ({ sandbox, session }) => {
    const data = authData() as {
      customer: { phones: Array<Record<string, unknown>>; email: string };
      amount: Record<string, unknown>;
    };
    data.customer.phones[0]!.number = '123';
    data.customer.email = 'not-an-email';
    data.amount.value = 99;
    const { status, body } = await post(sandbox, session, { data, device: validDevice() });
    expect(status).toBe(400);
    const local = validateAuthenticationData(data, ['data']);
    expect(local.ok).toBe(false);
    const items = local.ok
      ? []
      : local.errors.map((e) => ({ code: e.code, description: e.description, parameter_name: e.parameterName }));
    expect(body.error_messages).toEqual(items);
    expect(body.error_messages.map((e) => e.parameter_name).sort()).toEqual([
      'data.amount.value',
      'data.customer.email',
      'data.customer.phones[0].number',
    ]);
  });

  it('rejects a failing Luhn check without echoing the number', async ({ sandbox, session }) => {
    const { status, body } = await post(sandbox, session, {
      data: authData('4000000000002504'),
      device: validDevice(),
    });
    expect(status).toBe(400);
    expect(body.error_messages).toEqual([
      expect.objectContaining({ code: '40002', parameter_name: 'data.paymentMethod.card.number' }),
    ]);
    expect(JSON.stringify(body)).not.toContain('4000000000002504');
  });

  it('requires data and device', async ({ sandbox, session }) => {
    const { status, body } = await post(sandbox, session, {});
    expect(status).toBe(400);
    expect(body.error_messages).toEqual([
      expect.objectContaining({ code: '40001', parameter_name: 'data' }),
      expect.objectContaining({ code: '40001', parameter_name: 'device' }),
    ]);
  });

  it('validates every device field, and rejects unknown ones', async ({ sandbox, session }) => {
    const device = {
      ...validDevice(),
      colorDepth: 0,
      language: 'pt_BR!',
      javaEnabled: 'no',
      userAgent: undefined,
      fingerprint: 'x',
    };
    const { status, body } = await post(sandbox, session, { data: authData(), device });
    expect(status).toBe(400);
    expect(body.error_messages.map((e) => [e.code, e.parameter_name])).toEqual([
      ['40003', 'device.fingerprint'],
      ['40002', 'device.colorDepth'],
      ['40002', 'device.language'],
      ['40001', 'device.userAgent'],
      ['40002', 'device.javaEnabled'],
    ]);
    expect((await post(sandbox, session, { data: authData(), device: 'iPhone' })).body.error_messages).toEqual([
      expect.objectContaining({ code: '40002', parameter_name: 'device' }),
    ]);
  });

  it('rejects unknown top-level fields with 40003 (the SDK sends only data and device)', async ({
    sandbox,
    session,
  }) => {
    const { status, body } = await post(sandbox, session, {
      data: authData(),
      device: validDevice(),
      dataOnly: false,
      amount: 1,
    });
    expect(status).toBe(400);
    expect(body.error_messages.map((e) => [e.code, e.parameter_name])).toEqual([
      ['40003', 'dataOnly'],
      ['40003', 'amount'],
    ]);
  });

  it.for([
    ['__proto__', '{"data":{"__proto__":{"x":1}},"device":{}}'],
    ['constructor', '{"data":{"customer":{"constructor":{"x":1}}}}'],
    ['prototype', '{"data":{"prototype":1},"device":{}}'],
    // Spelled with escapes, so no literal "__proto__" is in the text: still found.
    ['__proto__', '{"data":{"\\u005f_proto\\u005f_":{"x":1}},"device":{}}'],
  ])('a %s key is 400, never a crash', async ([key, raw], { sandbox, session }) => {
    const { status, body } = await post(sandbox, session, raw);
    expect(status).toBe(400);
    expect(body.error_messages[0]).toMatchObject({ code: '40003', parameter_name: key });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('answers 400 for bad JSON and for JSON that is not an object', async ({ sandbox, session }) => {
    expect(await post(sandbox, session, '{"data":')).toMatchObject({
      status: 400,
      body: { error_messages: [{ code: '40000' }] },
    });
    expect(await post(sandbox, session, '[1,2]')).toMatchObject({
      status: 400,
      body: { error_messages: [{ code: '40002' }] },
    });
    expect(await post(sandbox, session, 'null')).toMatchObject({
      status: 400,
      body: { error_messages: [{ code: '40002' }] },
    });
  });

  it('answers 415 for a body that is not application/json', async ({ sandbox, session }) => {
    const res = await fetch(`${sandbox.apiUrl}/checkout-sdk/3ds/authentications`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'X-Gateway-Session': session },
      body: JSON.stringify({ data: authData(), device: validDevice() }),
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as ErrorBody).error_messages[0]!.code).toBe('41501');
  });

  it('answers 413 for a body over the limit, declared or streamed', async ({ sandbox, session }) => {
    const big = JSON.stringify({ data: authData(), device: validDevice(), pad: 'x'.repeat(70_000) });
    expect(await post(sandbox, session, big)).toMatchObject({
      status: 413,
      body: { error_messages: [{ code: '41301' }] },
    });
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const res = await fetch(`${sandbox.apiUrl}/checkout-sdk/3ds/authentications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Gateway-Session': session },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('is 404 for an unknown path and method, with the error body', async ({ sandbox, session }) => {
    const res = await fetch(`${sandbox.apiUrl}/checkout-sdk/3ds/nothing`, {
      headers: { 'X-Gateway-Session': session },
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error_messages[0]!.code).toBe('40401');
  });
});

describe('sessions on the SDK endpoints', () => {
  it('no session header: 401 UNAUTHORIZED naming the header', async ({ sandbox }) => {
    const res = await fetch(`${sandbox.apiUrl}/checkout-sdk/3ds/authentications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error_messages).toEqual([
      expect.objectContaining({ code: '40101', parameter_name: 'X-Gateway-Session' }),
    ]);
  });

  it('an unknown session or the merchant token: 401 SESSION_EXPIRED', async ({ sandbox }) => {
    for (const s of ['sess_unknown', sandbox.token]) {
      const res = await postAuthentication(sandbox, s, { data: authData(), device: validDevice() });
      expect(res.status).toBe(401);
      expect(((await res.json()) as ErrorBody).error_messages[0]!.code).toBe('40102');
    }
  });

  it('a session is checked before the body is read', async ({ sandbox }) => {
    const res = await postAuthentication(sandbox, 'sess_unknown', '{not json');
    expect(res.status).toBe(401);
  });
});

describe('storage', () => {
  it('keeps brand, first 6, last 4 and expiry only: no card number in any row', async ({ startSandbox }) => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-sbx-'));
    const file = join(dir, 'sandbox.db');
    const own = await startSandbox({ dataFile: file });
    try {
      const s = await createSession(own);
      for (const c of SANDBOX_CARDS)
        await postAuthentication(own, s, { data: authData(c.number), device: validDevice() });
    } finally {
      await own.close();
    }
    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare('SELECT * FROM authentications').all() as Array<Record<string, unknown>>;
      expect(rows).toHaveLength(SANDBOX_CARDS.length - 1);
      const dump = JSON.stringify(rows);
      for (const c of SANDBOX_CARDS) expect(dump).not.toContain(c.number);
      const row = rows.find((r) => r.last_digits === '2503')!;
      expect(row).toMatchObject({
        brand: 'visa',
        first_digits: '400000',
        last_digits: '2503',
        exp_month: 12,
        exp_year: 2099,
        card_source: 'number',
      });
      expect(row.challenge_token_hash).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
