/**
 * The plaintext of an encrypted card, shared by the SDK (which encrypts it with the merchant's
 * RSA public key) and the sandbox (which decrypts it). RSA-OAEP with SHA-256 and a 2048-bit
 * key takes at most 190 bytes, so the format is compact: fields joined by `|`, holder last
 * because it is the only free text.
 */
const CARD_CIPHERTEXT_VERSION = 'v1';
/** An encrypted card is accepted for this long after it was made. */
export const CARD_CIPHERTEXT_TTL_MS = 60 * 60 * 1000;

export interface CardPlaintext {
  number: string;
  securityCode: string;
  expMonth: number;
  expYear: number;
  holder: string;
  /** When the card was encrypted, milliseconds since the epoch. */
  createdAt: number;
}

export const encodeCardPlaintext = (c: CardPlaintext): string =>
  [CARD_CIPHERTEXT_VERSION, c.number, c.securityCode, c.expMonth, c.expYear, c.createdAt, c.holder].join('|');

/** Parses a decrypted plaintext; undefined when it is not one this format produced. */
export function decodeCardPlaintext(text: string): CardPlaintext | undefined {
  const m = /^v1\|(\d{13,21})\|(\d{3,4})\|(\d{1,2})\|(\d{4})\|(\d{1,15})\|(.{1,120})$/su.exec(text);
  if (!m) return undefined;
  return {
    number: m[1]!,
    securityCode: m[2]!,
    expMonth: Number(m[3]),
    expYear: Number(m[4]),
    createdAt: Number(m[5]),
    holder: m[6]!,
  };
}
