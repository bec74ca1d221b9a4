import { createHmac, createSecretKey } from 'node:crypto';
import fc from 'fast-check';
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

  it('is the same with the secret as a key made once from its UTF-8 bytes, as the idempotency store keeps it', () => {
    const key = (secret: string) => createSecretKey(Buffer.from(secret, 'utf8'));
    expect(requestFingerprint(key('secret-1'), body)).toBe(
      'b3a3a060cd819765cd9f3bea583e63982f7b475950b5bd804c9740e2e7cf4c26',
    );
    expect(requestFingerprint(key('segrêdo-ç'), body)).toBe(requestFingerprint('segrêdo-ç', body));
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

  it('is the HMAC of the first canonical form for any JSON body: strings to escape, lone surrogates, any keys', () => {
    // The canonical form as it was first written, kept here as the reference the faster one must equal.
    const reference = (v: unknown): string => {
      if (Array.isArray(v)) return `[${v.map(reference).join(',')}]`;
      if (v && typeof v === 'object')
        return `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${reference((v as Record<string, unknown>)[k])}`)
          .join(',')}}`;
      return JSON.stringify(v);
    };
    const hmac = (v: unknown) => createHmac('sha256', 'secret-1').update(reference(v)).digest('hex');
    const tricky = fc.constantFrom(
      '"',
      '\\',
      '\n',
      '\u0000',
      '\u001f',
      '\u007f',
      '\u2028',
      '\ud800',
      '\udfff',
      '😀',
      'é',
      '10',
      '',
    );
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: tricky }));
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value')),
        fc.dictionary(text, tie('value')),
      ),
    })).value;
    fc.assert(
      fc.property(json, (v) => {
        expect(requestFingerprint('secret-1', v)).toBe(hmac(v));
      }),
      { numRuns: 2000 },
    );
  });
});
