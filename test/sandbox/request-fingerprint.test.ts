import { describe, expect, it } from 'vitest';
import { requestFingerprint } from '../../src/sandbox/idempotency/request-fingerprint';

// Fingerprints are stored with idempotency keys in data files: a sandbox upgraded over an old file
// must compute the same fingerprint for the same body, so the canonical form may never change.
const body = {
  b: [1, 'x', null, true, { z: 1, a: [] }],
  a: { 'é"': 'São Paulo \u2028', n: -0.5e-7 },
  c: null,
  d: {},
};

describe('requestFingerprint', () => {
  it('is the HMAC of the canonical form it has always been (recorded value)', () => {
    expect(requestFingerprint('secret-1', body)).toBe(
      'b3a3a060cd819765cd9f3bea583e63982f7b475950b5bd804c9740e2e7cf4c26',
    );
  });

  it('ignores key order and spacing, not values or array order', () => {
    const reordered = JSON.parse(
      '{ "d": {}, "c": null, "a": { "n": -5e-8, "é\\"": "São Paulo \\u2028" }, "b": [1, "x", null, true, { "a": [], "z": 1 }] }',
    );
    expect(requestFingerprint('secret-1', reordered)).toBe(requestFingerprint('secret-1', body));
    expect(requestFingerprint('secret-1', { ...body, c: 0 })).not.toBe(requestFingerprint('secret-1', body));
    expect(requestFingerprint('secret-1', { ...body, b: [...body.b].reverse() })).not.toBe(
      requestFingerprint('secret-1', body),
    );
    expect(requestFingerprint('secret-2', body)).not.toBe(requestFingerprint('secret-1', body));
  });
});
