// @vitest-environment node
// crypto.getRandomValues is Node's here (globalThis.crypto).
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { decodeCardPlaintext } from '../../src/core/card-ciphertext';
import { encryptCard, type EncryptCardInput } from '../../src/sdk/encrypt-card';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const base64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const next = new Date().getFullYear() + 1;
const card: EncryptCardInput = {
  publicKey: pem,
  holder: 'Maria da Silva',
  number: '4000000000002503',
  expMonth: '7',
  expYear: String(next),
  securityCode: '123',
};

const decrypt = (encrypted: string) =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(encrypted, 'base64'),
  ).toString('utf8');

describe('encryptCard', () => {
  it('encrypts with a PEM key so that the private key recovers every field', async () => {
    const before = Date.now();
    const result = await encryptCard(card);
    expect(result.hasErrors).toBe(false);
    const plain = decodeCardPlaintext(decrypt(result.encryptedCard!));
    expect(plain).toMatchObject({
      number: '4000000000002503',
      securityCode: '123',
      expMonth: 7,
      expYear: next,
      holder: 'Maria da Silva',
    });
    expect(plain!.createdAt).toBeGreaterThanOrEqual(before);
  });

  it('accepts a bare base64 SPKI key, numbers as numbers and spaced card numbers', async () => {
    const result = await encryptCard({
      ...card,
      publicKey: base64,
      number: '4000 0000 0000 2503',
      expMonth: 12,
      expYear: next,
    });
    expect(result.hasErrors).toBe(false);
    expect(decodeCardPlaintext(decrypt(result.encryptedCard!))?.number).toBe('4000000000002503');
  });

  it("returns its result at once, not a promise, as the provider's encryptCard does; await gives the same", async () => {
    const result = encryptCard(card);
    expect(result).not.toBeInstanceOf(Promise);
    expect(typeof (result as unknown as { then?: unknown }).then).toBe('undefined');
    expect(result.hasErrors).toBe(false);
    expect(decodeCardPlaintext(decrypt(result.encryptedCard!))?.number).toBe('4000000000002503');
    const awaited = await encryptCard({ ...card, number: '4000' });
    expect(awaited.errors.map((e) => e.code)).toEqual(['INVALID_NUMBER']);
  });

  it("makes what WebCrypto's RSA-OAEP/SHA-256 makes: a 3072-bit key seals too, WebCrypto decrypts it", async () => {
    const big = generateKeyPairSync('rsa', { modulusLength: 3072 });
    const result = encryptCard({
      ...card,
      publicKey: big.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    expect(result.encryptedCard).toBeDefined();
    const key = await crypto.subtle.importKey(
      'pkcs8',
      big.privateKey.export({ type: 'pkcs8', format: 'der' }),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      false,
      ['decrypt'],
    );
    const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, key, Buffer.from(result.encryptedCard!, 'base64'));
    expect(decodeCardPlaintext(new TextDecoder().decode(plain))?.holder).toBe('Maria da Silva');
  });

  it('reports ENCRYPTION_UNAVAILABLE when the browser has no crypto.getRandomValues', () => {
    vi.stubGlobal('crypto', undefined);
    try {
      expect(encryptCard(card).errors.map((e) => e.code)).toEqual(['ENCRYPTION_UNAVAILABLE']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives a different ciphertext each time (OAEP is randomised)', async () => {
    const [a, b] = await Promise.all([encryptCard(card), encryptCard(card)]);
    expect(a.encryptedCard).not.toBe(b.encryptedCard);
  });

  const cases: Array<[string, Partial<EncryptCardInput>, string]> = [
    ['a number failing Luhn', { number: '4000000000002504' }, 'INVALID_NUMBER'],
    ['a short number', { number: '400000000000' }, 'INVALID_NUMBER'],
    ['a missing number', { number: undefined }, 'INVALID_NUMBER'],
    ['a 2-digit security code', { securityCode: '12' }, 'INVALID_SECURITY_CODE'],
    ['a non-numeric security code', { securityCode: '12a' }, 'INVALID_SECURITY_CODE'],
    ['month 13', { expMonth: 13 }, 'INVALID_EXPIRATION_MONTH'],
    ['month 0', { expMonth: '0' }, 'INVALID_EXPIRATION_MONTH'],
    ['a 2-digit year', { expYear: '30' }, 'INVALID_EXPIRATION_YEAR'],
    ['a past year', { expYear: new Date().getFullYear() - 1 }, 'INVALID_EXPIRATION_YEAR'],
    ['a holder with digits', { holder: 'Maria 2' }, 'INVALID_HOLDER'],
    ['an empty holder', { holder: ' ' }, 'INVALID_HOLDER'],
    ['a holder over 64 characters (the rule of every card holder name)', { holder: 'Ã'.repeat(65) }, 'INVALID_HOLDER'],
    [
      '64 letters of 3 bytes each, past the 190 bytes RSA-OAEP can seal (encrypt would throw)',
      { holder: '名'.repeat(64) },
      'INVALID_HOLDER',
    ],
    ['a key that is not base64', { publicKey: 'not a key!' }, 'INVALID_PUBLIC_KEY'],
    ['a missing key', { publicKey: '' }, 'INVALID_PUBLIC_KEY'],
    [
      'an EC key (not RSA)',
      {
        publicKey: generateKeyPairSync('ec', { namedCurve: 'P-256' })
          .publicKey.export({ type: 'spki', format: 'pem' })
          .toString(),
      },
      'INVALID_PUBLIC_KEY',
    ],
    ['a truncated key', { publicKey: base64.slice(0, 200) }, 'INVALID_PUBLIC_KEY'],
  ];
  it.each(cases)('reports %s with its own code', async (_, change, code) => {
    const result = await encryptCard({ ...card, ...change } as EncryptCardInput);
    expect(result.hasErrors).toBe(true);
    expect(result.errors.map((e) => e.code)).toEqual([code]);
  });

  it('seals a holder of 64 two-byte letters: the longest name of the rule fits', async () => {
    const result = await encryptCard({ ...card, holder: 'Ã'.repeat(64) });
    expect(result.hasErrors).toBe(false);
  });

  it('reports a card that expired earlier this year on the month', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 15));
    try {
      const expired = await encryptCard({ ...card, expYear: 2026, expMonth: 5 });
      expect(expired.errors.map((e) => e.code)).toEqual(['INVALID_EXPIRATION_MONTH']);
      const current = await encryptCard({ ...card, expYear: 2026, expMonth: 6 });
      expect(current.hasErrors).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects an RSA key shorter than 2048 bits', async () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    const result = await encryptCard({ ...card, publicKey: small });
    expect(result.errors.map((e) => e.code)).toEqual(['INVALID_PUBLIC_KEY']);
  });

  it('reports every problem at once and never echoes card data', async () => {
    const result = await encryptCard({
      publicKey: 'x',
      holder: '1',
      number: '4000000000002504',
      expMonth: 99,
      expYear: 1,
      securityCode: '98',
    });
    expect(result.errors.map((e) => e.code).sort()).toEqual(
      [
        'INVALID_EXPIRATION_MONTH',
        'INVALID_EXPIRATION_YEAR',
        'INVALID_HOLDER',
        'INVALID_NUMBER',
        'INVALID_PUBLIC_KEY',
        'INVALID_SECURITY_CODE',
      ].sort(),
    );
    const text = JSON.stringify(result);
    expect(text).not.toContain('4000000000002504');
    expect(text).not.toContain('"98"');
  });

  it('never throws on input that is not an object', async () => {
    for (const input of [null, undefined, 42, 'card', []]) {
      const result = await encryptCard(input as unknown as EncryptCardInput);
      expect(result.hasErrors).toBe(true);
    }
  });
});
