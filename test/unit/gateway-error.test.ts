import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authenticate3DS, ErrorCode, GatewayError, setUp } from '../../src/sdk/index';
import type { AuthenticationRequest } from '../../src/sdk/types';
import { stubFetch } from './support/fake-api';
import { CARD_NUMBER, set, validRequest } from './support/requests';

describe('GatewayError', () => {
  const error = new GatewayError(
    ErrorCode.VALIDATION_ERROR,
    'The request has 1 invalid parameter: data.amount.value.',
    {
      httpStatus: 400,
      traceId: '0b5c6f5e-3c1d-4b55-9f07-6a7d1e2c3b4a',
      errorMessages: [
        { code: '40002', description: 'data.amount.value must be at least 100', parameterName: 'data.amount.value' },
      ],
    },
  );

  it('is an Error and a GatewayError, named GatewayError, with a stack', () => {
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error.name).toBe('GatewayError');
    expect(Object.prototype.toString.call(error)).toBe('[object Error]');
    expect(String(error)).toBe('GatewayError: The request has 1 invalid parameter: data.amount.value.');
    expect(error.stack).toContain('GatewayError');
  });

  it('stays a GatewayError when a merchant transpiles the package to ES5', () => {
    // What a bundler with an ES5 target makes of the npm build: super() becomes Error.call(this),
    // which returns a plain Error; restorePrototype puts the class back.
    const es5 = (file: string) =>
      ts.transpileModule(readFileSync(`src/sdk/errors/${file}.ts`, 'utf8'), {
        compilerOptions: { target: ts.ScriptTarget.ES5, module: ts.ModuleKind.CommonJS },
      }).outputText;
    const load = (file: string) => {
      const exports: Record<string, unknown> = {};
      new Function('exports', 'require', es5(file))(exports, (name: string) => load(name.slice(2)));
      return exports;
    };
    const Downlevelled = load('gateway-error').GatewayError as typeof GatewayError;
    const downlevelled = new Downlevelled(ErrorCode.TIMEOUT, 'The API did not answer within 15000 ms.');
    expect(downlevelled).toBeInstanceOf(Downlevelled);
    expect(downlevelled.toJSON().code).toBe('TIMEOUT');
  });

  it('carries detail { httpStatus, traceId, message, errorMessages, code }', () => {
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.detail).toEqual({
      httpStatus: 400,
      traceId: '0b5c6f5e-3c1d-4b55-9f07-6a7d1e2c3b4a',
      message: error.message,
      errorMessages: [
        { code: '40002', description: 'data.amount.value must be at least 100', parameterName: 'data.amount.value' },
      ],
      code: 'VALIDATION_ERROR',
    });
  });

  it('fills detail defaults: httpStatus 0, no items', () => {
    const bare = new GatewayError(ErrorCode.NETWORK_ERROR, 'offline', { traceId: 't-12345678' });
    expect(bare.detail).toEqual({
      httpStatus: 0,
      traceId: 't-12345678',
      message: 'offline',
      errorMessages: [],
      code: 'NETWORK_ERROR',
    });
  });

  it('keeps the error it wraps as cause, out of toJSON; no cause when none was given', () => {
    const fetchError = new TypeError('Failed to fetch');
    const wrapped = new GatewayError(
      ErrorCode.NETWORK_ERROR,
      'offline',
      { traceId: 't-12345678' },
      { cause: fetchError },
    );
    expect(wrapped.cause).toBe(fetchError);
    expect(Object.keys(wrapped.toJSON())).not.toContain('cause');
    expect('cause' in error).toBe(false);
  });

  it('survives a JSON.stringify round trip with everything a support ticket needs', () => {
    const copy = JSON.parse(JSON.stringify(error));
    expect(copy).toEqual({
      name: 'GatewayError',
      code: 'VALIDATION_ERROR',
      message: error.message,
      detail: error.detail,
    });
  });

  it('every ErrorCode is its own name, and all are distinct', () => {
    const entries = Object.entries(ErrorCode);
    for (const [key, value] of entries) expect(value).toBe(key);
    expect(new Set(Object.values(ErrorCode)).size).toBe(entries.length);
  });
});

