import * as crypto from 'node:crypto';

/**
 * SHA-256 of a text, as hex or base64url. Every SDK request hashes its session and every merchant
 * request its token, so this runs once per request: Node's one-shot `crypto.hash` (Node 20.12 on)
 * skips the Hash object `createHash` builds, a measurable share of the 3DS endpoint
 * (docs/performance.md). Earlier Node 20 releases, which `engines` still allows, take `createHash`;
 * the namespace import keeps them from failing to load on the missing export.
 */
export const sha256: (text: string, encoding: 'hex' | 'base64url') => string =
  typeof crypto.hash === 'function'
    ? (text, encoding) => crypto.hash('sha256', text, encoding)
    : (text, encoding) => crypto.createHash('sha256').update(text).digest(encoding);
