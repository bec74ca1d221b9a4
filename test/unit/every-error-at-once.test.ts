import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateAuthenticationData } from '../../src/core/authentication-request';
import { validateRequest } from '../../src/sdk/validate-request';

// The error items of requests wrong in many places, recorded from the schema as it was built on
// the zod/mini wrappers (before issue #19 built it on zod's core classes to shrink gateway.js):
// every item, code, parameter name and description, in order, must stay as it was.
const recorded = JSON.parse(readFileSync('test/unit/support/every-error-at-once.json', 'utf8')) as Record<
  'a' | 'b' | 'c',
  unknown
>;

const wrongEverywhere = {
  dataOnly: false,
  data: {
    customer: { name: '1', email: 'x', phones: [{ country: 'a', area: '1', number: 'z', type: 'FAX' }] },
    paymentMethod: {
      type: 'PIX',
      installments: 0,
      card: { number: '4111', expMonth: 13, expYear: 20, holder: { name: '' } },
    },
    amount: { value: 5, currency: 'USD' },
    billingAddress: { street: '', number: '', city: '', regionCode: 'XX', country: 'ZZZ', postalCode: '1' },
    shippingAddress: 'nope',
  },
};

describe('every error at once', () => {
  it('a request wrong in every part gets every item, as recorded, in one answer', () => {
    const result = validateRequest(wrongEverywhere as never);
    expect(result).toEqual(recorded.a);
    expect(!result.ok && result.errors.length).toBe(20);
  });

  it('missing objects and an empty card (the API side, plain JSON data): the same items as recorded', () => {
    expect(
      validateAuthenticationData(
        { customer: null, paymentMethod: { card: {} } },
        ['data'],
        new Date('2026-01-01'),
        true,
      ),
    ).toEqual(recorded.b);
  });

  it('no data at all: the one item as recorded', () => {
    expect(validateAuthenticationData(undefined)).toEqual(recorded.c);
  });
});
