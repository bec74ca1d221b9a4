import { describe, expect } from 'vitest';
import { validateAuthenticationData } from '../../src/core/authentication-request';
import { withLuhnDigit } from '../unit/support/arbitraries';
import { api } from './support/payments';
import { postAuthentication, validDevice } from './support/sdk-client';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

// One table of inputs for every field the SDK and the orders API share. Each input goes to the
// SDK's validation, the 3DS endpoint and POST /orders (a card charge): all three must give the
// same verdict, and when they refuse, name the same parameter (each in its own spelling).

const CARD = '4111111111111111';

/** A valid 3DS `data` (SDK names). */
const sdkData = () => ({
  customer: {
    name: 'Maria Silva',
    email: 'maria@example.com.br',
    phones: [
      { country: '55', area: '11', number: '912345678', type: 'MOBILE' },
      { country: '55', area: '11', number: '32345678', type: 'HOME' },
    ],
  },
  paymentMethod: {
    type: 'CREDIT_CARD',
    installments: 1,
    card: { number: CARD, expMonth: 12, expYear: 2099, holder: { name: 'Maria Silva' } },
  },
  amount: { value: 15_000, currency: 'BRL' },
  shippingAddress: {
    street: 'Avenida Paulista',
    number: '1000',
    complement: 'apto 12',
    city: 'São Paulo',
    regionCode: 'SP',
    country: 'BRA',
    postalCode: '01310100',
  },
});

/** The same data as a paying order (API names). */
const orderBody = () => ({
  reference_id: 'tabela',
  customer: {
    name: 'Maria Silva',
    email: 'maria@example.com.br',
    tax_id: '12345678909',
    phones: [
      { country: '55', area: '11', number: '912345678', type: 'MOBILE' },
      { country: '55', area: '11', number: '32345678', type: 'HOME' },
    ],
  },
  items: [{ reference_id: 'sku-1', name: 'Tênis', quantity: 1, unit_amount: 15_000 }],
  shipping: {
    address: {
      street: 'Avenida Paulista',
      number: '1000',
      complement: 'apto 12',
      locality: 'Bela Vista',
      city: 'São Paulo',
      region_code: 'SP',
      country: 'BRA',
      postal_code: '01310100',
    },
  },
  charges: [
    {
      reference_id: 'c',
      amount: { value: 15_000, currency: 'BRL' },
      payment_method: {
        type: 'CREDIT_CARD',
        installments: 1,
        capture: true,
        card: {
          number: CARD,
          exp_month: '12',
          exp_year: '2099',
          security_code: '123',
          holder: { name: 'Maria Silva' },
        },
      },
    },
  ],
});

type Path = Array<string | number>;
/** A shared field: where it is in the SDK's data and in the order. */
interface Field {
  sdk: Path;
  order: Path;
  valid: unknown[];
  invalid: unknown[];
}

const phone = (k: string): Pick<Field, 'sdk' | 'order'> => ({
  sdk: ['customer', 'phones', 0, k],
  order: ['customer', 'phones', 0, k],
});
const card = (sdk: string, order: string): Pick<Field, 'sdk' | 'order'> => ({
  sdk: ['paymentMethod', 'card', sdk],
  order: ['charges', 0, 'payment_method', 'card', order],
});
const address = (sdk: string, order: string): Pick<Field, 'sdk' | 'order'> => ({
  sdk: ['shippingAddress', sdk],
  order: ['shipping', 'address', order],
});

