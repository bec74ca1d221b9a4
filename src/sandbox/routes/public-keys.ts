import * as z from 'zod/mini';
import { NOT_FOUND } from '../http/api-error-code';
import { ApiError } from '../http/api-error';
import { parseWithSchema, unexpectedFirst } from '../http/parse-with-schema';
import { publicKeyResponse } from '../openapi/response-schemas';
import type { PublicKeyRecord } from '../public-keys/public-key-store';
import { defineRoute, type Route } from '../http/route';
import { JSON_BODY_ERRORS, json } from '../http/route-answers';
import { answerJson } from '../http/json-answer';

const toBody = (key: PublicKeyRecord) => ({ public_key: key.publicKey, created_at: key.createdAt });

const publicKeyBody = z.strictObject({
  type: z.literal('card', { error: 'must be "card", the only key type there is' }),
});

/**
 * POST /public-keys { type: "card" }: a new RSA-2048 key for card encryption (the previous one
 * stays valid 7 days); PUT /public-keys/card replaces it the same way. GET /public-keys/card: the
 * current one. Merchant bearer token.
 */
export const PUBLIC_KEY_ROUTES: Route[] = [
  defineRoute<z.infer<typeof publicKeyBody>>({
    operationId: 'createPublicKey',
    method: 'post',
    path: '/public-keys',
    origin: 'api',
    tag: 'Keys and sessions',
    summary: 'Create the RSA public key cards are encrypted with (the previous one stays valid 7 days)',
    security: 'bearer',
    body: {
      contentType: 'application/json',
      required: true,
      schema: { name: 'PublicKeyRequest', schema: publicKeyBody },
      example: { type: 'card' },
      parse: (raw) => unexpectedFirst(parseWithSchema(publicKeyBody, raw)),
    },
    // 200, not 201, with created_at in epoch milliseconds: what the provider answers and its
    // integrations check (docs/rules.md#success-answers).
    responses: { '200': json('PublicKey', publicKeyResponse, 'The new key.') },
    errors: JSON_BODY_ERRORS,
    handle: (deps) => async (c) => answerJson(c, toBody(await deps.publicKeys.create(c.get('merchant').id))),
  }),
  defineRoute({
    operationId: 'replacePublicKey',
    method: 'put',
    path: '/public-keys/card',
    origin: 'api',
    tag: 'Keys and sessions',
    summary: 'Replace the card public key with a new one (the previous one keeps decrypting 7 days)',
    security: 'bearer',
    // The same rotation as POST /public-keys, under the provider's update operation: cards
    // encrypted with the replaced key still pay during KEY_OVERLAP_MS (docs/rules.md#credentials).
    responses: { '200': json('PublicKey', publicKeyResponse, 'The new key.') },
    errors: [401],
    handle: (deps) => async (c) => answerJson(c, toBody(await deps.publicKeys.create(c.get('merchant').id))),
  }),
  defineRoute({
    operationId: 'getPublicKey',
    method: 'get',
    path: '/public-keys/card',
    origin: 'api',
    tag: 'Keys and sessions',
    summary: 'The current public key',
    security: 'bearer',
    responses: { '200': json('PublicKey', publicKeyResponse, 'The current key.') },
    errors: [401, 404],
    handle: (deps) => (c) => {
      const key = deps.publicKeys.current(c.get('merchant').id);
      if (!key)
        throw ApiError.of(
          404,
          NOT_FOUND,
          '',
          'No public key yet: create one with POST /public-keys { "type": "card" }.',
        );
      return answerJson(c, toBody(key));
    },
  }),
];
