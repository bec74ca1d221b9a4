import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * Headers of every challenge origin response: no MIME sniffing, no Referer (challenge URLs carry
 * the challenge token), and nothing cached unless a route says otherwise.
 */
export const pageHeaders = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await next();
  c.res.headers.set('x-content-type-options', 'nosniff');
  c.res.headers.set('referrer-policy', 'no-referrer');
  if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
};

/**
 * The Content-Security-Policy of a challenge page: own scripts and styles only, nothing inline,
 * framed only by `frameAncestors` (the SDK page's origin for the host, 'self' for the issuer page).
 */
export const pageCsp = (frameAncestors: string, extra = '') =>
  `default-src 'none'; script-src 'self'; style-src 'self'; base-uri 'none'; frame-ancestors ${frameAncestors}${extra}`;
