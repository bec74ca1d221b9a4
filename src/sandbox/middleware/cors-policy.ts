import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { SESSION_HEADER } from '../../core/session-header';
import { TRACE_HEADER } from '../../core/trace-id';
import type { AppEnv } from '../app-env';
import { IDEMPOTENCY_HEADER } from '../idempotency/idempotency-key';

/** Paths a checkout page calls from the browser: the SDK's scripts and its session endpoints. */
const BROWSER_PATH = /^\/(sdk\/|checkout-sdk\/3ds\/|checkout-sdk\/card-fields$)/;

/** What the SDK sends: its session, never a bearer token. */
const SDK_HEADERS = ['Content-Type', SESSION_HEADER, TRACE_HEADER, 'Accept'];
/** What a merchant's own tool sends to the bearer-token endpoints. */
const MERCHANT_HEADERS = ['Content-Type', 'Authorization', TRACE_HEADER, IDEMPOTENCY_HEADER, 'Accept'];
/** What a page may read from an answer: the trace id it quotes to support. */
const EXPOSE_HEADERS = [TRACE_HEADER];

/**
 * One CORS grant. Preflights go to hono's cors(). Every other request gets the same headers it
 * would set, written with c.header() before the route runs: hono's cors() writes them on c.res
 * before the route and again after it, which makes hono rebuild the route's response around its
 * body as a web stream: the 3DS endpoint's p99 a third to a half higher
 * (docs/performance.md#the-sandbox-devices-kept-and-why).
 */
const grant = (origins: readonly string[] | undefined, allowHeaders: string[]): MiddlewareHandler<AppEnv> => {
  const listed = origins ? [...origins] : undefined;
  const preflight = cors({
    origin: listed ?? ((origin) => origin || '*'),
    allowHeaders,
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    exposeHeaders: EXPOSE_HEADERS,
    maxAge: 600,
  });
  const allowOrigin = (origin: string) => (listed ? (listed.includes(origin) ? origin : null) : origin || '*');
  const expose = EXPOSE_HEADERS.join(',');
  return (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const origin = allowOrigin(c.req.header('origin') || '');
    if (origin) c.header('Access-Control-Allow-Origin', origin);
    c.header('Access-Control-Expose-Headers', expose);
    // The answer depends on Origin (echoed or refused), so caches must key on it.
    c.header('Vary', 'Origin', { append: true });
    return next();
  };
};

/**
 * CORS only where a browser belongs. The SDK's endpoints answer any origin (or `sdkOrigins`).
 * The merchant (bearer-token) endpoints send no CORS headers, so no page can call them with a
 * token it should never hold; `merchantOrigins` opens them to the listed origins only, for a
 * merchant's own local tools.
 */
export function corsPolicy(
  sdkOrigins: readonly string[] | undefined,
  merchantOrigins: readonly string[] | undefined,
): MiddlewareHandler<AppEnv> {
  const sdk = grant(sdkOrigins, SDK_HEADERS);
  const merchant = merchantOrigins?.length ? grant(merchantOrigins, MERCHANT_HEADERS) : undefined;
  // Plain functions that hand back the next step's promise: nothing runs after the route here.
  return (c, next) => {
    if (BROWSER_PATH.test(c.req.path)) return sdk(c, next);
    if (merchant) return merchant(c, next);
    return next();
  };
}
