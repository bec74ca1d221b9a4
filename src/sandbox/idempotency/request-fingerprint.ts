import { createHmac } from 'node:crypto';

/**
 * Object keys sorted at every level: the same body in another key order or spacing is the same
 * request. The text must never change, since stored fingerprints must keep matching
 * (test/sandbox/request-fingerprint.test.ts pins a recorded one).
 */
const canonical = (v: unknown): string | undefined => {
  // Array#join writes nothing for a value JSON has no text for (undefined, a function).
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
};

/**
 * What identifies a request body under a key. A keyed HMAC, not a bare hash: the body holds card
 * data, and a plain SHA-256 of a card number can be reversed by trying every number.
 */
export const requestFingerprint = (secret: string, body: unknown): string =>
  createHmac('sha256', secret)
    .update(canonical(body) ?? '')
    .digest('hex');
