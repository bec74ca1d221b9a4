import { Hono } from 'hono';
import * as z from 'zod/mini';
import { CONFLICT, NOT_FOUND } from '../http/api-error-code';
import { INVALID_PARAMETER } from '../../core/error-item';
import type { AppEnv, SandboxDeps } from '../app-env';
import { decideCode } from '../challenge/issuer-simulator';
import { ApiError } from '../http/api-error';
import { parseWithSchema } from '../http/parse-with-schema';
import { readJsonObject } from '../http/read-json';
import { merchantAuth } from '../middleware/merchant-auth';
import { toResource } from '../three-ds/authentication-resource';

/** Path of the sandbox-only decision route; `:id` is the authentication's id. */
const CHALLENGE_DECISION_PATH = '/sandbox/3ds/authentications/:id/challenge';

export const decisionBody = z.strictObject({
  code: z.string({ error: 'must be the code the shopper would type, as a string' }),
});

/**
 * Sandbox only: POST /sandbox/3ds/authentications/{id}/challenge with `{ "code": "123456" }`
 * decides a pending challenge as if the shopper had typed the code in the issuer's page, for
 * tests that drive no browser. Authorised by the merchant's bearer token; only the merchant's
 * own authentications. The code follows the same rules as the issuer page (docs/testing.md):
 * a wrong code counts toward the attempts the page allows.
 */
export function challengeDecisionRoutes(deps: SandboxDeps): Hono<AppEnv> {
  const { authentications: store, challengeAttempts: attempts } = deps;
  const app = new Hono<AppEnv>();

  app.post(CHALLENGE_DECISION_PATH, merchantAuth(deps.merchants), async (c) => {
    const parsed = parseWithSchema(decisionBody, await readJsonObject(c));
    if (!parsed.ok) throw new ApiError(400, parsed.errors);
    const merchantId = c.get('merchant').id;
    const id = c.req.param('id');
    // Same transaction as the issuer page's: the count of wrong codes and the completion change together.
    const answer = deps.transaction(() => {
      const record = store.get(id, merchantId);
      if (!record) throw ApiError.of(404, NOT_FOUND, 'id', 'No such authentication for this merchant.');
      const open = record.status === 'REQUIRE_CHALLENGE' && Date.parse(record.expiresAt) > deps.clock.now().getTime();
      if (!open)
        throw ApiError.of(
          409,
          CONFLICT,
          'id',
          `The authentication has no pending challenge (status ${record.status}, or its challenge expired).`,
        );
      const decision = decideCode(parsed.value.code.trim(), attempts.wrong(record.id));
      if (decision.kind === 'malformed') throw ApiError.of(400, INVALID_PARAMETER, 'code', 'must be 6 digits');
      if (decision.kind === 'retry') {
        attempts.recordWrong(record.id);
        return {
          decision: 'RETRY',
          attempts_left: decision.attemptsLeft,
          authentication: toResource(record, deps.challengeUrl),
        };
      }
      const completed = store.completeChallenge(record.id, decision.outcome)!;
      return {
        decision: completed.authenticationStatus,
        attempts_left: 0,
        authentication: toResource(completed, deps.challengeUrl),
      };
    });
    return c.json(answer);
  });
  return app;
}
