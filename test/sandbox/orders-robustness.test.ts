import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { api, boletoCharge, cardCharge, order, subMerchantCharge } from './support/payments';
import { it } from './support/sandbox-test';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Replaces the value at one path of a valid body: the near-misses integrations really send. */
function mutate(body: Json, path: readonly number[], value: Json): Json {
  if (path.length === 0 || body === null || typeof body !== 'object') return value;
  const keys = Array.isArray(body) ? body.map((_, i) => i) : Object.keys(body);
  if (keys.length === 0) return value;
  const key = keys[path[0]! % keys.length]!;
  const copy: any = Array.isArray(body) ? [...body] : { ...body };
  copy[key] = mutate(copy[key], path.slice(1), value);
  return copy;
}

const validBodies: Array<[string, Json]> = [
  ['/orders', order([cardCharge()]) as Json],
  ['/orders', order([boletoCharge()]) as Json],
  ['/charges', subMerchantCharge() as Json],
];

describe('the property runs', () => {
  it('check the same cases on every run: one fixed seed (test/fast-check-seed.ts, FAST_CHECK_SEED overrides it)', () => {
    expect(fc.sample(fc.jsonValue({ maxDepth: 3 }), 5)).toEqual(fc.sample(fc.jsonValue({ maxDepth: 3 }), 5));
  });
});

describe('bad input is never a 5xx', () => {
  it('valid bodies with one value replaced by anything answer 201 or a 4xx error body', async ({ sandbox }) => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...validBodies),
        fc.array(fc.nat(), { minLength: 1, maxLength: 7 }),
        fc.jsonValue({ maxDepth: 3 }),
        async ([path, body], at, value) => {
          const res = await api(sandbox, 'POST', path, mutate(body, at, value as Json));
          expect(
            res.status === 201 || (res.status >= 400 && res.status < 500),
            `${res.status} ${JSON.stringify(res.body)}`,
          ).toBe(true);
          if (res.status !== 201) expect(res.body.error_messages.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('arbitrary JSON bodies answer a 4xx with error items', async ({ sandbox }) => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/orders', '/charges'), fc.jsonValue({ maxDepth: 4 }), async (path, value) => {
        const res = await api(sandbox, 'POST', path, JSON.stringify(value));
        expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body.error_messages[0].code).toMatch(/^4\d{4}$/);
      }),
      { numRuns: 200 },
    );
  });
});
