import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authenticate3DS, ErrorCode, GatewayError, setUp } from '../../src/sdk/index';
import type { AuthenticationRequest } from '../../src/sdk/types';
import { sentBody, stubFetch } from './support/fake-api';
import { set, validData, validRequest } from './support/requests';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MEGABYTE = 'x'.repeat(1 << 20);

let fetch: ReturnType<typeof stubFetch>;
beforeEach(() => {
  setUp({ session: 'sess_test_0001', env: 'SANDBOX', apiUrl: 'http://127.0.0.1:4999' });
  fetch = stubFetch();
});
afterEach(() => vi.unstubAllGlobals());

/** Runs authenticate3DS and returns the validation error it must reject with. */
async function validationError(request: unknown): Promise<GatewayError> {
  let caught: unknown;
  try {
    await authenticate3DS(request as AuthenticationRequest);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(GatewayError);
  const error = caught as GatewayError;
  expect(error.code).toBe(ErrorCode.VALIDATION_ERROR);
  expect(error.detail.httpStatus).toBe(400);
  expect(error.detail.traceId).toMatch(UUID);
  expect(error.detail.errorMessages.length).toBeGreaterThan(0);
  expect(fetch).not.toHaveBeenCalled();
  return error;
}

const paths = (error: GatewayError) => error.detail.errorMessages.map((e) => `${e.code} ${e.parameterName}`);

const throwing = () => {
  throw new Error('boom');
};

describe('requests that are not objects', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an array', [validRequest()]],
    ['a string', '{"data":{}}'],
    ['a number', 42],
    ['a boolean', true],
    ['a bigint', 10n],
    ['a symbol', Symbol('request')],
    ['a function', () => validRequest()],
  ])('%s: 40002 on request', async (_, request) => {
    expect(paths(await validationError(request))).toEqual(['40002 request']);
  });
});

