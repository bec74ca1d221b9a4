import { Hono } from 'hono';
import { NOT_FOUND } from '../http/api-error-code';
import { validateAuthenticationData } from '../../core/authentication-request';
import { AUTHENTICATIONS_PATH } from '../../core/authentication-resource';
import type { AppEnv, SandboxDeps } from '../app-env';
import { ApiError } from '../http/api-error';
import { withoutNulls } from '../http/parse-with-schema';
import { readJsonObject } from '../http/read-json';
import { unexpectedFields } from '../http/unexpected-fields';
import { sessionAuth } from '../middleware/session-auth';
import { toResource } from '../three-ds/authentication-resource';
import { validateDevice } from '../three-ds/validate-device';

/**
 * The SDK's 3DS endpoints, authorised by the session (X-Gateway-Session):
 * POST creates an authentication from `{ data, device }`, validated with the SDK's own core
 * schema; GET /{id} reads one of the session merchant's authentications.
 */
export function authenticationRoutes(deps: SandboxDeps): Hono<AppEnv> {
  const { authentications: store, threeDs: engine } = deps;
  const app = new Hono<AppEnv>();
  const auth = sessionAuth(deps.sessions, deps.merchants);

  app.post(AUTHENTICATIONS_PATH, auth, async (c) => {
    const body = await readJsonObject(c);
    const data = validateAuthenticationData(withoutNulls(body.data), ['data'], deps.clock.now(), true);
    const device = validateDevice(body.device);
    const errors = [...unexpectedFields(body, ['data', 'device']), ...(data.ok ? [] : data.errors), ...(device.ok ? [] : device.errors)];
    if (!data.ok || errors.length) throw new ApiError(400, errors);
    const { record, challengeToken } = engine.authenticate(c.get('merchant').id, data.value);
    return c.json(toResource(record, deps.challengeUrl, challengeToken ?? undefined), 201);
  });

  app.get(`${AUTHENTICATIONS_PATH}/:id`, auth, (c) => {
    const record = store.get(c.req.param('id'), c.get('merchant').id);
    if (!record) throw ApiError.of(404, NOT_FOUND, 'id', 'No such authentication for this merchant.');
    return c.json(toResource(record, deps.challengeUrl));
  });
  return app;
}
