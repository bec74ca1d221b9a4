/**
 * A random v4 UUID. `crypto.randomUUID` exists only in secure contexts, and merchants do test
 * checkouts over plain http on LAN addresses, so the fallback builds one from getRandomValues:
 * each 0 or 1 of the template becomes a random hex digit, the 4 stays (version 4) and the 8
 * becomes 8, 9, a or b (the RFC 4122 variant). Written as a template because the script carries
 * it: half the bytes of slicing sixteen random bytes into five groups.
 */
export function randomUuid(): string {
  const c = globalThis.crypto;
  try {
    // Not a function outside a secure context: the call throws and the fallback runs.
    return c.randomUUID();
  } catch {
    return '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (d) =>
      (+d ^ (c.getRandomValues(new Uint8Array(1))[0]! & (15 >> (+d / 4)))).toString(16),
    );
  }
}

/** The header a trace id travels in, both ways: the SDK sends its own, the API answers the one it used. */
export const TRACE_HEADER = 'x-trace-id';

/** Trace ids the SDK and the sandbox accept from a caller; anything else is replaced. */
export const TRACE_ID_PATTERN = /^[A-Za-z0-9._:-]{8,64}$/;
