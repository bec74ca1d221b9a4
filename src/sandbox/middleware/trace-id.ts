import type { MiddlewareHandler } from 'hono';
import { randomUuid, TRACE_HEADER, TRACE_ID_PATTERN } from '../../core/trace-id';
import type { AppEnv } from '../app-env';
import { rawPath } from '../http/raw-path';
import { NO_REQUEST_LOG, type RequestLog } from '../logging/log-sink';

/**
 * Gives every request a trace id (the caller's x-trace-id when well formed, so the SDK's id and
 * the log line match), answers it in x-trace-id and logs one line with it. Bodies and headers
 * are never logged: card data cannot end up in a log.
 */
export const traceId =
  (logRequest: RequestLog): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const given = c.req.header(TRACE_HEADER);
    const id = given && TRACE_ID_PATTERN.test(given) ? given : randomUuid();
    c.set('traceId', id);
    // Set before the route, so the route's own response carries it: writing on c.res afterwards
    // would make hono rebuild that response around a web stream
    // (docs/performance.md#the-sandbox-devices-kept-and-why).
    c.header(TRACE_HEADER, id);
    const started = performance.now();
    await next();
    // A response not built from the context (none today) still gets it; reading is cheap.
    if (c.res.headers.get(TRACE_HEADER) !== id) c.res.headers.set(TRACE_HEADER, id);
    if (logRequest === NO_REQUEST_LOG) return;
    const clientError = c.get('clientError');
    const ignoredFields = c.get('ignoredFields');
    logRequest({
      time: new Date().toISOString(),
      traceId: id,
      method: c.req.method,
      // c.req.path is decoded: a %0a in it would start a new line.
      path: rawPath(c),
      status: c.res.status,
      durationMs: performance.now() - started,
      ...(clientError && { clientError }),
      ...(ignoredFields && { ignoredFields }),
    });
  };