describe('requests that fight back', () => {
  it('a getter that throws on data', async () => {
    const request = Object.defineProperty({ dataOnly: false }, 'data', { get: throwing, enumerable: true });
    expect(paths(await validationError(request))).toEqual(['40002 data']);
  });

  it('a getter that throws on dataOnly', async () => {
    const request = Object.defineProperty({ data: validData() }, 'dataOnly', { get: throwing, enumerable: true });
    expect(paths(await validationError(request))).toEqual(['40002 dataOnly']);
  });

  it('getters that throw deep inside data, each reported on its path', async () => {
    const request = validRequest();
    Object.defineProperty((request.data as { customer: object }).customer, 'email', {
      get: throwing,
      enumerable: true,
    });
    const card = (request.data as { paymentMethod: { card: object } }).paymentMethod.card;
    Object.defineProperty(card, 'number', { get: throwing, enumerable: true });
    expect(paths(await validationError(request))).toEqual([
      '40002 data.customer.email',
      '40002 data.paymentMethod.card.number',
    ]);
  });

  it('a getter that throws on dataOnly inside data', async () => {
    const request = { data: Object.defineProperty(validData(), 'dataOnly', { get: throwing, enumerable: true }) };
    expect(paths(await validationError(request))).toEqual(['40002 data.dataOnly']);
  });

  it('a class instance whose getters throw', async () => {
    class Customer {
      get name(): string {
        throw new Error('boom');
      }
    }
    const customer = Object.assign(new Customer(), { email: 'a@b.co' });
    Object.defineProperty(customer, 'phones', { get: throwing, enumerable: true });
    expect(paths(await validationError(set(validRequest(), 'data.customer', customer)))).toEqual([
      '40001 data.customer.name',
      '40002 data.customer.phones',
    ]);
  });

  it('a proxy whose traps all throw, as the request', async () => {
    const hostile = new Proxy(
      {},
      { get: throwing, has: throwing, ownKeys: throwing, getPrototypeOf: throwing, getOwnPropertyDescriptor: throwing },
    );
    await validationError(hostile);
  });

  it('a proxy whose traps all throw, as data and deep inside data', async () => {
    const hostile = () =>
      new Proxy({}, { get: throwing, ownKeys: throwing, getPrototypeOf: throwing, getOwnPropertyDescriptor: throwing });
    expect(paths(await validationError({ dataOnly: false, data: hostile() }))).toEqual(['40002 data']);
    expect(paths(await validationError(set(validRequest(), 'data.customer', hostile())))).toEqual([
      '40002 data.customer',
    ]);
    expect(paths(await validationError(set(validRequest(), 'data.customer.phones', hostile())))).toEqual([
      '40002 data.customer.phones',
    ]);
  });

  it('a proxy as signal whose prototype cannot be read', async () => {
    const signal = new Proxy({}, { getPrototypeOf: throwing });
    expect(paths(await validationError({ ...validRequest(), signal }))).toEqual(['40002 signal']);
  });

  it('revoked proxies', async () => {
    const revoked = () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    };
    expect(paths(await validationError(revoked()))).toEqual(['40002 request']);
    expect(paths(await validationError({ dataOnly: false, data: revoked() }))).toEqual(['40002 data']);
    expect(paths(await validationError(set(validRequest(), 'data.paymentMethod.card', revoked())))).toEqual([
      '40002 data.paymentMethod.card',
    ]);
  });

  it('a cycle through a known field', async () => {
    const request = validRequest();
    const data = request.data as Record<string, unknown>;
    (data.customer as Record<string, unknown>).phones = [data.customer];
    const error = await validationError(request);
    // The list also lacks a MOBILE phone now: its only element could not be read.
    expect(paths(error)).toEqual(['40002 data.customer.phones[0]', '40002 data.customer.phones']);
    expect(error.detail.errorMessages[0]!.description).toMatch(/circular/);
  });

  it('a cycle in a key the SDK does not know is ignored, and not sent', async () => {
    const request = validRequest();
    const data = request.data as Record<string, unknown>;
    data.self = data;
    (data.customer as Record<string, unknown>).parent = request;
    await expect(authenticate3DS(request as unknown as AuthenticationRequest)).resolves.toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
    });
    expect(Object.keys(sentBody(fetch).data)).not.toContain('self');
  });

  it('megabyte strings in known fields are refused before any rule runs on them', async () => {
    const request = validRequest();
    set(request, 'data.customer.name', MEGABYTE);
    set(request, 'data.paymentMethod.card.number', '4'.repeat(1 << 20));
    set(request, 'data.billingAddress.postalCode', '1'.repeat(1 << 20));
    const error = await validationError(request);
    expect(paths(error)).toEqual([
      '40002 data.customer.name',
      '40002 data.paymentMethod.card.number',
      '40002 data.billingAddress.postalCode',
    ]);
    expect(error.detail.errorMessages[0]!.description).toMatch(/too long/);
    expect(JSON.stringify(error).length).toBeLessThan(5000);
  });

  it('a megabyte string in an unknown key does not fail the request and is not sent', async () => {
    const request = set(validRequest(), 'data.notes', MEGABYTE);
    await expect(authenticate3DS(request as unknown as AuthenticationRequest)).resolves.toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
    });
    expect(JSON.stringify(sentBody(fetch))).not.toContain('xxxx');
  });

  it('a megabyte string as dataOnly', async () => {
    expect(paths(await validationError({ data: validData(), dataOnly: MEGABYTE }))).toEqual(['40002 dataOnly']);
  });

  it('huge arrays and objects in known fields', async () => {
    expect(
      paths(await validationError(set(validRequest(), 'data.customer.phones', new Array(1_000_000).fill(null)))),
    ).toEqual(['40002 data.customer.phones']);
    const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]));
    expect(paths(await validationError(set(validRequest(), 'data.amount', wide)))).toEqual(['40002 data.amount']);
  });

  it('a deeply nested value', async () => {
    let deep: unknown = 'Maria Silva';
    for (let i = 0; i < 100_000; i++) deep = { deep };
    expect(paths(await validationError(set(validRequest(), 'data.customer.name', deep)))).toEqual([
      '40002 data.customer.name',
    ]);
  });

  it('one wide object shared on every level (exponentially many paths) finishes', async () => {
    let shared: Record<string, unknown> = { leaf: 1 };
    for (let level = 0; level < 16; level++) {
      const next: Record<string, unknown> = {};
      for (let k = 0; k < 150; k++) next[`k${k}`] = shared;
      shared = next;
    }
    await validationError(set(validRequest(), 'data.customer', shared));
    // In an unknown key the same tree is ignored, whatever it costs to look at.
    fetch.mockClear();
    const request = set(validRequest(), 'data.extra', shared);
    await expect(authenticate3DS(request as unknown as AuthenticationRequest)).resolves.toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
    });
  });

  it('values that are not data: dates, maps, typed arrays, class instances', async () => {
    const request = validRequest();
    set(request, 'data.customer.name', new Date());
    set(request, 'data.customer.phones', new Map([[0, {}]]));
    set(request, 'data.amount', new Uint8Array(4));
    set(request, 'data.paymentMethod.card.number', new String('4000000000002503'));
    expect(paths(await validationError(request))).toEqual([
      '40002 data.customer.name',
      '40002 data.customer.phones',
      '40002 data.paymentMethod.card.number',
      '40001 data.amount.value',
      '40001 data.amount.currency',
    ]);
  });

  it('functions as fields: each reported on its own path, and no page code runs while the rules read them', async () => {
    let trapped = 0;
    const trap = () => {
      trapped++;
      throw new Error('page code ran during validation');
    };
    const hostileFunction = () => new Proxy(() => 'SP', { getPrototypeOf: trap, get: trap, apply: trap });
    const request = validRequest();
    set(request, 'data.customer.name', hostileFunction());
    set(request, 'data.billingAddress.regionCode', hostileFunction());
    set(request, 'data.paymentMethod.card', () => ({}));
    const error = await validationError(request);
    expect(paths(error)).toEqual([
      '40002 data.customer.name',
      '40002 data.paymentMethod.card',
      '40002 data.billingAddress.regionCode',
    ]);
    expect(error.detail.errorMessages[0]!.description).toBe(
      'data.customer.name must be at least two names, letters only (no digits or special characters)',
    );
    expect(trapped).toBe(0);
  });

  it('an object from a null prototype is as good as a literal', async () => {
    const data = Object.assign(Object.create(null) as object, validData());
    await expect(authenticate3DS({ data, dataOnly: false } as unknown as AuthenticationRequest)).resolves.toMatchObject(
      { status: 'AUTH_FLOW_COMPLETED' },
    );
  });

  it('__proto__ keys do not pollute anything', async () => {
    const request = JSON.parse(
      `{"dataOnly":false,"data":${JSON.stringify(validData()).replace('{', '{"__proto__":{"polluted":true},')}}`,
    );
    await expect(authenticate3DS(request)).resolves.toMatchObject({ status: 'AUTH_FLOW_COMPLETED' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(sentBody(fetch))).not.toContain('polluted');
  });
});
