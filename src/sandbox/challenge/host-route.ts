import { Hono } from 'hono';
import type { AppEnv, SandboxDeps } from '../app-env';
import type { AuthenticationStore } from '../three-ds/authentication-store';
import { readChallengeParams } from './challenge-params';
import { hostPage } from './challenge-pages';
import { pageCsp } from './page-headers';

/**
 * GET /challenge/host: the page the SDK frames (the API's challenge URL plus `parent`, the SDK
 * page's origin, and `locale`). Only `parent` may frame it (CSP frame-ancestors), and the penpal
 * child in it talks to `parent` only. Its
 * script may reach its own origin only (connect-src), to record a canceled challenge.
 */
export function hostRoute(deps: SandboxDeps, store: AuthenticationStore): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/challenge/host', (c) => {
    const { record, token, locale, parent } = readChallengeParams((name) => c.req.query(name), store, deps.corsOrigins);
    const acsUrl = `/challenge/acs?${new URLSearchParams({ authentication: record.id, token, parent, locale })}`;
    c.header('content-security-policy', pageCsp(parent, "; frame-src 'self'; connect-src 'self'; form-action 'none'"));
    return c.html(hostPage({ locale, parent, acsUrl }));
  });
  return app;
}
