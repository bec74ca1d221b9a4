import { createHmac } from 'node:crypto';

// Object keys sorted at every level: the same body in another key order or spacing is the same request.
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);

/**
 * What identifies a request body under a key. A keyed HMAC, not a bare hash: the body holds card
 * data, and a plain SHA-256 of a card number can be reversed by trying every number.
 */
export const requestFingerprint = (secret: string, body: unknown): string =>
  createHmac('sha256', secret).update(canonical(body)).digest('hex');
