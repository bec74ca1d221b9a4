import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { CONFLICT, NOT_FOUND } from '../http/api-error-code';
import { validateAuthenticationData } from '../../core/authentication-request';
import { AUTHENTICATIONS_PATH } from '../../core/authentication-resource';
import { INVALID_PARAMETER, REQUIRED_PARAMETER } from '../../core/error-item';
import { CONTINUE_PATH } from '../../core/three-ds-method';
import type { AppEnv, SandboxDeps } from '../app-env';
import { ApiError } from '../http/api-error';
import { readJsonObject } from '../http/read-json';
import { unexpectedFields } from '../http/unexpected-fields';
import { sessionAuth } from '../middleware/session-auth';
import { toResource } from '../three-ds/authentication-resource';
import { validateDevice } from '../three-ds/validate-device';

/**
 * EMV browserAcceptHeader and browserIP, from the request itself: a page could claim anything.
 * The IP is the socket's (the sandbox is not behind a proxy); none when the app is called without
 * a Node server (tests calling app.request).
 */
function browserOf(c: Context<AppEnv>): { acceptHeader: string | null; ip: string | null } {
  let ip: string | null = null;
  try {
    ip = getConnInfo(c).remote.address ?? null;
  } catch {
    // No Node socket behind this request.
  }
  return { acceptHeader: c.req.header('accept')?.slice(0, 2048) ?? null, ip };
}

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
    const data = validateAuthenticationData(body.data, ['data'], deps.clock.now(), true);
    const device = validateDevice(body.device);
    const unexpected = unexpectedFields(body, ['data', 'device']);
    if (!data.ok || !device.ok || unexpected.length)
      throw new ApiError(400, [...unexpected, ...(data.ok ? [] : data.errors), ...(device.ok ? [] : device.errors)]);
    const { record, challengeToken } = await deps.sharedTransaction(() =>
      engine.authenticate(c.get('merchant').id, data.value, device.value.challengeWindowSize ?? null, browserOf(c)),
    );
    return c.json(toResource(record, deps.challengeUrl, challengeToken ?? undefined, true), 201);
  });

  // `methodCompletion` is what the SDK saw (Y: the notification came; N: 10 s passed). The
  // indicator recorded is the server's own: Y only when the ACS's notification reached it.
  app.post(`${AUTHENTICATIONS_PATH}/:id${CONTINUE_PATH}`, auth, async (c) => {
    const body = await readJsonObject(c);
    const seen = body.methodCompletion;
    const errors = unexpectedFields(body, ['methodCompletion']);
    if (seen === undefined || seen === null)
      errors.push({
        code: REQUIRED_PARAMETER,
        parameterName: 'methodCompletion',
        description: 'methodCompletion is required: Y when the notification came, N after 10 s without it',
      });
    else if (seen !== 'Y' && seen !== 'N')
      errors.push({
        code: INVALID_PARAMETER,
        parameterName: 'methodCompletion',
        description: 'methodCompletion must be Y or N',
      });
    if (errors.length) throw new ApiError(400, errors);
    const id = c.req.param('id');
    const result = store.continueAfterMethod(id, c.get('merchant').id);
    if (result === 'NOT_FOUND') throw ApiError.of(404, NOT_FOUND, 'id', 'No such authentication for this merchant.');
    if (result === 'NOT_AWAITING_METHOD') {
      throw ApiError.of(
        409,
        CONFLICT,
        'id',
        'The authentication does not wait for its 3DS Method (already continued, another status, or expired): read it, or authenticate again.',
      );
    }
    deps.log(
      `trace=${c.get('traceId')} 3ds method ${id} ended: sdk saw ${String(seen)}, indicator ${result.record.methodCompletion}, now ${result.record.status}`,
    );
    return c.json(toResource(result.record, deps.challengeUrl, result.challengeToken ?? undefined));
  });

  app.get(`${AUTHENTICATIONS_PATH}/:id`, auth, (c) => {
    const record = store.get(c.req.param('id'), c.get('merchant').id);
    if (!record) throw ApiError.of(404, NOT_FOUND, 'id', 'No such authentication for this merchant.');
    return c.json(toResource(record, deps.challengeUrl));
  });
  return app;
}
