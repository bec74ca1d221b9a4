import * as z from 'zod/mini';
import { CONFLICT, NOT_FOUND } from '../http/api-error-code';
import { INVALID_PARAMETER } from '../../core/error-item';
import { submitCode } from '../challenge/submit-code';
import { ApiError } from '../http/api-error';
import { parseWithSchema } from '../http/parse-with-schema';
import { challengeDecisionResponse } from '../openapi/response-schemas';
import { toResource } from '../three-ds/authentication-resource';
import { defineRoute, type Route } from '../http/route';
import { JSON_BODY_ERRORS, idParams, json, type IdParams } from '../http/route-answers';
import { ID_PREFIXES } from '../values/resource-id';
import { originOf } from '../http/change-origin';
import { answerJson } from '../http/json-answer';

const decisionBody = z.strictObject({
  code: z.string({ error: 'must be the code the shopper would type, as a string' }),
});

const noAuthentication = () => ApiError.of(404, NOT_FOUND, 'id', 'No such authentication for this merchant.');
/**
 * Sandbox only: POST /sandbox/3ds/authentications/{id}/challenge with `{ "code": "123456" }`
 * decides a pending challenge as if the shopper had typed the code in the issuer's page, for
 * tests that drive no browser. Authorised by the merchant's bearer token; only the merchant's
 * own authentications. The code follows the same rules as the issuer page (docs/testing.md):
 * a wrong code counts toward the attempts the page allows.
 */
export const CHALLENGE_DECISION_ROUTE: Route = defineRoute<z.infer<typeof decisionBody>, undefined, IdParams>({
  operationId: 'decideChallenge',
  method: 'post',
  path: '/sandbox/3ds/authentications/{id}/challenge',
  origin: 'api',
  tag: 'Sandbox',
  summary: 'Sandbox only: decide a pending challenge as if the shopper typed `code` (no browser)',
  security: 'bearer',
  params: idParams(ID_PREFIXES.authentication, 'authentication', noAuthentication),
  body: {
    contentType: 'application/json',
    required: true,
    schema: { name: 'ChallengeDecisionRequest', schema: decisionBody },
    example: { code: '123456' },
    parse: (raw) => parseWithSchema(decisionBody, raw),
  },
  responses: {
    '200': json('ChallengeDecision', challengeDecisionResponse, 'The decision and the authentication.'),
  },
  errors: [...JSON_BODY_ERRORS, 404, 409],
  handle:
    (deps) =>
    (c, { body, params }) => {
      const store = deps.authentications;
      const merchantId = c.get('merchant').id;
      const id = params.id;
      // Same transaction as the issuer page's: the code kept, the count of wrong codes and the completion change together.
      const answer = deps.transaction(() => {
        const record = store.get(id, merchantId);
        if (!record) throw noAuthentication();
        const open = record.status === 'REQUIRE_CHALLENGE' && Date.parse(record.expiresAt) > deps.clock.now().getTime();
        if (!open)
          throw ApiError.of(
            409,
            CONFLICT,
            'id',
            `The authentication has no pending challenge (status ${record.status}, or its challenge expired).`,
          );
        const submitted = submitCode(deps, record, body.code.trim(), 'sandbox_api', originOf(c));
        // Answered once the transaction is over: a malformed code is refused, and kept as submitted.
        if (submitted.kind === 'malformed') return undefined;
        if (submitted.kind === 'retry')
          return {
            decision: 'RETRY',
            attempts_left: submitted.attemptsLeft,
            authentication: toResource(record, deps.challengeUrl),
          };
        const completed = submitted.completed!;
        return {
          decision: completed.authenticationStatus,
          attempts_left: 0,
          authentication: toResource(completed, deps.challengeUrl),
        };
      });
      if (!answer) throw ApiError.of(400, INVALID_PARAMETER, 'code', 'must be 6 digits');
      return answerJson(c, answer);
    },
});
