// SHA-256 (FIPS 180-4) by hand, synchronous: encryptCard returns its result at once, as the
// provider's does, and WebCrypto's digest is asynchronous (and absent on plain http: pages).
// Not a library: @noble/hashes' sha256, the well-kept one, adds 2.6 KB gzip to gateway.js,
// whose whole budget for the synchronous encryption is about 1 KB (docs/performance.md); these
// lines add about 0.4 KB. Checked against node:crypto in test/unit/sha256.test.ts.

/** The round constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const K = new Uint32Array(64);
/** The initial hash: the same of the square roots of the first 8 primes. */
const H0 = new Uint32Array(8);
let ready = false;

function initConstants(): void {
  const frac = (x: number) => ((x - Math.floor(x)) * 2 ** 32) >>> 0;
  for (let n = 2, i = 0; i < 64; n++) {
    let prime = true;
    for (let d = 2; d * d <= n; d++) if (n % d === 0) prime = false;
    if (!prime) continue;
    if (i < 8) H0[i] = frac(n ** (1 / 2));
    K[i++] = frac(n ** (1 / 3));
  }
  ready = true;
}

/** SHA-256 of `data`: 32 bytes. */
export function sha256(data: Uint8Array): Uint8Array {
  if (!ready) initConstants();
  // Padding: 0x80, zeros, then the length in bits as 64-bit big-endian (the high half is 0 below 512 MB).
  const blocks = Math.ceil((data.length + 9) / 64);
  const bytes = new Uint8Array(blocks * 64);
  bytes.set(data);
  bytes[data.length] = 0x80;
  const view = new DataView(bytes.buffer);
  view.setUint32(bytes.length - 4, data.length * 8);
  view.setUint32(bytes.length - 8, Math.floor(data.length / 2 ** 29));
  const h = H0.slice();
  const w = new Uint32Array(64);
  const ror = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let b = 0; b < bytes.length; b += 64) {
    for (let t = 0; t < 64; t++) {
      if (t < 16) w[t] = view.getUint32(b + t * 4);
      else {
        const x = w[t - 15]!;
        const y = w[t - 2]!;
        w[t] = (ror(y, 17) ^ ror(y, 19) ^ (y >>> 10)) + w[t - 7]! + (ror(x, 7) ^ ror(x, 18) ^ (x >>> 3)) + w[t - 16]!;
      }
    }
    // a..h as a list: each round puts the new a in front and drops h, and adds t1 to the new e.
    const s = Array.from(h);
    for (let t = 0; t < 64; t++) {
      const [a, b1, c, , e, f, g, hh] = s as [number, number, number, number, number, number, number, number];
      const t1 = (hh + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[t]! + w[t]!) | 0;
      const t2 = ((ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b1) ^ (a & c) ^ (b1 & c))) | 0;
      s.pop();
      s.unshift((t1 + t2) | 0);
      s[4] = (s[4]! + t1) | 0;
    }
    s.forEach((v, i) => {
      h[i] = h[i]! + v;
    });
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  h.forEach((v, i) => {
    outView.setUint32(i * 4, v);
  });
  return out;
}
