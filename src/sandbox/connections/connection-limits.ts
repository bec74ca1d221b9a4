import type { ServerOptions } from 'node:http';

/** Timeouts and limits of the sandbox's HTTP servers. Every field is optional. */
export interface ConnectionLimits {
  /** Time a client has to send the complete request headers, from the moment it connects. Default 10 s. */
  headersTimeoutMs?: number;
  /** Time a client has to send the complete request (headers and body). Default 30 s. */
  requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open after a response. Default 5 s. */
  keepAliveTimeoutMs?: number;
  /** Open connections per server (API and challenge origin each); more are refused. Default 512. */
  maxConnections?: number;
}

export const DEFAULT_LIMITS: Required<ConnectionLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 512,
};

/**
 * The limits with defaults filled in; throws when the headers timeout exceeds the request's. Each
 * value was checked with the other options (sandbox-options.ts).
 */
export function resolveLimits(given: ConnectionLimits = {}): Required<ConnectionLimits> {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof ConnectionLimits)[]) limits[key] = given[key] ?? limits[key];
  // Node refuses a headers timeout longer than the whole request's.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs)
    throw new Error('startSandbox: headersTimeoutMs must not exceed requestTimeoutMs');
  return limits;
}

/**
 * Node's http server options for these limits. Node enforces the headers and request timeouts
 * only when it sweeps its connections (every 30 s by default), so the sweep runs often enough
 * for the timeouts to mean what they say: a quarter of the headers timeout, at most every second.
 * The headers timeout runs from the connection, so a socket that never sends a byte is cut too.
 */
export function serverOptions(limits: Required<ConnectionLimits>): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}
