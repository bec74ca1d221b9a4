/**
 * Requests the unit tests start from. Every test builds a fresh copy, so a test that
 * mutates one never leaks into another.
 */

import { TEST_CARDS } from '../../../src/sandbox/cards/sandbox-cards';

/** Visa sandbox card "eligible with challenge": Luhn valid, 16 digits. */
export const CARD_NUMBER = TEST_CARDS.challenge.number;

export function validAddress(): Record<string, unknown> {
  return {
    street: 'Avenida Paulista',
    number: '1000',
    complement: 'apto 12',
    city: 'São Paulo',
    regionCode: 'SP',
    country: 'BRA',
    postalCode: '01310100',
  };
}

export function validData(): Record<string, unknown> {
  return {
    customer: {
      name: 'Maria Silva',
      email: 'maria.silva@example.com.br',
      phones: [
        { country: '55', area: '11', number: '912345678', type: 'MOBILE' },
        { country: '55', area: '11', number: '31234567', type: 'HOME' },
      ],
    },
    paymentMethod: {
      type: 'CREDIT_CARD',
      installments: 1,
      card: { number: CARD_NUMBER, expMonth: 12, expYear: 2099, holder: { name: 'Maria Silva' } },
    },
    amount: { value: 10_000, currency: 'BRL' },
    billingAddress: validAddress(),
  };
}

export function validRequest(): Record<string, unknown> {
  return { data: validData(), dataOnly: false };
}

type Key = string | number;

/** Splits `data.customer.phones[0].number` into its keys. */
export function parsePath(path: string): Key[] {
  const keys: Key[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) throw new Error(`bad path ${path}`);
    if (m[1]) keys.push(m[1]);
    for (const index of m[2]!.matchAll(/\[(\d+)\]/g)) keys.push(Number(index[1]));
  }
  return keys;
}

const parentOf = (root: unknown, path: string): { owner: Record<Key, unknown>; key: Key } => {
  const keys = parsePath(path);
  let owner = root as Record<Key, unknown>;
  for (const k of keys.slice(0, -1)) owner = owner[k] as Record<Key, unknown>;
  return { owner, key: keys[keys.length - 1]! };
};

/** Returns `root` with the value at `path` replaced (parents must exist). */
export function set<T>(root: T, path: string, value: unknown): T {
  const { owner, key } = parentOf(root, path);
  owner[key] = value;
  return root;
}

/** Returns `root` without the key at `path`. */
export function remove<T>(root: T, path: string): T {
  const { owner, key } = parentOf(root, path);
  delete owner[key];
  return root;
}

/** Sets or deletes at a path when every parent along it is an object; tells whether it did. */
export function mutateAt(request: Record<string, unknown>, path: string, value: unknown, del: boolean): boolean {
  try {
    let owner: unknown = request;
    for (const key of parsePath(path).slice(0, -1)) {
      if (!owner || typeof owner !== 'object') return false;
      owner = (owner as Record<Key, unknown>)[key];
    }
    if (!owner || typeof owner !== 'object' || Object.isFrozen(owner)) return false;
    if (del) remove(request, path);
    else set(request, path, value);
    return true;
  } catch {
    // An earlier mutation put a hostile value on the way.
    return false;
  }
}

/** Every path the validator reads, to aim mutations at. */
export const REQUEST_PATHS = [
  'data',
  'dataOnly',
  'data.dataOnly',
  'beforeChallenge',
  'onStatusChange',
  'signal',
  'challengeTimeout',
  'data.customer',
  'data.customer.name',
  'data.customer.email',
  'data.customer.phones',
  'data.customer.phones[0]',
  'data.customer.phones[0].country',
  'data.customer.phones[0].area',
  'data.customer.phones[0].number',
  'data.customer.phones[0].type',
  'data.paymentMethod',
  'data.paymentMethod.type',
  'data.paymentMethod.installments',
  'data.paymentMethod.card',
  'data.paymentMethod.card.id',
  'data.paymentMethod.card.encrypted',
  'data.paymentMethod.card.number',
  'data.paymentMethod.card.expMonth',
  'data.paymentMethod.card.expYear',
  'data.paymentMethod.card.holder',
  'data.paymentMethod.card.holder.name',
  'data.amount',
  'data.amount.value',
  'data.amount.currency',
  'data.billingAddress',
  'data.billingAddress.street',
  'data.billingAddress.country',
  'data.billingAddress.postalCode',
  'data.billingAddress.complement',
  'data.shippingAddress',
  'data.shippingAddress.city',
  'data.shippingAddress.regionCode',
  'data.unknownKey',
  'data.customer.unknownKey',
  'data.paymentMethod.card.securityCode',
];
