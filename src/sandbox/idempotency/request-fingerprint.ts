import { createHmac, type KeyObject } from 'node:crypto';

/**
 * Characters JSON.stringify writes as an escape: a quote, a backslash, control characters, and
 * surrogates (a lone one becomes `\uDXXX`; a paired one is written as it is, but taking the slow
 * path for it costs nothing in correctness).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what JSON escapes.
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify of a string, byte for byte; the common string with nothing to escape is quoted directly. */
const quote = (s: string): string => (ESCAPED.test(s) ? JSON.stringify(s) : `"${s}"`);

/**
 * Object keys sorted at every level: the same body in another key order or spacing is the same
 * request. Built by appending to one string rather than mapping and joining arrays at every level,
 * and quoting plain strings without a JSON.stringify call each (a share of POST /orders,
 * docs/performance.md); the text is the same as it always was, since stored fingerprints must keep
 * matching (test/sandbox/request-fingerprint.test.ts).
 */
const canonical = (v: unknown): string => {
  if (typeof v === 'string') return quote(v);
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) {
      if (i > 0) out += ',';
      // As Array.prototype.join wrote it: nothing for a value JSON has no text for.
      out += canonical(v[i]) ?? '';
    }
    return `${out}]`;
  }
  if (v && typeof v === 'object') {
    const keys = Object.keys(v).sort();
    let out = '{';
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (i > 0) out += ',';
      out += `${quote(key)}:${canonical((v as Record<string, unknown>)[key])}`;
    }
    return `${out}}`;
  }
  return JSON.stringify(v);
};

/**
 * What identifies a request body under a key. A keyed HMAC, not a bare hash: the body holds card
 * data, and a plain SHA-256 of a card number can be reversed by trying every number. The secret
 * may be a KeyObject made once from the secret's UTF-8 bytes (the same HMAC): Node then skips
 * turning the string into a key on every request.
 */
export const requestFingerprint = (secret: string | KeyObject, body: unknown): string =>
  createHmac('sha256', secret).update(canonical(body)).digest('hex');
