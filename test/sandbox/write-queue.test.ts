// The journal's queue of what is not yet written (journal/write-queue.ts): oldest first, and when
// bounded, the newest items within the bounds, whatever mix of pushes and takes came before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WriteQueue } from '../../src/sandbox/journal/write-queue';

type Op = { push: string } | { take: number };

const ops = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: 12 }).map((push): Op => ({ push })) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 40 }).map((take): Op => ({ take })) },
  ),
  { maxLength: 600 },
);

/** The same rules on a plain array: drop the oldest while over either bound (one item always fits). */
function model(bounds: { maxItems: number; maxBytes: number } | undefined, steps: Op[]) {
  let items: string[] = [];
  const taken: string[][] = [];
  for (const step of steps) {
    if ('push' in step) {
      items.push(step.push);
      if (!bounds) continue;
      const bytes = () => items.reduce((n, s) => n + s.length, 0);
      while (items.length > bounds.maxItems || (bytes() > bounds.maxBytes && items.length > 1)) items.shift();
    } else {
      taken.push(items.slice(0, step.take));
      items = items.slice(step.take);
    }
  }
  return { items, taken };
}

function run(queue: WriteQueue<string>, steps: Op[]) {
  const taken: string[][] = [];
  for (const step of steps) {
    if ('push' in step) queue.push(step.push);
    else taken.push(queue.take(step.take));
  }
  return { length: queue.length, taken, rest: queue.take() };
}

describe('WriteQueue', () => {
  it('without bounds, gives back everything pushed, oldest first', () => {
    fc.assert(
      fc.property(ops, (steps) => {
        const expected = model(undefined, steps);
        const got = run(new WriteQueue<string>(), steps);
        expect(got.taken).toEqual(expected.taken);
        expect(got.length).toBe(expected.items.length);
        expect(got.rest).toEqual(expected.items);
      }),
      { numRuns: 300 },
    );
  });

  it('bounded, keeps the newest items within both bounds, dropping the oldest unread', () => {
    fc.assert(
      fc.property(
        ops,
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 200 }),
        (steps, maxItems, maxBytes) => {
          const bounds = { maxItems, maxBytes };
          const expected = model(bounds, steps);
          const got = run(new WriteQueue<string>({ ...bounds, bytesOf: (s) => s.length }), steps);
          expect(got.taken).toEqual(expected.taken);
          expect(got.rest).toEqual(expected.items);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the newest 10,000 of 200,000 pushes, in order', () => {
    const queue = new WriteQueue<number>({ maxItems: 10_000, maxBytes: Number.POSITIVE_INFINITY, bytesOf: () => 8 });
    for (let n = 0; n < 200_000; n++) queue.push(n);
    const rest = queue.take();
    expect(rest).toHaveLength(10_000);
    expect(rest[0]).toBe(190_000);
    expect(rest.at(-1)).toBe(199_999);
  });
});
