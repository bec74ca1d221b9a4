import { Hono } from 'hono';
import { NOT_FOUND } from '../http/api-error-code';
import type { AppEnv, SandboxDeps } from '../app-env';
import { ApiError } from '../http/api-error';
import { merchantAuth } from '../middleware/merchant-auth';
import { merchantAuthentication } from '../three-ds/merchant-authentication';

/** Path of the merchant's read of a 3DS authentication, under the bearer token. */
const MERCHANT_AUTHENTICATIONS_PATH = '/3ds/authentications';

/**
 * GET /3ds/authentications/{id} with the merchant's bearer token: lets the merchant's server check
 * an id the checkout page sent (status, amount, card) before it orders. Another merchant's id
 * answers exactly as an unknown one (404), so ids cannot be probed.
 */
export function merchantAuthenticationRoutes(deps: SandboxDeps): Hono<AppEnv> {
  const store = deps.authentications;
  const app = new Hono<AppEnv>();
  app.get(`${MERCHANT_AUTHENTICATIONS_PATH}/:id`, merchantAuth(deps.merchants), (c) => {
    const record = store.get(c.req.param('id'), c.get('merchant').id);
    if (!record) throw ApiError.of(404, NOT_FOUND, 'authentication_id', 'No such 3DS authentication for this account.');
    return c.json(merchantAuthentication(record));
  });
  return app;
}
