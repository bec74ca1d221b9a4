import { Hono } from 'hono';
import { NOT_FOUND } from '../../core/api-error-code';
import type { AppEnv, SandboxDeps } from '../app-env';
import { ApiError } from '../http/api-error';
import { traceId } from '../middleware/trace-id';

/**
 * The challenge origin: the challenge host page the SDK frames, and the issuer (ACS)
 * simulator it nests. A separate origin from the API, as a real 3DS provider's is.
 */
export function createChallengeApp(deps: SandboxDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(traceId(deps.log));
  app.notFound((c) => c.json(ApiError.of(404, NOT_FOUND, '', 'No such page.').body, 404));
  return app;
}
