import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { INTERNAL_ERROR, NOT_FOUND } from '../core/api-error-code';
import type { AppEnv, SandboxDeps } from './app-env';
import { ApiError } from './http/api-error';
import { bodySizeLimit } from './middleware/body-size-limit';
import { traceId } from './middleware/trace-id';
import { authenticationRoutes } from './routes/authentications';
import { boletoFileRoutes } from './routes/boleto-files';
import { boletoSimulatorRoutes } from './routes/boleto-simulator';
import { chargeRoutes } from './routes/charges';
import { challengeDecisionRoutes } from './routes/challenge-decision';
import { merchantSettingsRoutes } from './routes/merchant-settings';
import { orderRoutes } from './routes/orders';
import { publicKeyRoutes } from './routes/public-keys';
import { sdkSessionRoutes } from './routes/sdk-sessions';
import { SESSION_HEADER } from '../core/session-header';
import { IDEMPOTENCY_HEADER } from './charges/idempotency';

// Long digit runs are masked so a card number can never reach the log through an error message.
const maskDigits = (text: string) => text.replace(/\d{12,}/g, '[digits]');

/** Headers the SDK and merchant servers send, allowed through CORS. */
const ALLOWED_HEADERS = ['Content-Type', 'Authorization', SESSION_HEADER, 'X-Trace-Id', IDEMPOTENCY_HEADER, 'Accept'];

/**
 * The API app. Cross-cutting work is middleware (trace id and log line, CORS, errors); each
 * resource's routes live in routes/ and are mounted here.
 */
export function createApiApp(deps: SandboxDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(traceId(deps.log));
  app.use(
    cors({
      origin: deps.corsOrigins ? [...deps.corsOrigins] : (origin) => origin || '*',
      allowHeaders: ALLOWED_HEADERS,
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      exposeHeaders: ['x-trace-id'],
      maxAge: 600,
    }),
  );
  app.use(bodySizeLimit(deps.maxBodyBytes));

  // The script-tag build and the challenge code it loads on demand from beside itself.
  app.get('/sdk/:file{gateway(-challenge)?\\.js}', (c) => {
    const file = join(dirname(deps.sdkScriptPath), c.req.param('file'));
    let script: Buffer;
    try {
      script = readFileSync(file);
    } catch {
      throw ApiError.of(404, NOT_FOUND, '', 'The SDK build is missing: run `npm run build`.');
    }
    return c.body(new Uint8Array(script), 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
  });

  // Routes are mounted below, one module per resource.
  app.route('/', publicKeyRoutes(deps));
  app.route('/', sdkSessionRoutes(deps));
  app.route('/', authenticationRoutes(deps));
  app.route('/', orderRoutes(deps));
  app.route('/', chargeRoutes(deps));
  app.route('/', boletoFileRoutes(deps));
  app.route('/', boletoSimulatorRoutes(deps));
  app.route('/', merchantSettingsRoutes(deps));
  app.route('/', challengeDecisionRoutes(deps));

  app.notFound((c) => c.json(ApiError.of(404, NOT_FOUND, '', 'No such endpoint.').body, 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body, err.status);
    // Never echo the error: it could hold request data. The trace id finds the log line.
    deps.log(`trace=${c.get('traceId')} internal error: ${maskDigits(err instanceof Error ? `${err.name}: ${err.message}` : 'unknown')}`);
    return c.json(ApiError.of(500, INTERNAL_ERROR, '', 'The sandbox failed; quote the x-trace-id to find the log line.').body, 500);
  });
  return app;
}
