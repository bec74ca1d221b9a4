import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authenticate3DS, ErrorCode, GatewayError, setUp } from '../../src/sdk/index';
import type { AuthenticationRequest } from '../../src/sdk/types';
import { validateRequest } from '../../src/sdk/validate-request';
import { anyValue, validRequest, withLuhnDigit } from './support/arbitraries';
import { stubFetch } from './support/fake-api';
import { mutateAt, REQUEST_PATHS } from './support/requests';
import { isLuhnValid } from '../../src/core/luhn';

let fetch: ReturnType<typeof stubFetch>;
beforeEach(() => {
  setUp({ session: 'sess_test_0001', env: 'SANDBOX', apiUrl: 'http://127.0.0.1:4999' });
  fetch = stubFetch();
});
afterEach(() => vi.unstubAllGlobals());

/** What authenticate3DS did: fulfilled, or rejected with a GatewayError (anything else fails the property). */
async function settle(request: unknown): Promise<{ ok: true } | { ok: false; error: GatewayError }> {
  try {
    await authenticate3DS(request as AuthenticationRequest);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw new Error(`escaped as ${String(error)}`);
    return { ok: false, error };
  }
}

const isValidationError = (error: GatewayError) => {
  expect(error.code).toBe(ErrorCode.VALIDATION_ERROR);
  expect(error.detail.httpStatus).toBe(400);
  expect(error.detail.traceId).not.toBe('');
  expect(error.detail.errorMessages.length).toBeGreaterThan(0);
  for (const item of error.detail.errorMessages) {
    expect(['40001', '40002']).toContain(item.code);
    expect(item.description.startsWith(item.parameterName)).toBe(true);
  }
  // Serialisable whatever the input was.
  expect(JSON.parse(JSON.stringify(error)).detail).toEqual(error.detail);
};

const nested = (a: string, b: string) =>
  a === b || a.startsWith(`${b}.`) || a.startsWith(`${b}[`) || b.startsWith(`${a}.`) || b.startsWith(`${a}[`);
/** Rules that join two places: dataOnly beside or inside data; billing or shipping address. */
const JOINED: Record<string, string> = {
  'data.dataOnly': 'dataOnly',
  data: 'dataOnly',
  'data.shippingAddress': 'data.billingAddress',
};
const CARD = 'data.paymentMethod.card';
/**
 * Whether an error item may come from a mutation at `mutated`. The card's fields depend on
 * each other (a number needs expMonth, expYear and holder.name; the expiry is checked as a
 * pair), so a card mutation may fail any field of the card.
 */
const related = (item: string, mutated: string) =>
  nested(item, mutated) ||
  item === JOINED[mutated] ||
  (mutated.startsWith('data.shippingAddress') && item === 'data.billingAddress') ||
  (mutated.startsWith(`${CARD}.`) && nested(item, CARD));

describe('the property runs', () => {
  it('check the same cases on every run: one fixed seed (test/fast-check-seed.ts, FAST_CHECK_SEED overrides it)', () => {
    expect(fc.sample(validRequest, 3)).toEqual(fc.sample(validRequest, 3));
  });
});

describe('properties of authenticate3DS', () => {
  it('anything as the request settles as a value or a GatewayError, never anything else', async () => {
    await fc.assert(
      fc.asyncProperty(anyValue, async (make) => {
        const outcome = await settle(make());
        if (!outcome.ok) isValidationError(outcome.error);
      }),
      { numRuns: 300 },
    );
  });

  it('anything as data settles the same way', async () => {
    await fc.assert(
      fc.asyncProperty(anyValue, fc.boolean(), async (make, inside) => {
        const data = make();
        // Inside: data keeps its own shape and gets dataOnly only when it can hold one.
        if (inside && data && typeof data === 'object') {
          try {
            Object.assign(data, { dataOnly: false });
          } catch {
            // frozen, a proxy that throws, a revoked one: the request is hostile enough as it is
          }
        }
        const outcome = await settle(inside ? { data } : { data, dataOnly: false });
        if (!outcome.ok) isValidationError(outcome.error);
      }),
      { numRuns: 300 },
    );
  });

  it('a valid request with random mutations fails only on the paths that were mutated', async () => {
    const mutation = fc.record({ path: fc.constantFrom(...REQUEST_PATHS), value: anyValue, del: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(
        validRequest,
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        async (generated, mutations) => {
          const request = structuredClone(generated);
          const changed = mutations.filter((m) => mutateAt(request, m.path, m.value(), m.del)).map((m) => m.path);
          fetch.mockClear();
          const outcome = await settle(request);
          if (outcome.ok) {
            expect(fetch).toHaveBeenCalledTimes(1);
            return;
          }
          isValidationError(outcome.error);
          expect(fetch).not.toHaveBeenCalled();
          for (const item of outcome.error.detail.errorMessages) {
            // A mutation only ever breaks rules on its own path, inside it, or on a list or
            // object that holds it (phones without a MOBILE one, a card with two forms).
            if (!changed.some((p) => related(item.parameterName, p)))
              throw new Error(`${item.parameterName} failed after mutating ${changed.join(', ')}`);
          }
        },
      ),
      { numRuns: 500 },
    );
    // 500 whole validations: 1 to 2 s alone, past vitest's 5 s default on a 2-core machine other
    // builds share. The timeout only catches a hang.
  }, 30_000);
});

describe('properties of validation', () => {
  it('generated valid requests always pass', () => {
    fc.assert(
      fc.property(validRequest, (request) => {
        const result = validateRequest(request);
        if (!result.ok) throw new Error(JSON.stringify(result.errors));
      }),
      { numRuns: 1000 },
    );
  });

  it('what passes is what is sent: only known keys, card digits only, numbers as numbers', () => {
    fc.assert(
      fc.property(validRequest, (request) => {
        const result = validateRequest(request);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const { data } = result.value;
        expect(
          Object.keys(data).every((k) =>
            ['customer', 'paymentMethod', 'amount', 'billingAddress', 'shippingAddress'].includes(k),
          ),
        ).toBe(true);
        expect(Object.keys(data.customer).sort()).toEqual(['email', 'name', 'phones']);
        const card = data.paymentMethod.card;
        if ('number' in card) {
          expect(isLuhnValid(card.number)).toBe(true);
          expect(typeof card.expMonth).toBe('number');
          expect(typeof card.expYear).toBe('number');
        }
        expect(typeof data.paymentMethod.installments).toBe('number');
        for (const p of data.customer.phones)
          for (const k of ['country', 'area', 'number'] as const) expect(p[k]).toMatch(/^\d+$/);
      }),
      { numRuns: 300 },
    );
  });

  it('breaking the Luhn digit of any valid card number is caught', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 12, max: 20 }).chain((n) => fc.stringMatching(new RegExp(`^\\d{${n}}$`))),
        fc.integer({ min: 1, max: 9 }),
        (body, shift) => {
          const good = withLuhnDigit(body);
          const bad = `${body}${(Number(good.at(-1)) + shift) % 10}`;
          expect(isLuhnValid(good)).toBe(true);
          expect(isLuhnValid(bad)).toBe(false);
        },
      ),
    );
  });
});
