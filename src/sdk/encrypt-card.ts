import { encodeCardPlaintext } from '../core/card-ciphertext';
import { cardNumberRule, holderNameRule } from '../core/field-rules';
import { hasExpired } from '../core/card-expiry';

/** Stable codes of the problems {@link encryptCard} reports. */
export type EncryptCardErrorCode =
  | 'INVALID_NUMBER'
  | 'INVALID_SECURITY_CODE'
  | 'INVALID_EXPIRATION_MONTH'
  | 'INVALID_EXPIRATION_YEAR'
  | 'INVALID_HOLDER'
  | 'INVALID_PUBLIC_KEY'
  /** No WebCrypto: the page is not a secure context (https or localhost). */
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

const toInt = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : NaN;

function importPublicKey(publicKey: string): Promise<CryptoKey> {
  const base64 = publicKey.replace(/-----(BEGIN|END) PUBLIC KEY-----|\s/g, '');
  const der = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
  return crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

/**
 * Encrypts a card in the browser with your public key (RSA-OAEP, SHA-256), so card data
 * reaches your server only as `card.encrypted`: the way to take cards without PCI
 * homologation. Resolves with every problem found at once; never rejects and never puts card
 * data in an error.
 *
 * @example
 * ```ts
 * import { encryptCard } from '@gateway/sdk';
 * // `publicKey`: your key from POST /public-keys, handed to the page by your server.
 * const card = await encryptCard({
 *   publicKey, holder: 'Maria Silva', number: '4000000000002503', expMonth: 12, expYear: 2030, securityCode: '123',
 * });
 * if (card.hasErrors) console.log(card.errors.map((e) => e.parameterName));
 * else console.log(card.encryptedCard); // send it as card.encrypted
 * ```
 */
export async function encryptCard(input: EncryptCardInput): Promise<EncryptCardResult> {
  const errors: EncryptCardError[] = [];
  const bad = (code: EncryptCardErrorCode, parameterName: string, message: string) =>
    errors.push({ code, parameterName, message });
  const o = (typeof input === 'object' && input !== null ? input : {}) as Partial<
    Record<keyof EncryptCardInput, unknown>
  >;

  // The same rules as the 3DS request and the payment APIs (src/core/field-rules.ts).
  const number = typeof o.number === 'string' ? (cardNumberRule.normalise(o.number) as string) : '';
  if (!cardNumberRule.test(number)) bad('INVALID_NUMBER', 'number', `number ${cardNumberRule.message}`);
  const cvv = typeof o.securityCode === 'string' ? o.securityCode.trim() : '';
  if (!/^\d{3,4}$/.test(cvv)) bad('INVALID_SECURITY_CODE', 'securityCode', 'securityCode must be 3 or 4 digits');
  const month = toInt(o.expMonth);
  const year = toInt(o.expYear);
  const now = new Date();
  const monthOk = Number.isInteger(month) && month >= 1 && month <= 12;
  const yearOk = Number.isInteger(year) && year >= 1000 && year <= 9999;
  if (!monthOk) bad('INVALID_EXPIRATION_MONTH', 'expMonth', 'expMonth must be a month from 1 to 12');
  if (!yearOk || year < now.getFullYear())
    bad('INVALID_EXPIRATION_YEAR', 'expYear', 'expYear must be a year of 4 digits, not in the past');
  else if (monthOk && hasExpired(month, year, now))
    bad('INVALID_EXPIRATION_MONTH', 'expMonth', 'expMonth is in the past: the card has expired');
  const holder = typeof o.holder === 'string' ? o.holder.trim().replace(/\s+/g, ' ') : '';
  if (!holderNameRule.test(holder)) bad('INVALID_HOLDER', 'holder', `holder ${holderNameRule.message}`);

  let key: CryptoKey | undefined;
  if (typeof crypto === 'undefined' || !crypto.subtle) {
    bad(
      'ENCRYPTION_UNAVAILABLE',
      'publicKey',
      'WebCrypto is not available: serve the checkout over https (or localhost)',
    );
  } else if (typeof o.publicKey !== 'string' || !o.publicKey.trim()) {
    bad('INVALID_PUBLIC_KEY', 'publicKey', 'publicKey is required: the key from POST /public-keys');
  } else {
    try {
      key = await importPublicKey(o.publicKey);
      if ((key.algorithm as RsaHashedKeyAlgorithm).modulusLength < 2048) throw new Error('short key');
    } catch {
      key = undefined;
      bad(
        'INVALID_PUBLIC_KEY',
        'publicKey',
        'publicKey is not an RSA public key of at least 2048 bits (PEM or base64 SPKI)',
      );
    }
  }
  if (errors.length || !key) return { hasErrors: true, errors };

  // RSA-OAEP (SHA-256, 2048-bit key) takes at most 190 bytes. The holder is at most 64 characters
  // (holderNameRule): letters of 1 or 2 bytes in UTF-8 fit, but 64 letters of 3 or 4 bytes would
  // make encrypt() throw, so that holder is reported like any other bad field.
  const plaintext = new TextEncoder().encode(
    encodeCardPlaintext({ number, securityCode: cvv, expMonth: month, expYear: year, holder, createdAt: Date.now() }),
  );
  if (plaintext.length > 190) {
    bad(
      'INVALID_HOLDER',
      'holder',
      'holder is too long to encrypt: use the name as printed on the card, in fewer characters',
    );
    return { hasErrors: true, errors };
  }
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, plaintext));
  let binary = '';
  for (const byte of sealed) binary += String.fromCharCode(byte);
  return { hasErrors: false, encryptedCard: btoa(binary), errors: [] };
}
