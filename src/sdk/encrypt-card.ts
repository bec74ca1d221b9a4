import { encodeCardPlaintext } from '../core/card-ciphertext';
import { cardNumberRule, expMonthRule, expYearRule, holderNameRule } from '../core/field-rules';
import { hasExpired } from '../core/card-expiry';
import { oaepCapacity, parseSpki, rsaOaepEncrypt, type RsaPublicKey } from './encrypt/rsa-oaep';

/** Stable codes of the problems {@link encryptCard} reports. */
export type EncryptCardErrorCode =
  | 'INVALID_NUMBER'
  | 'INVALID_SECURITY_CODE'
  | 'INVALID_EXPIRATION_MONTH'
  | 'INVALID_EXPIRATION_YEAR'
  | 'INVALID_HOLDER'
  | 'INVALID_PUBLIC_KEY'
  /** The browser has no crypto.getRandomValues (every browser the SDK supports has it, on http: pages too). */
  | 'ENCRYPTION_UNAVAILABLE';

/** One problem of the card or key given to {@link encryptCard}. Never contains card data. */
export interface EncryptCardError {
  code: EncryptCardErrorCode;
  /** The argument it concerns, e.g. `number`. */
  parameterName: string;
  message: string;
}

/** The argument of {@link encryptCard}. Numbers may be given as strings. */
export interface EncryptCardInput {
  /** Your public key from POST /public-keys: PEM or base64 (SPKI). */
  publicKey: string;
  /** The name printed on the card. */
  holder: string;
  number: string;
  /** 1 to 12. */
  expMonth: number | string;
  /** 4 digits. */
  expYear: number | string;
  /** 3 or 4 digits. */
  securityCode: string;
}

/** The result of {@link encryptCard}: the encrypted card, or every problem found. */
export type EncryptCardResult =
  | { hasErrors: false; encryptedCard: string; errors: [] }
  | { hasErrors: true; encryptedCard?: undefined; errors: EncryptCardError[] };

function importPublicKey(publicKey: string): RsaPublicKey {
  const base64 = publicKey.replace(/-----(BEGIN|END) PUBLIC KEY-----|\s/g, '');
  return parseSpki(Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)));
}

/**
 * Encrypts a card in the browser with your public key (RSA-OAEP, SHA-256), so card data
 * reaches your server only as `card.encrypted`: the way to take cards without PCI
 * homologation. Returns at once, as the provider's `PagSeguro.encryptCard` does, with every
 * problem found; `await encryptCard(…)` works as well (awaiting a plain object gives it back).
 * Never throws and never puts card data in an error. Works on plain `http:` pages too.
 *
 * @example
 * ```ts
 * import { encryptCard } from '@gateway/sdk';
 * // `publicKey`: your key from POST /public-keys, handed to the page by your server.
 * const card = encryptCard({
 *   publicKey, holder: 'Maria Silva', number: '4000000000002503', expMonth: 12, expYear: 2030, securityCode: '123',
 * });
 * if (card.hasErrors) console.log(card.errors.map((e) => e.parameterName));
 * else console.log(card.encryptedCard); // send it as card.encrypted
 * ```
 */
export function encryptCard(input: EncryptCardInput): EncryptCardResult {
  const errors: EncryptCardError[] = [];
  // Each message completes the sentence "<parameterName> …", as the API's descriptions do.
  const bad = (code: EncryptCardErrorCode, parameterName: string, rule: string) =>
    errors.push({ code, parameterName, message: `${parameterName} ${rule}` });
  const o = (typeof input === 'object' && input !== null ? input : {}) as Partial<
    Record<keyof EncryptCardInput, unknown>
  >;

  // The same rules as the 3DS request and the payment APIs (src/core/field-rules.ts).
  const number = typeof o.number === 'string' ? (cardNumberRule.normalise(o.number) as string) : '';
  if (!cardNumberRule.test(number)) bad('INVALID_NUMBER', 'number', cardNumberRule.message);
  const cvv = typeof o.securityCode === 'string' ? o.securityCode.trim() : '';
  if (!/^\d{3,4}$/.test(cvv)) bad('INVALID_SECURITY_CODE', 'securityCode', 'must be 3 or 4 digits');
  const month = expMonthRule.normalise(o.expMonth) as number;
  const year = expYearRule.normalise(o.expYear) as number;
  const now = new Date();
  const monthOk = expMonthRule.test(month);
  if (!monthOk) bad('INVALID_EXPIRATION_MONTH', 'expMonth', expMonthRule.message);
  if (!expYearRule.test(year) || year < now.getFullYear())
    bad('INVALID_EXPIRATION_YEAR', 'expYear', 'must be a year of 4 digits, not in the past');
  else if (monthOk && hasExpired(month, year, now))
    bad('INVALID_EXPIRATION_MONTH', 'expMonth', 'is in the past: the card has expired');
  const holder = typeof o.holder === 'string' ? o.holder.trim().replace(/\s+/g, ' ') : '';
  if (!holderNameRule.test(holder)) bad('INVALID_HOLDER', 'holder', holderNameRule.message);

  let key: RsaPublicKey | undefined;
  if (typeof crypto === 'undefined' || !crypto.getRandomValues) {
    bad('ENCRYPTION_UNAVAILABLE', 'publicKey', 'cannot be used: this browser has no crypto.getRandomValues');
  } else if (typeof o.publicKey !== 'string' || !o.publicKey.trim()) {
    bad('INVALID_PUBLIC_KEY', 'publicKey', 'is required: the key from POST /public-keys');
  } else {
    try {
      key = importPublicKey(o.publicKey);
      if (key.n < 2n ** 2047n) throw new Error('short key');
    } catch {
      key = undefined;
      bad('INVALID_PUBLIC_KEY', 'publicKey', 'is not an RSA public key of at least 2048 bits (PEM or base64 SPKI)');
    }
  }
  if (errors.length || !key) return { hasErrors: true, errors };

  // RSA-OAEP (SHA-256, 2048-bit key) takes at most 190 bytes. The holder is at most 64 characters
  // (holderNameRule): letters of 1 or 2 bytes in UTF-8 fit, but 64 letters of 3 or 4 bytes would
  // not, so that holder is reported like any other bad field.
  const plaintext = new TextEncoder().encode(
    encodeCardPlaintext({ number, securityCode: cvv, expMonth: month, expYear: year, holder, createdAt: Date.now() }),
  );
  if (plaintext.length > oaepCapacity(key)) {
    bad('INVALID_HOLDER', 'holder', 'is too long to encrypt: use the name as printed on the card, in fewer characters');
    return { hasErrors: true, errors };
  }
  const sealed = rsaOaepEncrypt(key, plaintext, (bytes) => crypto.getRandomValues(bytes));
  let binary = '';
  for (const byte of sealed) binary += String.fromCharCode(byte);
  return { hasErrors: false, encryptedCard: btoa(binary), errors: [] };
}
