// SHA-256 (FIPS 180-4) by hand, synchronous: encryptCard returns its result at once, as the
// provider's does, and WebCrypto's digest is asynchronous (and absent on plain http: pages).
// Not a library: @noble/hashes' sha256, the well-kept one, adds 2.6 KB gzip to gateway.js,
// whose whole budget for the synchronous encryption is about 1 KB (docs/performance.md); these
// lines add about 0.4 KB. Checked against node:crypto in test/unit/sha256.test.ts.

/** SHA-256 of `data`: 32 bytes. */
export function sha256(data: Uint8Array): Uint8Array {
  // The constants: the first 32 bits of the fractional parts of the square roots (initial hash)
  // and cube roots (round constants) of the first primes. Computed: shorter than written out.
  const h: number[] = [];
  const k: number[] = [];
  const frac = (x: number) => ((x - Math.floor(x)) * 2 ** 32) | 0;
  for (let n = 2; k.length < 64; n++) {
    let prime = true;
    for (let d = 2; d * d <= n; d++) if (n % d === 0) prime = false;
    if (prime) {
      if (h.length < 8) h.push(frac(n ** (1 / 2)));
      k.push(frac(n ** (1 / 3)));
    }
  }
  // The message as big-endian 32-bit words: data, a 1 bit, zeros, then its length in bits (the
  // high word is 0 below 512 MB), to a whole number of 16-word blocks.
  const length = data.length;
  const words = new Int32Array(((length + 8) >> 6) * 16 + 16);
  data.forEach((byte, i) => {
    words[i >> 2]! |= byte << (24 - (i % 4) * 8);
  });
  words[length >> 2]! |= 0x80 << (24 - (length % 4) * 8);
  words[words.length - 1] = length * 8;
  const ror = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let block = 0; block < words.length; block += 16) {
    const w = Array.from(words.subarray(block, block + 16));
    // a..h as a list: each round puts the new a in front and drops h, and adds t1 to the new e.
    const s = h.slice();
    for (let t = 0; t < 64; t++) {
      if (t > 15) {
        const x = w[t - 15]!;
        const y = w[t - 2]!;
        w[t] =
          ((ror(y, 17) ^ ror(y, 19) ^ (y >>> 10)) + w[t - 7]! + (ror(x, 7) ^ ror(x, 18) ^ (x >>> 3)) + w[t - 16]!) | 0;
      }
      const [a, b, c, , e, f, g, hh] = s as [number, number, number, number, number, number, number, number];
      const t1 = (hh + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + k[t]! + w[t]!) | 0;
      const t2 = ((ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      s.pop();
      s.unshift((t1 + t2) | 0);
      s[4] = (s[4]! + t1) | 0;
    }
    s.forEach((v, i) => {
      h[i] = (h[i]! + v) | 0;
    });
  }
  return Uint8Array.from({ length: 32 }, (_, i) => h[i >> 2]! >>> (24 - (i % 4) * 8));
}
