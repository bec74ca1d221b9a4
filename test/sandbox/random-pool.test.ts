import { describe, expect, it } from 'vitest';
import { RandomPool } from '../../src/sandbox/crypto/random-pool';

describe('RandomPool', () => {
  it('gives every byte once: values taken across refills never repeat', () => {
    const pool = new RandomPool(64);
    // 20-byte values from a 64-byte pool: three per fill, so this crosses about 300 refills.
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) seen.add(pool.take(20, 'hex'));
    expect(seen.size).toBe(1000);
  });

  it('answers the length asked for, in the encoding asked for', () => {
    const pool = new RandomPool(64);
    expect(pool.take(20, 'base64')).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(pool.take(32, 'base64url')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pool.take(8, 'hex')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('refuses more bytes than the pool holds rather than repeating some', () => {
    expect(() => new RandomPool(16).take(17, 'hex')).toThrow(RangeError);
  });
});
