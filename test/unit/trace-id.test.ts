import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUuid } from '../../src/core/trace-id';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses crypto.randomUUID where the page has it', () => {
    vi.stubGlobal('crypto', {
      randomUUID: () => 'from-randomUUID',
      getRandomValues: () => {
        throw new Error('not used');
      },
    });
    expect(randomUuid()).toBe('from-randomUUID');
  });

  it('builds a v4 UUID from getRandomValues outside a secure context (no randomUUID)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) });
    const ids = Array.from({ length: 2000 }, () => randomUuid());
    for (const id of ids) expect(id).toMatch(V4);
    expect(new Set(ids).size).toBe(ids.length);
    // Every random position takes every value it may: 16 hex digits, and 8, 9, a, b for the variant.
    const seen = Array.from({ length: 36 }, (_, i) => new Set(ids.map((id) => id[i])));
    for (const [i, values] of seen.entries()) {
      if ([8, 13, 18, 23].includes(i)) expect([...values]).toEqual(['-']);
      else if (i === 14) expect([...values]).toEqual(['4']);
      else expect(values.size).toBe(i === 19 ? 4 : 16);
    }
  });
});
