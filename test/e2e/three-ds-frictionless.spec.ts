import type { Page } from '@playwright/test';
import type { Sandbox } from '../../dist/sandbox/index.js';
import { expect, test } from './fixtures';

/** What a page's authenticate3DS call settled with, made serialisable. */
type Settled =
  | { ok: true; result: { status: string; id?: string; authenticationStatus?: string } }
  | {
      ok: false;
      error: {
        name: string;
        code: string;
        detail: { httpStatus: number; traceId: string; message: string; errorMessages: unknown[] };
      };
    };

/** The slice of window.Gateway these tests call. */
interface GatewayGlobal {
  env: { SANDBOX: string };
  setUp(options: { session: string; env: string }): void;
  authenticate3DS(request: object): Promise<Extract<Settled, { ok: true }>['result']>;
}

const PAGE = (sdkUrl: string) =>
  `<!doctype html><html><head><title>Checkout</title></head><body><h1>Checkout</h1><script src="${sdkUrl}"></script></body></html>`;

/** The merchant's server creating an SDK session with its bearer token. */
async function newSession(sandbox: Sandbox, body?: object): Promise<string> {
  const res = await fetch(`${sandbox.apiUrl}/checkout-sdk/sessions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.token}`, ...(body && { 'Content-Type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { session: string }).session;
}

/** Counts the POSTs to the authentication endpoint, as the browser sent them. */
function countAuthenticationPosts(page: Page, sandbox: Sandbox): () => number {
  let count = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url() === `${sandbox.apiUrl}/checkout-sdk/3ds/authentications`) count++;
  });
  return () => count;
}

/** Calls setUp (no apiUrl: the script tag's origin is the API) and authenticate3DS in the page. */
function authenticate(page: Page, session: string, cardNumber: string, type = 'CREDIT_CARD'): Promise<Settled> {
  return page.evaluate(
    async ({ session, cardNumber, type }) => {
      const G = (window as unknown as { Gateway: GatewayGlobal }).Gateway;
      G.setUp({ session, env: G.env.SANDBOX });
      try {
        const result = await G.authenticate3DS({
          dataOnly: false,
          data: {
            customer: {
              name: 'Maria Silva',
              email: 'maria@example.com.br',
              phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
            },
            paymentMethod: {
              type,
              installments: 1,
              card: { number: cardNumber, expMonth: 12, expYear: 2099, holder: { name: 'Maria Silva' } },
            },
            amount: { value: 15_000, currency: 'BRL' },
            billingAddress: {
              street: 'Avenida Paulista',
              number: '1000',
              city: 'São Paulo',
              regionCode: 'SP',
              country: 'BRA',
              postalCode: '01310-100',
            },
          },
        });
        return { ok: true as const, result };
      } catch (e) {
        const err = e as Extract<Settled, { ok: false }>['error'];
        return { ok: false as const, error: { name: err.name, code: err.code, detail: err.detail } };
      }
    },
    { session, cardNumber, type },
  );
}

