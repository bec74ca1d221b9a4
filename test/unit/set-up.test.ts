import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Sdk from '../../src/sdk/index';
import { authentication, json, stubFetch } from './support/fake-api';
import { validRequest } from './support/requests';

// setUp keeps module state, so every test imports a fresh copy of the SDK.
let sdk: typeof Sdk;
beforeEach(async () => {
  vi.resetModules();
  sdk = await import('../../src/sdk/index');
});
afterEach(() => vi.unstubAllGlobals());

/** The GatewayError setUp must throw for these options. */
function setUpError(options: unknown): Sdk.GatewayError {
  try {
    sdk.setUp(options as Sdk.SetUpOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(sdk.GatewayError);
    return error as Sdk.GatewayError;
  }
  throw new Error(`setUp accepted ${String(options)}`);
}

const named = (error: Sdk.GatewayError) => error.detail.errorMessages.map((e) => `${e.code} ${e.parameterName}`);

describe('setUp: bad arguments throw INVALID_SETUP naming the field', () => {
  it.each([
    ['no options', undefined, ['40001 options']],
    ['null', null, ['40001 options']],
    ['a string', 'sess_123', ['40002 options']],
    ['a function', () => ({ session: 'sess_123', env: 'SANDBOX' }), ['40002 options']],
    ['empty options', {}, ['40001 session', '40001 env']],
    ['no session', { env: 'SANDBOX' }, ['40001 session']],
    ['an empty session', { session: '', env: 'SANDBOX' }, ['40001 session']],
    ['a session that is not a string', { session: 12345, env: 'SANDBOX' }, ['40002 session']],
    ['a session with spaces', { session: 'sess 123', env: 'SANDBOX' }, ['40002 session']],
    ['a megabyte session', { session: 'x'.repeat(1 << 20), env: 'SANDBOX' }, ['40002 session']],
    ['no env', { session: 'sess_123' }, ['40001 env']],
    ['a lower-case env', { session: 'sess_123', env: 'sandbox' }, ['40002 env']],
    ['an unknown env', { session: 'sess_123', env: 'TEST' }, ['40002 env']],
    [
      'an apiUrl that is not a URL',
      { session: 'sess_123', env: 'SANDBOX', apiUrl: 'localhost:4010' },
      ['40002 apiUrl'],
    ],
    ['an ftp apiUrl', { session: 'sess_123', env: 'SANDBOX', apiUrl: 'ftp://example.com' }, ['40002 apiUrl']],
    [
      'an apiUrl object',
      { session: 'sess_123', env: 'SANDBOX', apiUrl: new URL('https://example.com') },
      ['40002 apiUrl'],
    ],
    ['a short timeout', { session: 'sess_123', env: 'SANDBOX', timeout: 999 }, ['40002 timeout']],
    ['a long timeout', { session: 'sess_123', env: 'SANDBOX', timeout: 120_001 }, ['40002 timeout']],
    ['a timeout string', { session: 'sess_123', env: 'SANDBOX', timeout: '5000' }, ['40002 timeout']],
    ['an unknown locale', { session: 'sess_123', env: 'SANDBOX', locale: 'fr' }, ['40002 locale']],
    ['several at once', { session: 1, env: 'X', timeout: 0 }, ['40002 session', '40002 env', '40002 timeout']],
  ])('%s', (_, options, expected) => {
    const error = setUpError(options);
    expect(error.code).toBe('INVALID_SETUP');
    expect(error.detail.httpStatus).toBe(400);
    expect(error.detail.traceId).not.toBe('');
    expect(named(error)).toEqual(expected);
    for (const item of error.detail.errorMessages) expect(error.message).toContain(item.parameterName);
  });

  it('a getter that throws', () => {
    const options = Object.defineProperty({ env: 'SANDBOX' }, 'session', {
      get: () => {
        throw new Error('boom');
      },
    });
    expect(named(setUpError(options))).toContain('40002 options');
  });

  it('never echoes the session it refused', () => {
    const error = setUpError({ session: 'secret session value', env: 'SANDBOX' });
    expect(JSON.stringify(error)).not.toContain('secret session value');
  });
});

describe('setUp: what it accepts', () => {
  it.each([
    [{ session: 'sess_123', env: 'SANDBOX' }],
    [{ session: 'sess_123', env: 'PROD', apiUrl: 'https://api.merchant-provider.example' }],
    [{ session: 'sess_123', env: 'SANDBOX', apiUrl: 'https://sandbox.example.com/', timeout: 1000, locale: 'en' }],
    [{ session: 'sess_123', env: 'SANDBOX', timeout: 120_000, locale: 'pt-BR' }],
  ])('%j', (options) => {
    expect(() => sdk.setUp(options as Sdk.SetUpOptions)).not.toThrow();
  });

  it('Gateway.env names both environments, frozen', () => {
    expect(sdk.env).toEqual({ PROD: 'PROD', SANDBOX: 'SANDBOX' });
    expect(Object.isFrozen(sdk.env)).toBe(true);
    expect(() => sdk.setUp({ session: 'sess_123', env: sdk.env.SANDBOX })).not.toThrow();
  });
});

describe('setUp and authenticate3DS', () => {
  it('authenticate3DS before setUp rejects NOT_SET_UP without calling fetch', async () => {
    const fetch = stubFetch();
    const error = await sdk
      .authenticate3DS(validRequest() as unknown as Sdk.AuthenticationRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk.GatewayError);
    expect((error as Sdk.GatewayError).code).toBe('NOT_SET_UP');
    expect((error as Sdk.GatewayError).detail.traceId).not.toBe('');
    expect((error as Sdk.GatewayError).message).toContain('setUp');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a failed setUp leaves the SDK not set up', async () => {
    expect(() => sdk.setUp({ session: '', env: 'SANDBOX' })).toThrow(sdk.GatewayError);
    const error = await sdk
      .authenticate3DS(validRequest() as unknown as Sdk.AuthenticationRequest)
      .catch((e: unknown) => e);
    expect((error as Sdk.GatewayError).code).toBe('NOT_SET_UP');
  });

  it('calling setUp again replaces the session, the environment and the API URL', async () => {
    const fetch = stubFetch(() => json(authentication()));
    sdk.setUp({ session: 'sess_first', env: 'SANDBOX', apiUrl: 'http://127.0.0.1:4001' });
    await sdk.authenticate3DS(validRequest() as unknown as Sdk.AuthenticationRequest);
    sdk.setUp({ session: 'sess_second', env: 'SANDBOX', apiUrl: 'http://127.0.0.1:4002/' });
    await sdk.authenticate3DS(validRequest() as unknown as Sdk.AuthenticationRequest);
    const calls = fetch.mock.calls.map(([url, init]) => [
      url,
      (init?.headers as Record<string, string> | undefined)?.['X-Gateway-Session'],
    ]);
    expect(calls).toEqual([
      ['http://127.0.0.1:4001/checkout-sdk/3ds/authentications', 'sess_first'],
      ['http://127.0.0.1:4002/checkout-sdk/3ds/authentications', 'sess_second'],
    ]);
  });

  it('PROD without apiUrl fails at setUp with INVALID_SETUP naming apiUrl, and nothing is sent anywhere', async () => {
    const fetch = stubFetch(() => json(authentication()));
    const error = setUpError({ session: 'sess_1', env: 'PROD' });
    expect(error.code).toBe('INVALID_SETUP');
    expect(error.detail.errorMessages).toEqual([expect.objectContaining({ code: '40001', parameterName: 'apiUrl' })]);
    expect(error.message).toMatch(/apiUrl is required with env "PROD"/);
    const after = await sdk
      .authenticate3DS(validRequest() as unknown as Sdk.AuthenticationRequest)
      .catch((e: unknown) => e);
    expect((after as Sdk.GatewayError).code).toBe('NOT_SET_UP');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('PROD sends only to the apiUrl given, SANDBOX to the local sandbox by default: no other host', async () => {
    const fetch = stubFetch(() => json(authentication()));
    sdk.setUp({ session: 'sess_1', env: 'PROD', apiUrl: 'https://api.merchant-provider.example/' });
    await sdk.authenticate3DS(validRequest() as unknown as Sdk.AuthenticationRequest);
    sdk.setUp({ session: 'sess_1', env: 'SANDBOX' });
    await sdk.authenticate3DS(validRequest() as unknown as Sdk.AuthenticationRequest);
    expect(fetch.mock.calls.map(([url]) => new URL(String(url)).origin)).toEqual([
      'https://api.merchant-provider.example',
      'http://127.0.0.1:4010',
    ]);
  });

  it('uses the timeout given to setUp', async () => {
    vi.useFakeTimers();
    try {
      stubFetch(
        (_, init) =>
          new Promise<Response>((_, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      );
      sdk.setUp({ session: 'sess_1', env: 'SANDBOX', timeout: 2000 });
      const settled = sdk
        .authenticate3DS(validRequest() as unknown as Sdk.AuthenticationRequest)
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(1999);
      let done = false;
      void settled.then(() => (done = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(((await settled) as Sdk.GatewayError).code).toBe('TIMEOUT');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("setUp: the API address the page configured (docs/sdk.md, 'A script served from anywhere')", () => {
  const calledUrl = async () => {
    const fetch = stubFetch(() => json(authentication()));
    await sdk.authenticate3DS(validRequest() as unknown as Sdk.AuthenticationRequest);
    return fetch.mock.calls[0]![0];
  };
  /** What the script-tag entry remembers of its own tag; a fresh copy of the module per test. */
  const rememberScript = async (src: string, apiUrl: string | null) =>
    (await import('../../src/sdk/api-url')).rememberScript(src, apiUrl);

  it('a GatewayConfig global names the API, for PROD too, read at setUp', async () => {
    vi.stubGlobal('GatewayConfig', { apiUrl: 'https://api.example/' });
    sdk.setUp({ session: 'sess_1', env: 'PROD' });
    expect(await calledUrl()).toBe('https://api.example/checkout-sdk/3ds/authentications');
  });

  it("the script tag's data-gateway-api-url names the API when there is no global", async () => {
    await rememberScript('https://cdn.example/gateway.js', 'http://127.0.0.1:4999');
    sdk.setUp({ session: 'sess_1', env: 'SANDBOX' });
    expect(await calledUrl()).toBe('http://127.0.0.1:4999/checkout-sdk/3ds/authentications');
  });

  it("setUp's apiUrl wins over the global, and the global over the script tag", async () => {
    await rememberScript('https://cdn.example/gateway.js', 'http://127.0.0.1:4999');
    vi.stubGlobal('GatewayConfig', { apiUrl: 'http://127.0.0.1:4998' });
    sdk.setUp({ session: 'sess_1', env: 'SANDBOX' });
    expect(await calledUrl()).toBe('http://127.0.0.1:4998/checkout-sdk/3ds/authentications');
    sdk.setUp({ session: 'sess_1', env: 'SANDBOX', apiUrl: 'http://127.0.0.1:4997' });
    expect(await calledUrl()).toBe('http://127.0.0.1:4997/checkout-sdk/3ds/authentications');
  });

  it('a configured address that is not a URL is named as the page wrote it', async () => {
    vi.stubGlobal('GatewayConfig', { apiUrl: 'api.example' });
    expect(named(setUpError({ session: 'sess_1', env: 'SANDBOX' }))).toEqual(['40002 GatewayConfig.apiUrl']);
    vi.unstubAllGlobals();
    await rememberScript('https://cdn.example/gateway.js', 'not a url');
    expect(named(setUpError({ session: 'sess_1', env: 'PROD' }))).toEqual(['40002 data-gateway-api-url']);
  });
});
