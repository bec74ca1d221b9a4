import * as z from 'zod/mini';
import { parseWithSchema, unexpectedFirst } from '../http/parse-with-schema';
import { sessionResponse } from '../openapi/response-schemas';
import { MAX_SESSION_TTL_MS } from '../sessions/session-store';
import { defineRoute, type Route } from '../http/route';
import { JSON_BODY_ERRORS, json } from '../http/route-answers';
import { answerJson } from '../http/json-answer';

const MAX_EXPIRES_IN = MAX_SESSION_TTL_MS / 1000;
const EXPIRES_IN_RULE = { error: `must be an integer number of seconds from 1 to ${MAX_EXPIRES_IN}` };

const sessionBody = z.strictObject({
  expires_in: z.optional(
    z.int(EXPIRES_IN_RULE).check(z.minimum(1, EXPIRES_IN_RULE), z.maximum(MAX_EXPIRES_IN, EXPIRES_IN_RULE)),
  ),
});

/**
 * POST /checkout-sdk/sessions: a session for Gateway.setUp, valid 30 minutes. The body may be
 * empty; `{ "expires_in": seconds }` (1 to 1800) shortens the session, for testing expiry.
 */
export const SDK_SESSION_ROUTES: Route[] = [
  defineRoute<z.infer<typeof sessionBody>>({
    operationId: 'createSdkSession',
    method: 'post',
    path: '/checkout-sdk/sessions',
    origin: 'api',
    tag: 'Keys and sessions',
    summary: 'Create a session for Gateway.setUp (30 minutes; expires_in shortens it)',
    security: 'bearer',
    body: {
      contentType: 'application/json',
      required: false,
      schema: { name: 'SdkSessionRequest', schema: sessionBody },
      example: { expires_in: 1800 },
      // A null expires_in is refused as any other non-integer: it is no number of seconds.
      parse: (raw) => unexpectedFirst(parseWithSchema(sessionBody, raw)),
    },
    responses: { '200': json('SdkSession', sessionResponse, 'The session.') },
    errors: JSON_BODY_ERRORS,
    handle:
      (deps) =>
      (c, { body }) => {
        const ttl = body.expires_in === undefined ? MAX_SESSION_TTL_MS : body.expires_in * 1000;
        const created = deps.sessions.create(c.get('merchant').id, ttl);
        return answerJson(c, { session: created.session, expires_at: created.expiresAt }, 200);
      },
  }),
];
