import { Hono } from 'hono';
import { INTERNAL_ERROR, MALFORMED_JSON } from './http/api-error-code';
import { noRouteError } from './http/no-route-error';
import { storageFullError } from './http/storage-full-error';
import { clientFailure } from './http/client-failure';
import type { AppEnv, SandboxDeps } from './app-env';
import { ApiError } from './http/api-error';
import { bodySizeLimit } from './middleware/body-size-limit';
import { answerLog } from './middleware/answer-log';
import { traceId } from './middleware/trace-id';
import { requestRecorder } from './middleware/request-recorder';
import { mountConsole } from './console/console-app';
import { mountRoutes } from './routes/mount-routes';
import { routeTable } from './routes/route-table';
import { corsPolicy } from './middleware/cors-policy';
import { answerJson } from './http/json-answer';

/**
 * The API app. Cross-cutting work is middleware (trace id and log line, CORS, errors); the routes
 * are the route table's (routes/route-table.ts), mounted here.
 */
export function createApiApp(deps: SandboxDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  if (deps.answerLog) app.use(answerLog(deps.answerLog));
  app.use(traceId(deps.logRequest));
  if (deps.journal.on) app.use(requestRecorder(deps.journal, deps.clock));
  app.use(corsPolicy(deps.corsOrigins, deps.merchantCorsOrigins));
  app.use(bodySizeLimit(deps.maxBodyBytes));

  mountConsole(app, deps);
  mountRoutes(app, deps, routeTable(), 'api');

  const noRoute = noRouteError(app, 'No such endpoint.');
  app.notFound((c) => {
    const error = noRoute(c);
    return answerJson(c, error.body, error.status);
  });
  app.onError((err, c) => {
    if (err instanceof ApiError) return answerJson(c, err.body, err.status);
    const failure = clientFailure(c);
    if (failure) {
      // The client broke the request; it is likely gone and reads no answer, but the log says whose fault it was.
      c.set('clientError', failure);
      return answerJson(
        c,
        ApiError.of(
          400,
          MALFORMED_JSON,
          '',
          'The body could not be read: the client ended it early or sent it malformed.',
        ).body,
        400,
      );
    }
    const full = storageFullError(err);
    if (full) {
      deps.log(`trace=${c.get('traceId')} storage full: a write was refused and rolled back`);
      return answerJson(c, full.body, full.status);
    }
    // Never echo the error: it could hold request data. The trace id finds the log line; the log masks card-like digits.
    deps.log(
      `trace=${c.get('traceId')} internal error: ${err instanceof Error ? `${err.name}: ${err.message}` : 'unknown'}`,
    );
    return answerJson(
      c,
      ApiError.of(500, INTERNAL_ERROR, '', 'The sandbox failed; quote the x-trace-id to find the log line.').body,
      500,
    );
  });
  return app;
}
