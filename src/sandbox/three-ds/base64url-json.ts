/**
 * EMV 3DS carries its browser messages (threeDSMethodData, creq, cres) as base64url-encoded JSON
 * without padding. Isomorphic: btoa, atob, TextEncoder and TextDecoder exist in browsers and Node.
 */

/** Encodes a JSON value as base64url (RFC 4648 §5, no padding), UTF-8 safe. */
export function encodeBase64UrlJson(value: unknown): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(value))) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Decodes base64url JSON into an object. Undefined for anything else: characters outside the
 * base64url alphabet, padding, bytes that are not UTF-8, text that is not JSON, or JSON that is
 * not an object (an issuer's message is always one).
 */
export function decodeBase64UrlJson(text: string): Record<string, unknown> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
