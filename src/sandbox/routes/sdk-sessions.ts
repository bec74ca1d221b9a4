import { Hono } from 'hono';
import { INVALID_PARAMETER } from '../../core/error-item';
import type { AppEnv, SandboxDeps } from '../app-env';
import { ApiError } from '../http/api-error';
import { readOptionalJsonObject } from '../http/read-optional-json';
import { unexpectedFields } from '../http/unexpected-fields';
import { merchantAuth } from '../middleware/merchant-auth';
import { MAX_SESSION_TTL_MS } from '../sessions/session-store';

const MAX_EXPIRES_IN = MAX_SESSION_TTL_MS / 1000;

/**
 * POST /checkout-sdk/sessions: a session for Gateway.setUp, valid 30 minutes. The body may be
 * empty; `{ "expires_in": seconds }` (1 to 1800) shortens the session, for testing expiry.
 */
export function sdkSessionRoutes(deps: SandboxDeps): Hono<AppEnv> {
  const { sessions } = deps;
  const app = new Hono<AppEnv>();
  app.post('/checkout-sdk/sessions', merchantAuth(deps.merchants), async (c) => {
    const body = await readOptionalJsonObject(c);
    const errors = unexpectedFields(body, ['expires_in']);
    const expiresIn = body.expires_in;
    if (
      expiresIn !== undefined &&
      !(typeof expiresIn === 'number' && Number.isInteger(expiresIn) && expiresIn >= 1 && expiresIn <= MAX_EXPIRES_IN)
    ) {
      errors.push({
        code: INVALID_PARAMETER,
        parameterName: 'expires_in',
        description: `expires_in must be an integer number of seconds from 1 to ${MAX_EXPIRES_IN}`,
      });
    }
    if (errors.length) throw new ApiError(400, errors);
    const created = sessions.create(
      c.get('merchant').id,
      typeof expiresIn === 'number' ? expiresIn * 1000 : MAX_SESSION_TTL_MS,
    );
    return c.json({ session: created.session, expires_at: created.expiresAt }, 201);
  });
  return app;
}