test.describe('authenticate3DS through the script tag served by the sandbox', () => {
  test.beforeEach(async ({ page, merchant, sandbox }) => {
    await page.goto(merchant.page('/checkout', { html: PAGE(sandbox.sdkUrl) }));
    await expect
      .poll(() => page.evaluate(() => typeof (window as unknown as { Gateway?: unknown }).Gateway))
      .toBe('object');
  });

  const cards: ReadonlyArray<readonly [string, string, { status: string; authenticationStatus?: string }]> = [
    [
      'frictionless (visa)',
      '4000000000002370',
      { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
    ],
    [
      'frictionless (mastercard)',
      '5200000000001104',
      { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
    ],
    [
      'frictionless (elo)',
      '6505050000001109',
      { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
    ],
    [
      'frictionless, not authenticated',
      '4000000000003204',
      { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'NOT_AUTHENTICATED' },
    ],
    ['not supported (visa)', '4000000000002719', { status: 'AUTH_NOT_SUPPORTED' }],
    ['not supported (elo)', '6505050000001026', { status: 'AUTH_NOT_SUPPORTED' }],
    ['change payment method', '4000000000003006', { status: 'CHANGE_PAYMENT_METHOD' }],
  ];

  for (const [name, number, expected] of cards) {
    test(`${name}: settles in exactly one API request`, async ({ page, merchant, sandbox }) => {
      expect(new URL(sandbox.apiUrl).origin).not.toBe(new URL(merchant.url).origin);
      const posts = countAuthenticationPosts(page, sandbox);
      // Nothing else either: no 3DS Method, no continue call, no challenge script or page.
      const others: string[] = [];
      page.on('request', (r) => {
        const url = r.url();
        const post = r.method() === 'POST' && url === `${sandbox.apiUrl}/checkout-sdk/3ds/authentications`;
        if (!post && (url.startsWith(sandbox.apiUrl) || url.startsWith(sandbox.challengeUrl)))
          others.push(`${r.method()} ${url}`);
      });
      const session = await newSession(sandbox);
      const settled = await authenticate(page, session, number);
      const traceId = expect.stringMatching(/^[0-9a-f-]{36}$/);
      expect(settled).toEqual({
        ok: true,
        result:
          expected.status === 'AUTH_FLOW_COMPLETED'
            ? { ...expected, id: expect.stringMatching(/^3DS_[0-9a-f-]{36}$/), traceId }
            : { ...expected, traceId },
      });
      expect(posts()).toBe(1);
      expect(others).toEqual([]);
      if (settled.ok && settled.result.id) {
        // The id is real: the merchant's order will find it completed.
        const res = await fetch(`${sandbox.apiUrl}/checkout-sdk/3ds/authentications/${settled.result.id}`, {
          headers: { 'X-Gateway-Session': session },
        });
        expect(await res.json()).toMatchObject({
          id: settled.result.id,
          status: 'AUTH_FLOW_COMPLETED',
          authentication_status: expected.authenticationStatus,
        });
      }
    });
  }

  test('a debit card that is not eligible says AUTH_NOT_SUPPORTED (the merchant must end the transaction)', async ({
    page,
    sandbox,
  }) => {
    const settled = await authenticate(page, await newSession(sandbox), '5200000000001021', 'DEBIT_CARD');
    expect(settled).toEqual({ ok: true, result: { status: 'AUTH_NOT_SUPPORTED', traceId: expect.any(String) } });
  });

  test('an expired session gives SESSION_EXPIRED; setUp with a new session then succeeds', async ({
    page,
    sandbox,
  }) => {
    const posts = countAuthenticationPosts(page, sandbox);
    const session = await newSession(sandbox, { expires_in: 60 });
    expect(await authenticate(page, session, '4000000000002370')).toMatchObject({ ok: true });
    sandbox.clock.advance(60_000);
    const expired = await authenticate(page, session, '4000000000002370');
    expect(expired).toMatchObject({
      ok: false,
      error: { name: 'GatewayError', code: 'SESSION_EXPIRED', detail: { httpStatus: 401 } },
    });
    expect(expired.ok ? [] : expired.error.detail.errorMessages).toEqual([
      expect.objectContaining({ code: '40102', parameterName: 'X-Gateway-Session' }),
    ]);
    expect(expired.ok ? '' : expired.error.detail.traceId).toMatch(/^[0-9a-f-]{36}$/);
    const renewed = await authenticate(page, await newSession(sandbox), '4000000000002370');
    expect(renewed).toMatchObject({
      ok: true,
      result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
    });
    expect(posts()).toBe(3);
  });

  test('a backend failure gives SERVER_ERROR with the trace id the API answered, and no retry', async ({
    page,
    sandbox,
  }) => {
    const posts = countAuthenticationPosts(page, sandbox);
    const answered: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/checkout-sdk/3ds/authentications') && r.request().method() === 'POST')
        answered.push(r.headers()['x-trace-id'] ?? '');
    });
    const settled = await authenticate(page, await newSession(sandbox), '4000000000005001');
    expect(settled).toMatchObject({
      ok: false,
      error: { name: 'GatewayError', code: 'SERVER_ERROR', detail: { httpStatus: 500 } },
    });
    expect(posts()).toBe(1);
    expect(answered).toHaveLength(1);
    expect(settled.ok ? '' : settled.error.detail.traceId).toBe(answered[0]);
    expect(answered[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a card failing the Luhn check is refused by the SDK itself: VALIDATION_ERROR and no API request', async ({
    page,
    sandbox,
  }) => {
    const posts = countAuthenticationPosts(page, sandbox);
    const settled = await authenticate(page, await newSession(sandbox), '4000000000002504');
    expect(settled).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR', detail: { httpStatus: 400 } } });
    expect(posts()).toBe(0);
  });
});
