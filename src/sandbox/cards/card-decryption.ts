import { constants, createPrivateKey, privateDecrypt, type KeyObject } from 'node:crypto';
import { CARD_CIPHERTEXT_TTL_MS, decodeCardPlaintext, type CardPlaintext } from '../../core/card-ciphertext';
import { INVALID_PARAMETER, type ErrorItem } from '../../core/error-item';
import { cardNumberRule } from '../../core/field-rules';
import type { PublicKeyRecord } from '../public-keys/public-key-store';
import { hasExpired } from '../../core/card-expiry';

/** Clocks of shopper devices drift; a card "encrypted in the future" by this much is still fine. */
const CLOCK_SKEW_MS = 5 * 60_000;

export type Decryption = { ok: true; card: CardPlaintext } | { ok: false; error: ErrorItem };

/**
 * Parsed private keys by key id: parsing a PEM costs more than the decryption (about 390 µs
 * against 300, docs/performance.md#the-sandbox-devices-kept-and-why). One per CardResolver, so the
 * keys go with the sandbox that made them.
 */
export class PrivateKeys {
  private readonly parsed = new Map<string, KeyObject>();

  of(key: PublicKeyRecord): KeyObject {
    let k = this.parsed.get(key.id);
    if (!k) this.parsed.set(key.id, (k = createPrivateKey(key.privateKeyPem)));
    return k;
  }
}

/**
 * Decrypts a card made by Gateway.encryptCard with one of the merchant's valid keys (the
 * current key first, then keys retired less than 7 days ago). Every failure is a 40002 on
 * `parameterName` that says what to do; none of them carries card data.
 */
export function decryptCard(
  encrypted: string,
  keys: readonly PublicKeyRecord[],
  now: Date,
  parameterName: string,
  privateKeys = new PrivateKeys(),
): Decryption {
  const fail = (why: string): Decryption => ({
    ok: false,
    error: { code: INVALID_PARAMETER, parameterName, description: `${parameterName} ${why}` },
  });
  if (!keys.length)
    return fail('cannot be decrypted: the merchant has no public key; create one with POST /public-keys');
  const sealed = Buffer.from(encrypted, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encrypted) || sealed.length < 64)
    return fail('is not an encrypted card (base64 from Gateway.encryptCard)');
  let text: string | undefined;
  for (const key of keys) {
    try {
      text = privateDecrypt(
        { key: privateKeys.of(key), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        sealed,
      ).toString('utf8');
      break;
    } catch {
      // not this key: OAEP refuses a ciphertext made with another key or altered in transit
    }
  }
  if (text === undefined)
    return fail(
      "cannot be decrypted with your public keys: it was altered, made with another merchant's key, or with a key retired more than 7 days ago",
    );
  const card = decodeCardPlaintext(text);
  if (!card || !cardNumberRule.test(card.number) || card.expMonth < 1 || card.expMonth > 12)
    return fail('does not hold a valid card: encrypt it again with Gateway.encryptCard');
  const age = now.getTime() - card.createdAt;
  if (age > CARD_CIPHERTEXT_TTL_MS || age < -CLOCK_SKEW_MS)
    return fail('has expired (encrypted cards are valid for 1 hour): encrypt the card again');
  if (hasExpired(card.expMonth, card.expYear, now)) return fail('holds a card that has expired');
  return { ok: true, card };
}
