import * as z from 'zod/mini';
import { CHALLENGE_END_REASONS, type ChallengeEndReason } from '../../core/authentication-resource';
import { CHALLENGE_END_PATH } from '../../core/challenge-protocol';
import { INVALID_PARAMETER } from '../../core/error-item';
import { ApiError } from '../http/api-error';
import { challengeEndResponse } from '../openapi/response-schemas';
import { defineRoute, type Route } from '../http/route';
import { json } from '../http/route-answers';
import { challengeForm, readChallengeParams, readForm } from './challenge-params';
import { originOf } from '../http/change-origin';
import { answerJson } from '../http/json-answer';

/**
 * POST /challenge/end: the host page, asked by the SDK, records that the shopper canceled or the
 * SDK's time ran out. Takes the challenge URL's parameters (the token proves the caller holds the
 * challenge) and `reason`; answers the authentication's status and reason as they now are: CANCELED,
 * or AUTH_FLOW_COMPLETED when the issuer accepted the code first. Repeating it changes nothing.
 */
export const END_ROUTE: Route = defineRoute({
  operationId: 'endChallenge',
  method: 'post',
  path: CHALLENGE_END_PATH,
  origin: 'challenge',
  tag: 'Challenge origin',
  summary: 'Record that the shopper canceled or the SDK timed out (the host page sends it)',
  security: 'none',
  body: {
    contentType: 'application/x-www-form-urlencoded',
    required: true,
    schema: { name: 'ChallengeEndForm', schema: challengeForm({ reason: z.enum(CHALLENGE_END_REASONS) }) },
  },
  responses: { '200': json('ChallengeEnd', challengeEndResponse, 'The status and reason as they now are.') },
  errors: [400, 403, 413, 415],
  handle: (deps) => async (c) => {
    const store = deps.authentications;
    const body = await readForm(c);
    const p = readChallengeParams((name) => body.get(name) ?? undefined, store, deps.corsOrigins);
    const reason = body.get('reason');
    if (!CHALLENGE_END_REASONS.includes(reason as ChallengeEndReason)) {
      throw ApiError.of(400, INVALID_PARAMETER, 'reason', `reason must be one of ${CHALLENGE_END_REASONS.join(', ')}`);
    }
    const record = store.cancelChallenge(p.record.id, reason as ChallengeEndReason, originOf(c))!;
    deps.log(
      `trace=${c.get('traceId')} challenge ${record.id} ended: ${record.status}${record.endReason ? ` ${record.endReason}` : ''}`,
    );
    return answerJson(c, { status: record.status, reason: record.endReason });
  },
});
