import { createHash } from 'node:crypto';

/** SHA-256 of a text, as hex or base64url: how sessions, tokens and challenge tokens are stored. */
export const sha256 = (text: string, encoding: 'hex' | 'base64url'): string =>
  createHash('sha256').update(text).digest(encoding);
