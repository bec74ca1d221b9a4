import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authenticate3DS, ErrorCode, setUp } from '../../src/sdk/index';
import type { AuthenticationRequest } from '../../src/sdk/types';
import { authentication, json, sentBody, stubFetch } from './support/fake-api';
import { CARD_NUMBER, remove, set, validRequest } from './support/requests';
import { rejection } from './support/rejection';

const API = 'http://127.0.0.1:4999';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const run = (request: unknown) => authenticate3DS(request as AuthenticationRequest);

beforeEach(() => setUp({ session: 'sess_test_0001', env: 'SANDBOX', apiUrl: API }));
afterEach(() => vi.unstubAllGlobals());

describe('authenticate3DS: a valid request', () => {
  it('posts the validated data and the device information once, with the session', async () => {
    const fetch = stubFetch();
    const result = await run(validRequest());
    expect(result).toEqual({
      status: 'AUTH_FLOW_COMPLETED',
      id: authentication().id,
      authenticationStatus: 'AUTHENTICATED',
      traceId: expect.stringMatching(UUID),
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init = {}] = fetch.mock.calls[0]!;
    expect(url).toBe(`${API}/checkout-sdk/3ds/authentications`);
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers['X-Gateway-Session']).toBe('sess_test_0001');
    // The result's trace id is the one the request carried, so the API's log line finds it.
    expect(headers['x-trace-id']).toBe(result.traceId);
    const body = sentBody(fetch);
    expect(Object.keys(body).sort()).toEqual(['data', 'device']);
    expect(body.device).toMatchObject({
      javascriptEnabled: true,
      language: expect.any(String),
      userAgent: expect.any(String),
    });
    expect(body.data).toMatchObject({ paymentMethod: { card: { number: CARD_NUMBER, expMonth: 12, expYear: 2099 } } });
  });

  it('does not send keys it does not know, nor dataOnly, nor its own options', async () => {
    const fetch = stubFetch();
    const request = validRequest();
    Object.assign(request, { beforeChallenge: () => undefined, storeId: 'loja-1' });
    const data = request.data as Record<string, Record<string, unknown>>;
    Object.assign(data, { dataOnly: false, cartId: 'c-9', items: [{ sku: 'x' }] });
    Object.assign(data.customer!, { taxId: '12345678909', cpf: '12345678909' });
    Object.assign(data.paymentMethod!.card as object, { securityCode: '123', cvv: '123' });
    await run(request);
    const sent = JSON.stringify(sentBody(fetch));
    for (const key of [
      'storeId',
      'beforeChallenge',
      'dataOnly',
      'cartId',
      'items',
      'taxId',
      'cpf',
      'securityCode',
      'cvv',
    ])
      expect(sent).not.toContain(`"${key}"`);
    expect(sent).not.toContain('12345678909');
  });

  it('sends numeric strings as numbers and a tokenized card with its holder', async () => {
    const fetch = stubFetch();
    const request = validRequest();
    set(request, 'data.paymentMethod.card', { id: 'CARD_5e0a', holder: { name: 'Maria Silva' } });
    set(request, 'data.paymentMethod.installments', '2');
    await run(request);
    expect(sentBody(fetch).data.paymentMethod).toEqual({
      type: 'CREDIT_CARD',
      installments: 2,
      card: { id: 'CARD_5e0a', holder: { name: 'Maria Silva' } },
    });
  });

  it.each([
    ['AUTH_NOT_SUPPORTED', { status: 'AUTH_NOT_SUPPORTED' }],
    ['CHANGE_PAYMENT_METHOD', { status: 'CHANGE_PAYMENT_METHOD' }],
  ] as const)('resolves %s without an id, with the trace id to quote', async (status, expected) => {
    stubFetch(() => json(authentication({ status, authentication_status: null })));
    await expect(run(validRequest())).resolves.toEqual({ ...expected, traceId: expect.stringMatching(UUID) });
  });

  it.each([
    ['an unknown status', { status: 'PENDING' }],
    ['a completed flow without an id', { id: undefined }],
    ['no status at all', { status: undefined }],
  ])('rejects INVALID_RESPONSE when the API answers %s', async (_, overrides) => {
    stubFetch(() => json({ ...authentication(), ...overrides }, 201));
    const error = await rejection(run(validRequest()));
    expect(error.code).toBe(ErrorCode.INVALID_RESPONSE);
    expect(error.detail.traceId).toMatch(UUID);
  });

  it('rejects a second call while the first is still running, and accepts one after', async () => {
    let answer!: (r: Response) => void;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const first = run(validRequest());
    const second = await rejection(run(validRequest()));
    expect(second.code).toBe(ErrorCode.ALREADY_IN_PROGRESS);
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    answer(json(authentication()));
    await expect(first).resolves.toMatchObject({ status: 'AUTH_FLOW_COMPLETED' });
    stubFetch();
    await expect(run(validRequest())).resolves.toMatchObject({ status: 'AUTH_FLOW_COMPLETED' });
  });

  it('rejects a GatewayError when the API is not reachable', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await rejection(run(validRequest()));
    expect(error.code).toBe(ErrorCode.NETWORK_ERROR);
    expect(error.detail.httpStatus).toBe(0);
    expect(error.detail.traceId).toMatch(UUID);
  });
});

describe('authenticate3DS: an invalid request', () => {
  it('rejects with VALIDATION_ERROR, httpStatus 400, a traceId and the exact items, without calling fetch', async () => {
    const fetch = stubFetch();
    const request = validRequest();
    set(request, 'data.customer.phones[0].number', '123');
    remove(request, 'data.amount.currency');
    const error = await rejection(run(request));
    expect(error.name).toBe('GatewayError');
    expect(error.code).toBe(ErrorCode.VALIDATION_ERROR);
    expect(error.detail).toMatchObject({ httpStatus: 400, code: ErrorCode.VALIDATION_ERROR, message: error.message });
    expect(error.detail.traceId).toMatch(UUID);
    expect(error.detail.errorMessages.map(({ code, parameterName }) => ({ code, parameterName }))).toEqual([
      { code: '40002', parameterName: 'data.customer.phones[0].number' },
      { code: '40001', parameterName: 'data.amount.currency' },
    ]);
    expect(error.message).toContain('data.customer.phones[0].number');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a new traceId per call', async () => {
    stubFetch();
    const a = await rejection(run({}));
    const b = await rejection(run({}));
    expect(a.detail.traceId).not.toBe(b.detail.traceId);
  });
});
