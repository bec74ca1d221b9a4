/**
 * A random v4 UUID. `crypto.randomUUID` exists only in secure contexts, and merchants do test
 * checkouts over plain http on LAN addresses, so the fallback builds one from getRandomValues.
 */
export function randomUuid(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') {
    try {
      return c.randomUUID();
    } catch {
      // not a secure context: fall through
    }
  }
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Trace ids the SDK and the sandbox accept from a caller; anything else is replaced. */
export const TRACE_ID_PATTERN = /^[A-Za-z0-9._:-]{8,64}$/;
