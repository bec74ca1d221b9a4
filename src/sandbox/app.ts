import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { INTERNAL_ERROR, MALFORMED_JSON, NOT_FOUND } from './http/api-error-code';
import { noRouteError } from './http/no-route-error';
import { storageFullError } from './http/storage-full-error';
import { clientFailure } from './http/client-failure';
import type { AppEnv, SandboxDeps } from './app-env';
import { ApiError } from './http/api-error';
import { bodySizeLimit } from './middleware/body-size-limit';
import { answerLog } from './middleware/answer-log';
import { traceId } from './middleware/trace-id';
import { authenticationRoutes } from './routes/authentications';
import { boletoFileRoutes } from './routes/boleto-files';
import { boletoSimulatorRoutes } from './routes/boleto-simulator';
import { chargeRoutes } from './routes/charges';
import { challengeDecisionRoutes } from './routes/challenge-decision';
import { merchantAuthenticationRoutes } from './routes/merchant-authentications';
import { merchantSettingsRoutes } from './routes/merchant-settings';
import { orderRoutes } from './routes/orders';
import { pixSimulatorRoutes } from './routes/pix-simulator';
import { qrCodeFileRoutes } from './routes/qr-code-files';
import { publicKeyRoutes } from './routes/public-keys';
import { sdkSessionRoutes } from './routes/sdk-sessions';
import { openApiRoutes } from './routes/openapi';
import { corsPolicy } from './middleware/cors-policy';

/**
 * The API app. Cross-cutting work is middleware (trace id and log line, CORS, errors); each
 * resource's routes live in routes/ and are mounted here.
 */
export function createApiApp(deps: SandboxDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  if (deps.answerLog) app.use(answerLog(deps.answerLog));
  app.use(traceId(deps.logRequest));
  app.use(corsPolicy(deps.corsOrigins, deps.merchantCorsOrigins));
  app.use(bodySizeLimit(deps.maxBodyBytes));

  // The script-tag build and the challenge and card-encryption code it loads on demand from beside itself.
  // The group is non-capturing: a capturing one makes hono give up its RegExpRouter for the slower
  // TrieRouter on every route of the app (docs/performance.md).
  app.get('/sdk/:file{gateway(?:-challenge|-encrypt)?\\.js}', (c) => {
    const file = join(dirname(deps.sdkScriptPath), c.req.param('file'));
    let script: Buffer;
    try {
      script = readFileSync(file);
    } catch {
      throw ApiError.of(404, NOT_FOUND, '', 'The SDK build is missing: run `npm run build`.');
    }
    return c.body(new Uint8Array(script), 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
    });
  });

  // Routes are mounted below, one module per resource.
  app.route('/', publicKeyRoutes(deps));
  app.route('/', sdkSessionRoutes(deps));
  app.route('/', authenticationRoutes(deps));
  app.route('/', orderRoutes(deps));
  app.route('/', chargeRoutes(deps));
  app.route('/', boletoFileRoutes(deps));
  app.route('/', boletoSimulatorRoutes(deps));
  app.route('/', qrCodeFileRoutes(deps));
  app.route('/', pixSimulatorRoutes(deps));
  app.route('/', merchantSettingsRoutes(deps));
  app.route('/', merchantAuthenticationRoutes(deps));
  app.route('/', challengeDecisionRoutes(deps));
  app.route('/', openApiRoutes(deps));

  const noRoute = noRouteError(app, 'No such endpoint.');
  app.notFound((c) => {
    const error = noRoute(c);
    return c.json(error.body, error.status);
  });
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body, err.status);
    const failure = clientFailure(c);
    if (failure) {
      // The client broke the request; it is likely gone and reads no answer, but the log says whose fault it was.
      c.set('clientError', failure);
      return c.json(
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
      return c.json(full.body, full.status);
    }
    // Never echo the error: it could hold request data. The trace id finds the log line; the log masks card-like digits.
    deps.log(
      `trace=${c.get('traceId')} internal error: ${err instanceof Error ? `${err.name}: ${err.message}` : 'unknown'}`,
    );
    return c.json(
      ApiError.of(500, INTERNAL_ERROR, '', 'The sandbox failed; quote the x-trace-id to find the log line.').body,
      500,
    );
  });
  return app;
}
