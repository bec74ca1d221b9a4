import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { PAGE_STYLE_CSP } from './challenge-assets';

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
 * The Content-Security-Policy of a challenge page: scripts from its own origin, or with `scripts`
 * only those (the host and issuer pages' inline script, by its hash); the pages' one inline
 * stylesheet, by its hash; no other inline code; framed only by `frameAncestors` (the SDK page's
 * origin for the host, 'self' and that origin for the issuer page).
 */
export const pageCsp = (frameAncestors: string, extra = '', scripts = "'self'") =>
  `default-src 'none'; script-src ${scripts}; style-src ${PAGE_STYLE_CSP}; base-uri 'none'; frame-ancestors ${frameAncestors}${extra}`;
