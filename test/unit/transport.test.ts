import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../src/sdk/errors/error-code';
import { GatewayError } from '../../src/sdk/errors/gateway-error';
import { SESSION_HEADER } from '../../src/core/session-header';
import { callApi, type ApiCall } from '../../src/sdk/transport';
import { json, stubFetch } from './support/fake-api';

const TRACE = 'sdk-trace-0001';
const call = (overrides: Partial<ApiCall> = {}): ApiCall => ({
  method: 'POST',
  apiUrl: 'http://127.0.0.1:4999',
  path: '/checkout-sdk/3ds/authentications',
  body: { data: { a: 1 } },
  session: 'sess_test_0001',
  traceId: TRACE,
  timeout: 5000,
  ...overrides,
});

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

const hangUntilAborted = (_: string, init: RequestInit) =>
  new Promise<Response>((_, reject) => {
    const signal = init.signal!;
    if (signal.aborted) reject(new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('callApi: the request', () => {
  it('sends JSON with the session and trace id, no cookies, no cache', async () => {
    const fetch = stubFetch(() => json({ ok: true }));
    await callApi(call());
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init = {}] = fetch.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:4999/checkout-sdk/3ds/authentications');
    expect(init).toMatchObject({ method: 'POST', body: '{"data":{"a":1}}', credentials: 'omit', cache: 'no-store' });
    expect(init.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      [SESSION_HEADER]: 'sess_test_0001',
      'x-trace-id': TRACE,
    });
  });

  it('a GET has no body and no Content-Type', async () => {
    const fetch = stubFetch(() => json({ ok: true }));
    await callApi(call({ method: 'GET', body: undefined }));
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('Content-Type');
  });
});

describe('callApi: answers', () => {
  it('returns the JSON body of a success', async () => {
    stubFetch(() => json({ id: '3DS_1', status: 'AUTH_FLOW_COMPLETED' }, 201));
    await expect(callApi(call())).resolves.toEqual({ id: '3DS_1', status: 'AUTH_FLOW_COMPLETED' });
  });

  it('maps an error_messages 400 to VALIDATION_ERROR with camelCase items', async () => {
    stubFetch(() =>
      json(
        {
          error_messages: [
            {
              code: '40002',
              description: 'data.amount.value must be at least 100',
              parameter_name: 'data.amount.value',
            },
            { code: '40001', description: 'data.customer.email is required', parameter_name: 'data.customer.email' },
          ],
        },
        400,
        { 'x-trace-id': 'server-trace-42' },
      ),
    );
    const error = await failure(callApi(call()));
    expect(error.code).toBe(ErrorCode.VALIDATION_ERROR);
    expect(error.detail).toMatchObject({ httpStatus: 400, traceId: 'server-trace-42' });
    expect(error.detail.errorMessages).toEqual([
      { code: '40002', description: 'data.amount.value must be at least 100', parameterName: 'data.amount.value' },
      { code: '40001', description: 'data.customer.email is required', parameterName: 'data.customer.email' },
    ]);
    expect(error.message).toContain('data.amount.value must be at least 100');
  });

  it('keeps only strings from malformed items, and at most 50 of them', async () => {
    stubFetch(() =>
      json(
        {
          error_messages: [
            null,
            { code: 40002, parameter_name: ['x'] },
            ...Array.from({ length: 60 }, () => ({ code: '40002', description: 'd', parameter_name: 'p' })),
          ],
        },
        400,
      ),
    );
    const error = await failure(callApi(call()));
    expect(error.detail.errorMessages).toHaveLength(50);
    expect(error.detail.errorMessages[0]).toEqual({ code: '', description: '', parameterName: '' });
    expect(error.detail.errorMessages[1]).toEqual({ code: '40002', description: '', parameterName: 'x' });
  });

  it.each([401])('%i is SESSION_EXPIRED', async (status) => {
    stubFetch(() =>
      json({ error_messages: [{ code: '40102', description: 'session expired', parameter_name: 'session' }] }, status),
    );
    const error = await failure(callApi(call()));
    expect(error.code).toBe(ErrorCode.SESSION_EXPIRED);
    expect(error.detail.httpStatus).toBe(401);
    expect(error.message).toMatch(/setUp/);
  });

  it.each([500, 502, 503, 504])('%i is SERVER_ERROR', async (status) => {
    stubFetch(() => new Response('<html>bad gateway</html>', { status }));
    const error = await failure(callApi(call()));
    expect(error.code).toBe(ErrorCode.SERVER_ERROR);
    expect(error.detail.httpStatus).toBe(status);
  });

  it.each([403, 404, 409, 422, 429])('%i without items is REQUEST_REJECTED', async (status) => {
    stubFetch(() => json({}, status));
    const error = await failure(callApi(call()));
    expect(error.code).toBe(ErrorCode.REQUEST_REJECTED);
    expect(error.detail.httpStatus).toBe(status);
  });

  it('422 with items is VALIDATION_ERROR', async () => {
    stubFetch(() =>
      json(
        { error_messages: [{ code: '42201', description: 'below the minimum', parameter_name: 'data.amount.value' }] },
        422,
      ),
    );
    expect((await failure(callApi(call()))).code).toBe(ErrorCode.VALIDATION_ERROR);
  });

  it.each([
    ['HTML', () => new Response('<!doctype html><p>proxy login</p>', { status: 200 })],
    ['an empty body', () => new Response('', { status: 200 })],
    ['a JSON string', () => json('ok')],
    ['JSON null', () => json(null)],
    ['truncated JSON', () => new Response('{"id":"3DS_', { status: 200 })],
  ])('a success with %s is INVALID_RESPONSE', async (_, answer) => {
    stubFetch(answer);
    const error = await failure(callApi(call()));
    expect(error.code).toBe(ErrorCode.INVALID_RESPONSE);
    expect(error.detail.httpStatus).toBe(200);
  });

  it('a rejected fetch is NETWORK_ERROR with httpStatus 0 and the SDK trace id', async () => {
    const fetchError = new TypeError('Failed to fetch');
    stubFetch(() => Promise.reject(fetchError));
    const error = await failure(callApi(call()));
    expect(error.code).toBe(ErrorCode.NETWORK_ERROR);
    // The browser's own error stays reachable (devtools shows it under "Caused by").
    expect(error.cause).toBe(fetchError);
    expect(error.detail).toMatchObject({ httpStatus: 0, traceId: TRACE, errorMessages: [] });
    expect(error.message).toContain('http://127.0.0.1:4999');
  });

  it('a body that fails while being read is NETWORK_ERROR', async () => {
    const broken = new ReadableStream({ start: (c) => c.error(new TypeError('connection reset')) });
    stubFetch(() => new Response(broken, { status: 200 }));
    expect((await failure(callApi(call()))).code).toBe(ErrorCode.NETWORK_ERROR);
  });
});

describe('callApi: trace id', () => {
  it('uses the x-trace-id the API answered with', async () => {
    stubFetch(() => json({}, 500, { 'x-trace-id': 'server-trace-7' }));
    expect((await failure(callApi(call()))).detail.traceId).toBe('server-trace-7');
  });

  it('keeps its own when the API sent none', async () => {
    stubFetch(() => json({}, 500));
    expect((await failure(callApi(call()))).detail.traceId).toBe(TRACE);
  });
});

describe('callApi: time and cancellation', () => {
  it('fails with TIMEOUT when the API does not answer in time, not before', async () => {
    vi.useFakeTimers();
    stubFetch(hangUntilAborted);
    let settled: unknown;
    const pending = callApi(call({ timeout: 3000 })).catch((e: unknown) => (settled = e));
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toBeInstanceOf(GatewayError);
    expect((settled as GatewayError).code).toBe(ErrorCode.TIMEOUT);
    expect((settled as GatewayError).message).toContain('3000 ms');
  });

  it('a body that never ends times out too', async () => {
    vi.useFakeTimers();
    stubFetch((_, init) => {
      const body = new ReadableStream({
        start: (c) => init.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError'))),
      });
      return new Response(body, { status: 200 });
    });
    const pending = failure(callApi(call({ timeout: 1000 })));
    await vi.advanceTimersByTimeAsync(1000);
    expect((await pending).code).toBe(ErrorCode.TIMEOUT);
  });

  it('the merchant signal aborts the call: ABORTED', async () => {
    stubFetch(hangUntilAborted);
    const controller = new AbortController();
    const pending = failure(callApi(call({ signal: controller.signal })));
    controller.abort();
    const error = await pending;
    expect(error.code).toBe(ErrorCode.ABORTED);
    expect(error.detail.traceId).toBe(TRACE);
  });

  it('an already aborted signal never calls fetch', async () => {
    const fetch = stubFetch(() => json({}));
    expect((await failure(callApi(call({ signal: AbortSignal.abort() })))).code).toBe(ErrorCode.ABORTED);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stops listening to the merchant signal once the call is done', async () => {
    stubFetch(() => json({ ok: true }));
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    await callApi(call({ signal: controller.signal }));
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
  });
});

describe('callApi: retries', () => {
  it('retries a GET once after a network failure', async () => {
    let n = 0;
    const fetch = stubFetch(() =>
      n++ === 0 ? Promise.reject(new TypeError('Failed to fetch')) : json({ id: '3DS_1' }),
    );
    await expect(callApi(call({ method: 'GET', body: undefined }))).resolves.toEqual({ id: '3DS_1' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('retries a GET once after a 5xx, and gives up after the second', async () => {
    const fetch = stubFetch(() => json({}, 503));
    expect((await failure(callApi(call({ method: 'GET', body: undefined })))).code).toBe(ErrorCode.SERVER_ERROR);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a 4xx', () => json({ error_messages: [{ code: '40002', description: 'd', parameter_name: 'p' }] }, 400)],
    ['a 401', () => json({}, 401)],
    ['an invalid response', () => new Response('nope', { status: 200 })],
  ])('does not retry a GET after %s', async (_, answer) => {
    const fetch = stubFetch(answer);
    await failure(callApi(call({ method: 'GET', body: undefined })));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 5xx', () => json({}, 500)],
  ])('never retries a POST, even after %s', async (_, answer) => {
    const fetch = stubFetch(answer);
    await failure(callApi(call()));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