const TABLE: Field[] = [
  {
    sdk: ['customer', 'name'],
    order: ['customer', 'name'],
    valid: ['Maria Silva', " Ana D'Ávila "],
    invalid: ['Maria', 'Maria 2 Silva', 'Maria@Silva Souza', `${'x'.repeat(60)} ${'y'.repeat(60)}`, 42],
  },
  {
    sdk: ['customer', 'email'],
    order: ['customer', 'email'],
    valid: ['a@b.co', ' maria@example.com.br '],
    invalid: ['maria', 'maria@', 'a@b', `${'a'.repeat(250)}@b.co`],
  },
  { ...phone('country'), valid: ['55', 1, '351'], invalid: ['', '5555', '+55', 'BR'] },
  { ...phone('area'), valid: ['11', '1', 21, '123'], invalid: ['(11)', '1234', 'SP'] },
  { ...phone('number'), valid: ['91234567', '912345678', 912345678], invalid: ['1234567', '1234567890', '91234-5678'] },
  {
    sdk: ['customer', 'phones', 1, 'type'],
    order: ['customer', 'phones', 1, 'type'],
    valid: ['HOME', 'BUSINESS', 'MOBILE'],
    invalid: ['home', 'CELL'],
  },
  {
    sdk: ['paymentMethod', 'installments'],
    order: ['charges', 0, 'payment_method', 'installments'],
    valid: [1, 12, '6'],
    invalid: [0, 13, 1.5, 'six'],
  },
  {
    ...card('number', 'number'),
    valid: [
      '4111 1111 1111 1111',
      '4111-1111-1111-1111',
      withLuhnDigit('411111111111111111'),
      withLuhnDigit('41111111111111111111'),
    ],
    invalid: ['4111111111111112', '411111111111', withLuhnDigit('4111111111111111111111'), 'visa'],
  },
  { ...card('expMonth', 'exp_month'), valid: [1, '07', 12], invalid: [0, 13, 'July'] },
  { ...card('expYear', 'exp_year'), valid: [2099, '2099'], invalid: [99, '20999', 'next'] },
  {
    sdk: ['paymentMethod', 'card', 'holder', 'name'],
    order: ['charges', 0, 'payment_method', 'card', 'holder', 'name'],
    valid: ['MARIA SILVA', 'J. Souza', 'x'.repeat(64)],
    invalid: ['M', 'x'.repeat(65), 'Maria 2', ''],
  },
  { ...address('street', 'street'), valid: ['Rua A', 'x'.repeat(160)], invalid: ['', '  ', 'x'.repeat(161)] },
  { ...address('number', 'number'), valid: ['1000', 's/n'], invalid: ['', 'x'.repeat(21)] },
  { ...address('complement', 'complement'), valid: ['', 'apto 12', 'x'.repeat(120)], invalid: ['x'.repeat(121), 12] },
  { ...address('city', 'city'), valid: ['Rio de Janeiro'], invalid: ['', 'x'.repeat(91)] },
  { ...address('regionCode', 'region_code'), valid: ['RJ', 'sp'], invalid: ['São Paulo', 'S', 'S1'] },
  { ...address('country', 'country'), valid: ['BRA', 'PRT'], invalid: ['BR', 'bra', 'XXX'] },
  {
    ...address('postalCode', 'postal_code'),
    valid: ['01310-100', '12345', '1234567890'],
    invalid: ['1234', '12345678901', '0131O100'],
  },
];

const set = (target: any, path: Path, value: unknown) => {
  let at = target;
  for (const key of path.slice(0, -1)) at = at[key];
  at[path.at(-1)!] = value;
};
const sdkName = (path: Path) =>
  ['data', ...path].reduce<string>((s, k) => (typeof k === 'number' ? `${s}[${k}]` : s ? `${s}.${k}` : k), '');
const orderName = (path: Path) =>
  path.reduce<string>((s, k) => (typeof k === 'number' ? `${s}[${k}]` : s ? `${s}.${k}` : String(k)), '');

/** The verdict of each side: 'valid', or the parameters it refused. */
async function verdicts(sandbox: Sandbox, session: string, field: Field, value: unknown) {
  const data = sdkData();
  set(data, field.sdk, value);
  const body = orderBody();
  set(body, field.order, value);
  const sdk = validateAuthenticationData(structuredClone(data), ['data']);
  const endpoint = await postAuthentication(sandbox, session, { data, device: validDevice() });
  const order = await api(sandbox, 'POST', '/orders', body);
  const named = (items: Array<{ parameter_name: string }>) => items.map((e) => e.parameter_name);
  return {
    sdk: sdk.ok ? 'valid' : sdk.errors.map((e) => e.parameterName),
    endpoint:
      endpoint.status === 201
        ? 'valid'
        : endpoint.status === 400
          ? named(((await endpoint.json()) as { error_messages: Array<{ parameter_name: string }> }).error_messages)
          : `HTTP ${endpoint.status}`,
    order:
      order.status === 201 ? 'valid' : order.status === 400 ? named(order.body.error_messages) : `HTTP ${order.status}`,
  };
}

describe('one rule per shared field: the SDK, the 3DS endpoint and the orders API agree', () => {
  for (const field of TABLE) {
    it(`${sdkName(field.sdk)} / ${orderName(field.order)}`, { timeout: 30_000 }, async ({ sandbox, session }) => {
      for (const value of field.valid) {
        expect(await verdicts(sandbox, session, field, value), `valid ${JSON.stringify(value)}`).toEqual({
          sdk: 'valid',
          endpoint: 'valid',
          order: 'valid',
        });
      }
      for (const value of field.invalid) {
        const sdkParam = [sdkName(field.sdk)];
        expect(await verdicts(sandbox, session, field, value), `invalid ${JSON.stringify(value)}`).toEqual({
          sdk: sdkParam,
          endpoint: sdkParam,
          order: [orderName(field.order)],
        });
      }
    });
  }
});
