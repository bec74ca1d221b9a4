import { sha256 } from './sha256';

// RSA-OAEP with SHA-256 (RFC 8017, 7.1.1; MGF1 with SHA-256, empty label), synchronous: the
// provider's encryptCard returns its result at once and WebCrypto's encrypt is asynchronous (and
// absent on plain http: pages, where the provider's works). No library: the small ones that do
// RSA-OAEP synchronously bring their own big-number and hash code, several KB gzip against a
// budget of about 1 KB for all of it; BigInt does the arithmetic in a few lines. The output is
// byte for byte what WebCrypto's RSA-OAEP/SHA-256 makes, so the sandbox decrypts cards of earlier
// builds and of this one alike (test/unit/encrypt-card.test.ts decrypts it with node:crypto).

/** An RSA public key: modulus, public exponent and the modulus' length in bytes. */
export interface RsaPublicKey {
  n: bigint;
  e: bigint;
  size: number;
}

/** OAEP's hash length (SHA-256). */
const HASH_BYTES = 32;
/** rsaEncryption, 1.2.840.113549.1.1.1, as DER: tag, length, then the encoded arcs. */
const RSA_ENCRYPTION_OID = [6, 9, 42, 134, 72, 134, 247, 13, 1, 1, 1];

/** Big-endian bytes as a number. */
const toBigInt = (bytes: Uint8Array): bigint => bytes.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);

/** One error for every way a key can be wrong: encryptCard reports them all as INVALID_PUBLIC_KEY. */
const notRsaKey = (): never => {
  throw new Error('not an RSA public key (SPKI)');
};

/**
 * Reads a SubjectPublicKeyInfo (DER, as POST /public-keys gives it in PEM or base64): the modulus
 * and exponent of an rsaEncryption key. Throws on anything else.
 */
export function parseSpki(der: Uint8Array): RsaPublicKey {
  let at = 0;
  /** Reads one DER header and returns where its content ends; `at` moves to the content. */
  const enter = (tag: number): number => {
    if (der[at++] !== tag) notRsaKey();
    let length = der[at++]!;
    if (length & 0x80) {
      let count = length & 0x7f;
      length = 0;
      while (count--) length = length * 256 + der[at++]!;
    }
    return at + length > der.length ? notRsaKey() : at + length;
  };
  const integer = (): bigint => {
    const end = enter(2);
    const value = toBigInt(der.subarray(at, end));
    at = end;
    return value;
  };
  enter(0x30); // SubjectPublicKeyInfo
  const algorithmEnd = enter(0x30); // AlgorithmIdentifier: rsaEncryption, NULL
  if (RSA_ENCRYPTION_OID.some((byte, i) => der[at + i] !== byte)) notRsaKey();
  at = algorithmEnd;
  enter(3); // subjectPublicKey BIT STRING, its first byte the count of unused bits (0)
  if (der[at++] !== 0) notRsaKey();
  enter(0x30); // RSAPublicKey
  const n = integer();
  return { n, e: integer(), size: Math.ceil(n.toString(2).length / 8) };
}

/** The longest message OAEP with SHA-256 can seal with this key (190 bytes for 2048 bits). */
export const oaepCapacity = (key: RsaPublicKey): number => key.size - 2 * HASH_BYTES - 2;

/** XORs into `target` the MGF1 (SHA-256) mask of `seed`, as long as `target`. */
function xorMgf1(target: Uint8Array, seed: Uint8Array): void {
  const input = new Uint8Array(seed.length + 4);
  input.set(seed);
  for (let counter = 0; counter * HASH_BYTES < target.length; counter++) {
    input[input.length - 1] = counter; // the counter stays below 256: target is shorter than 8 KB
    sha256(input).forEach((byte, i) => {
      const at = counter * HASH_BYTES + i;
      if (at < target.length) target[at]! ^= byte;
    });
  }
}

/**
 * Encrypts `message` (at most {@link oaepCapacity} bytes) with RSA-OAEP, SHA-256 and an empty
 * label. `random` fills the seed: crypto.getRandomValues, synchronous and there on http: pages too.
 */
export function rsaOaepEncrypt(
  key: RsaPublicKey,
  message: Uint8Array,
  random: (bytes: Uint8Array<ArrayBuffer>) => void,
): Uint8Array {
  const k = key.size;
  // EM = 0x00 || maskedSeed || maskedDB, DB = lHash || zeros || 0x01 || message
  const em = new Uint8Array(k);
  const seed = em.subarray(1, 1 + HASH_BYTES);
  const db = em.subarray(1 + HASH_BYTES);
  db.set(sha256(new Uint8Array(0)));
  db.set([1, ...message], db.length - message.length - 1);
  random(seed);
  xorMgf1(db, seed);
  xorMgf1(seed, db);
  // c = EM^e mod n, square and multiply, written out big-endian in k bytes.
  let c = 1n;
  for (let base = toBigInt(em), exp = key.e; exp > 0n; exp >>= 1n, base = (base * base) % key.n)
    if (exp & 1n) c = (c * base) % key.n;
  const out = new Uint8Array(k);
  for (let i = k; i--; c >>= 8n) out[i] = Number(c & 255n);
  return out;
}
