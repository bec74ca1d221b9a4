import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { SESSION_HEADER } from '../../core/session-header';
import type { AppEnv } from '../app-env';
import { IDEMPOTENCY_HEADER } from '../http/idempotency-key';

/** Paths a checkout page calls from the browser: the SDK's scripts and its session endpoints. */
const BROWSER_PATH = /^\/(sdk\/|checkout-sdk\/3ds\/)/;

/** What the SDK sends: its session, never a bearer token. */
const SDK_HEADERS = ['Content-Type', SESSION_HEADER, 'X-Trace-Id', 'Accept'];
/** What a merchant's own tool sends to the bearer-token endpoints. */
const MERCHANT_HEADERS = ['Content-Type', 'Authorization', 'X-Trace-Id', IDEMPOTENCY_HEADER, 'Accept'];

const grant = (origins: readonly string[] | undefined, allowHeaders: string[]) =>
  cors({
    origin: origins ? [...origins] : (origin) => origin || '*',
    allowHeaders,
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    exposeHeaders: ['x-trace-id'],
    maxAge: 600,
  });

/**
 * CORS only where a browser belongs. The SDK's endpoints answer any origin (or `sdkOrigins`).
 * The merchant (bearer-token) endpoints send no CORS headers, so no page can call them with a
 * token it should never hold; `merchantOrigins` opens them to the listed origins only, for a
 * merchant's own local tools.
 */
export function corsPolicy(sdkOrigins: readonly string[] | undefined, merchantOrigins: readonly string[] | undefined): MiddlewareHandler<AppEnv> {
  const sdk = grant(sdkOrigins, SDK_HEADERS);
  const merchant = merchantOrigins?.length ? grant(merchantOrigins, MERCHANT_HEADERS) : undefined;
  return async (c, next) => {
    if (BROWSER_PATH.test(c.req.path)) return sdk(c, next);
    if (merchant) return merchant(c, next);
    await next();
  };
}
