import type { Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { METHOD_NOT_ALLOWED, NOT_FOUND } from './api-error-code';
import { ApiError } from './api-error';

/** The order `Allow` lists methods in. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * A path pattern as hono writes it (`/orders/:id`, `/sdk/:file{gateway\.js}`, `/public-keys/*`) as
 * a RegExp over the whole path. Any other syntax throws when the table is first built, so a new
 * route style cannot silently answer 404 where 405 is due.
 */
function patternOf(path: string): RegExp {
  const segments = path.split('/').map((segment) => {
    const param = /^:\w+(?:\{(.+)\})?$/.exec(segment);
    if (param) return param[1] ? `(?:${param[1]})` : '[^/]+';
    if (segment === '*') return '.*';
    if (/[:{}?*]/.test(segment)) throw new Error(`allowedMethods: unsupported route pattern ${path}`);
    return segment.replace(/[.+^$|()[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${segments.join('/')}$`);
}

/**
 * The methods an app answers on a path, read from the app's own routes (middleware, method ALL,
 * is not a route), empty when no route has the path. It lets a request with the wrong method get
 * 405 and an `Allow` header instead of 404, so the client learns it has the right path and what
 * to send (docs/errors.md). HEAD is listed beside GET: hono answers HEAD with the GET route.
 * The table is read on the first call, when every route is mounted.
 */
function allowedMethods(app: Hono<AppEnv>): (path: string) => string[] {
  let routes: { method: string; pattern: RegExp }[] | undefined;
  return (path) => {
    routes ??= app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => ({ method: r.method, pattern: patternOf(r.path) }));
    const methods = new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.has('GET')) methods.add('HEAD');
    return ORDER.filter((m) => methods.has(m));
  };
}

/**
 * What a request no route takes is answered, for an app's `notFound`: 405 with `Allow` when the
 * path has routes for other methods, else 404 with `missing` as the description.
 */
export function noRouteError(app: Hono<AppEnv>, missing: string): (c: Context<AppEnv>) => ApiError {
  const allowed = allowedMethods(app);
  return (c) => {
    const methods = allowed(c.req.path);
    if (!methods.length) return ApiError.of(404, NOT_FOUND, '', missing);
    c.header('allow', methods.join(', '));
    return ApiError.of(405, METHOD_NOT_ALLOWED, '', `This path answers ${methods.join(', ')}, not ${c.req.method}.`);
  };
}