describe('GatewayError never contains card data', () => {
  const SECURITY_CODE = '7391';
  const INVALID_NUMBER = '4000000000002504'; // fails Luhn
  const LONG_NUMBER = '4000000000002503400000000000250'; // too long, no digit run may leak

  beforeEach(() => setUp({ session: 'sess_test_0001', env: 'SANDBOX', apiUrl: 'http://127.0.0.1:4999' }));
  afterEach(() => vi.unstubAllGlobals());

  async function errorOf(request: Record<string, unknown>): Promise<GatewayError> {
    stubFetch();
    const error = await authenticate3DS(request as unknown as AuthenticationRequest).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GatewayError);
    return error as GatewayError;
  }

  const leaks = (error: GatewayError, secrets: string[]) => {
    const text = [JSON.stringify(error), String(error), error.stack ?? '', JSON.stringify(error.detail)].join('\n');
    return secrets.filter((s) => text.includes(s) || text.includes(s.slice(0, 12)) || text.includes(s.slice(-8)));
  };

  it.each([
    ['an invalid card number', 'data.paymentMethod.card.number', INVALID_NUMBER],
    ['a too long card number', 'data.paymentMethod.card.number', LONG_NUMBER],
    ['a card number as expMonth', 'data.paymentMethod.card.expMonth', CARD_NUMBER],
    ['a card number as expYear', 'data.paymentMethod.card.expYear', CARD_NUMBER],
    ['a card number as holder name', 'data.paymentMethod.card.holder.name', `${CARD_NUMBER} 1`.repeat(10)],
    ['a card number as customer name', 'data.customer.name', CARD_NUMBER],
    ['a card number as e-mail', 'data.customer.email', CARD_NUMBER],
    ['a card number as phone number', 'data.customer.phones[0].number', CARD_NUMBER],
    ['a card number as the card id', 'data.paymentMethod.card.id', CARD_NUMBER],
    ['a card number as amount', 'data.amount.value', CARD_NUMBER],
    ['a card number as postal code', 'data.billingAddress.postalCode', CARD_NUMBER],
    ['a card number as dataOnly', 'dataOnly', CARD_NUMBER],
  ])('%s', async (_, path, value) => {
    const request = set(validRequest(), path, value);
    set(request, 'data.paymentMethod.card.securityCode', SECURITY_CODE);
    const error = await errorOf(request);
    expect(error.code).toBe(ErrorCode.VALIDATION_ERROR);
    expect(
      leaks(
        error,
        [value.slice(0, 16), SECURITY_CODE].filter((s) => /\d{4}/.test(s)),
      ),
    ).toEqual([]);
  });

  it('a valid card number beside another invalid field', async () => {
    const request = set(validRequest(), 'data.amount.value', 1);
    set(request, 'data.paymentMethod.card.securityCode', SECURITY_CODE);
    set(request, 'data.paymentMethod.card.cvv', SECURITY_CODE);
    const error = await errorOf(request);
    expect(error.detail.errorMessages.map((e) => e.parameterName)).toEqual(['data.amount.value']);
    expect(leaks(error, [CARD_NUMBER, SECURITY_CODE])).toEqual([]);
  });

  it('an invalid card number as a number', async () => {
    const error = await errorOf(set(validRequest(), 'data.paymentMethod.card.number', 4000000000002504));
    expect(leaks(error, [INVALID_NUMBER])).toEqual([]);
  });

  it('nothing is logged while validating card data', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => undefined),
    );
    await errorOf(set(validRequest(), 'data.paymentMethod.card.number', INVALID_NUMBER));
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    for (const spy of spies) spy.mockRestore();
  });
});
