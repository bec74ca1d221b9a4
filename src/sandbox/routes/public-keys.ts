import { Hono } from 'hono';
import { NOT_FOUND } from '../http/api-error-code';
import { INVALID_PARAMETER, REQUIRED_PARAMETER } from '../../core/error-item';
import type { AppEnv, SandboxDeps } from '../app-env';
import { ApiError } from '../http/api-error';
import { readJsonObject } from '../http/read-json';
import { unexpectedFields } from '../http/unexpected-fields';
import { merchantAuth } from '../middleware/merchant-auth';
import type { PublicKeyRecord } from '../public-keys/public-key-store';

const toBody = (key: PublicKeyRecord) => ({ public_key: key.publicKey, created_at: key.createdAt });

/**
 * POST /public-keys { type: "card" }: a new RSA-2048 key for card encryption (the previous one
 * stays valid 7 days). GET /public-keys/card: the current one. Merchant bearer token.
 */
export function publicKeyRoutes(deps: SandboxDeps): Hono<AppEnv> {
  const keys = deps.publicKeys;
  const app = new Hono<AppEnv>();
  app.use('/public-keys/*', merchantAuth(deps.merchants));
  app.use('/public-keys', merchantAuth(deps.merchants));

  app.post('/public-keys', async (c) => {
    const body = await readJsonObject(c);
    const errors = unexpectedFields(body, ['type']);
    if (body.type === undefined || body.type === null)
      errors.push({ code: REQUIRED_PARAMETER, parameterName: 'type', description: 'type is required: "card"' });
    else if (body.type !== 'card')
      errors.push({
        code: INVALID_PARAMETER,
        parameterName: 'type',
        description: 'type must be "card", the only key type there is',
      });
    if (errors.length) throw new ApiError(400, errors);
    return c.json(toBody(await keys.create(c.get('merchant').id)), 201);
  });

  app.get('/public-keys/card', (c) => {
    const key = keys.current(c.get('merchant').id);
    if (!key)
      throw ApiError.of(404, NOT_FOUND, '', 'No public key yet: create one with POST /public-keys { "type": "card" }.');
    return c.json(toBody(key));
  });
  return app;
}
