import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';

/** Serialisable view of what authenticate3DS rejected with, taken inside the page. */
interface PageError {
  isGatewayError: boolean;
  isError: boolean;
  name: string;
  code: string;
  json: {
    name: string;
    code: string;
    message: string;
    detail: {
      httpStatus: number;
      traceId: string;
      message: string;
      errorMessages: Array<{ code: string; description: string; parameterName: string }>;
    };
  };
}

const page = (scripts: string[]) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Checkout</title></head><body><h1>Checkout</h1>${scripts.map((s) => `<script src="${s}"></script>`).join('')}</body></html>`;

const file = (name: string) => fileURLToPath(new URL(`./pages/${name}`, import.meta.url));

test('the script-tag build defines window.Gateway and rejects an invalid request with the exact items, offline', async ({
  page: browser,
  merchant,
}) => {
  const url = merchant.page('/script-tag/checkout', { html: page(['/gateway.js']) });
  const requests: string[] = [];
  browser.on('request', (r) => requests.push(`${r.method()} ${r.url()}`));
  await browser.goto(url);

  const surface = await browser.evaluate(() => {
    const G = (window as unknown as { Gateway: Record<string, unknown> }).Gateway;
    return {
      keys: Object.keys(G).sort(),
      types: Object.fromEntries(Object.entries(G).map(([k, v]) => [k, typeof v])),
      env: G.env,
      version: G.version,
    };
  });
  expect(surface.keys).toEqual(expect.arrayContaining(['GatewayError', 'authenticate3DS', 'env', 'setUp', 'version']));
  expect(surface.types).toMatchObject({
    GatewayError: 'function',
    authenticate3DS: 'function',
    setUp: 'function',
    env: 'object',
    version: 'string',
  });
  expect(surface.env).toEqual({ PROD: 'PROD', SANDBOX: 'SANDBOX' });
  expect(surface.version).toMatch(/^\d+\.\d+\.\d+/);

  const error = await browser.evaluate(async (): Promise<PageError> => {
    const G = (
      window as unknown as {
        Gateway: {
          setUp(o: object): void;
          authenticate3DS(r: object): Promise<unknown>;
          GatewayError: new () => Error;
          env: { SANDBOX: string };
        };
      }
    ).Gateway;
    G.setUp({ session: 'sess_e2e_0001', env: G.env.SANDBOX, apiUrl: 'http://127.0.0.1:9' });
    try {
      await G.authenticate3DS({
        dataOnly: false,
        data: {
          customer: {
            name: 'Maria',
            email: 'maria@example.com.br',
            phones: [{ country: '55', area: '11', number: '1234', type: 'MOBILE' }],
          },
          paymentMethod: {
            type: 'CREDIT_CARD',
            installments: 13,
            card: { number: '4000000000002504', expMonth: 12, holder: { name: 'Maria Silva' }, securityCode: '123' },
          },
          amount: { value: 1500, currency: 'USD' },
        },
      });
      throw new Error('authenticate3DS resolved');
    } catch (e) {
      const err = e as Error & { code: string };
      return {
        isGatewayError: e instanceof G.GatewayError,
        isError: e instanceof Error,
        name: err.name,
        code: err.code,
        json: JSON.parse(JSON.stringify(e)),
      };
    }
  });

  expect(error).toMatchObject({ isGatewayError: true, isError: true, name: 'GatewayError', code: 'VALIDATION_ERROR' });
  expect(error.json.detail.httpStatus).toBe(400);
  expect(error.json.detail.traceId).toMatch(/^[0-9a-f-]{36}$/);
  expect(error.json.detail.errorMessages.map(({ code, parameterName }) => ({ code, parameterName }))).toEqual([
    { code: '40002', parameterName: 'data.customer.name' },
    { code: '40002', parameterName: 'data.customer.phones[0].number' },
    { code: '40002', parameterName: 'data.paymentMethod.installments' },
    { code: '40002', parameterName: 'data.paymentMethod.card.number' },
    { code: '40002', parameterName: 'data.amount.currency' },
    { code: '40001', parameterName: 'data.paymentMethod.card.expYear' },
    { code: '40001', parameterName: 'data.billingAddress' },
  ]);
  for (const item of error.json.detail.errorMessages)
    expect(item.description.startsWith(item.parameterName)).toBe(true);
  const text = JSON.stringify(error.json);
  expect(text).not.toContain('4000000000002504');
  expect(text).not.toContain('"123"');
  // The page and the script, nothing else: an invalid request never reaches the network.
  expect(requests).toEqual([`GET ${url}`, `GET ${merchant.url}/gateway.js`]);
});

test('with an AMD loader (define.amd) and CommonJS-looking globals on the page, window.Gateway is still set', async ({
  page: browser,
  merchant,
}) => {
  merchant.file('/amd/fake-amd.js', file('fake-amd.js'), 'text/javascript');
  const url = merchant.page('/amd/checkout', { html: page(['/amd/fake-amd.js', '/gateway.js']) });
  await browser.goto(url);
  const state = await browser.evaluate(() => {
    const w = window as unknown as {
      Gateway?: Record<string, unknown>;
      define: ((...args: unknown[]) => void) & { amd?: object };
      __amdDefinitions: unknown[];
      module: { exports: object };
    };
    return {
      amdPresent: typeof w.define === 'function' && typeof w.define.amd === 'object',
      gateway: w.Gateway ? Object.keys(w.Gateway).sort() : null,
      amdDefinitions: w.__amdDefinitions.length,
      moduleExports: Object.keys(w.module.exports),
    };
  });
  expect(state.amdPresent).toBe(true);
  expect(state.gateway).toEqual(expect.arrayContaining(['GatewayError', 'authenticate3DS', 'env', 'setUp', 'version']));
  expect(state.amdDefinitions).toBe(0);
  expect(state.moduleExports).toEqual([]);

  const code = await browser.evaluate(async () => {
    const G = (window as unknown as { Gateway: { authenticate3DS(r: unknown): Promise<unknown> } }).Gateway;
    return G.authenticate3DS(null).then(
      () => 'resolved',
      (e: { code: string }) => e.code,
    );
  });
  expect(code).toBe('NOT_SET_UP');
});
