// @vitest-environment node
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../src/sdk/encrypt/sha256';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const node = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('sha256 (the synchronous one encryptCard uses)', () => {
  it('gives the FIPS 180-4 digests of "" and "abc"', () => {
    expect(hex(sha256(new Uint8Array(0)))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('agrees with node:crypto at every length around the block and padding edges', () => {
    for (let length = 0; length <= 200; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      expect(hex(sha256(bytes)), `length ${length}`).toBe(node(bytes));
    }
  });

  it('agrees with node:crypto on random inputs', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 1000 }), (bytes) => hex(sha256(bytes)) === node(bytes)));
  });
});
