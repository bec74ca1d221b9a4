import { Hono, type Context } from 'hono';
import { INTERNAL_ERROR, MALFORMED_JSON } from '../http/api-error-code';
import { clientFailure } from '../http/client-failure';
import { noRouteError } from '../http/no-route-error';
import { storageFullError } from '../http/storage-full-error';
import type { AppEnv, SandboxDeps } from '../app-env';
import { ApiError } from '../http/api-error';
import { bodySizeLimit } from '../middleware/body-size-limit';
import { answerLog } from '../middleware/answer-log';
import { traceId } from '../middleware/trace-id';
import { mountRoutes } from '../routes/mount-routes';
import { routeTable } from '../routes/route-table';
import { errorPage } from './challenge-pages';
import { pageLocale } from './challenge-params';
import { pageCsp, pageHeaders } from './page-headers';
import { answerJson } from '../http/json-answer';

/**
 * The challenge origin: the challenge host page the SDK frames, and the issuer (ACS) simulator
 * it nests. A separate origin from the API, as a real 3DS provider's is. Errors are pages for a
 * browser (they show in the frame) and the API's error body for anything else.
 */
export function createChallengeApp(deps: SandboxDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  if (deps.answerLog) app.use(answerLog(deps.answerLog));
  app.use(traceId(deps.logRequest));
  app.use(pageHeaders());
  app.use(bodySizeLimit(deps.maxBodyBytes));
  mountRoutes(app, deps, routeTable(), 'challenge');

  const answer = (error: ApiError, c: Context<AppEnv>) => {
    if (!/text\/html/.test(c.req.header('accept') ?? '')) return answerJson(c, error.body, error.status);
    // Any origin may frame an error page: it has nothing to click, and it shows the developer what is wrong.
    c.header('content-security-policy', pageCsp('*'));
    return c.html(errorPage(pageLocale(c.req.query('locale')), error.items), error.status);
  };
  const noRoute = noRouteError(app, 'No such page.');
  app.notFound((c) => answer(noRoute(c), c));
  app.onError((err, c) => {
    if (err instanceof ApiError) return answer(err, c);
    const failure = clientFailure(c);
    if (failure) {
      c.set('clientError', failure);
      return answer(
        ApiError.of(
          400,
          MALFORMED_JSON,
          '',
          'The form could not be read: the client ended it early or sent it malformed.',
        ),
        c,
      );
    }
    const full = storageFullError(err);
    if (full) {
      deps.log(`trace=${c.get('traceId')} storage full: a write was refused and rolled back`);
      return answer(full, c);
    }
    // Never echo the error: it could hold request data. The trace id finds the log line.
    deps.log(`trace=${c.get('traceId')} internal error: ${err instanceof Error ? err.name : 'unknown'}`);
    return answer(
      ApiError.of(500, INTERNAL_ERROR, '', 'The challenge page failed; quote the x-trace-id to find the log line.'),
      c,
    );
  });
  return app;
}
