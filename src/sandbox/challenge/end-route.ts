import { Hono } from 'hono';
import { CHALLENGE_END_REASONS, type ChallengeEndReason } from '../../core/authentication-resource';
import { CHALLENGE_END_PATH } from '../../core/challenge-protocol';
import { INVALID_PARAMETER } from '../../core/error-item';
import type { AppEnv, SandboxDeps } from '../app-env';
import { ApiError } from '../http/api-error';
import type { AuthenticationStore } from '../three-ds/authentication-store';
import { readChallengeParams, readForm } from './challenge-params';

/**
 * POST /challenge/end: the host page, asked by the SDK, records that the shopper canceled or the
 * SDK's time ran out. Takes the challenge URL's parameters (the token proves the caller holds the
 * challenge) and `reason`; answers the authentication's status and reason as they now are: CANCELED,
 * or AUTH_FLOW_COMPLETED when the issuer accepted the code first. Repeating it changes nothing.
 */
export function endRoute(deps: SandboxDeps, store: AuthenticationStore): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(CHALLENGE_END_PATH, async (c) => {
    const body = await readForm(c);
    const p = readChallengeParams((name) => body.get(name) ?? undefined, store, deps.corsOrigins);
    const reason = body.get('reason');
    if (!CHALLENGE_END_REASONS.includes(reason as ChallengeEndReason)) {
      throw ApiError.of(400, INVALID_PARAMETER, 'reason', `reason must be one of ${CHALLENGE_END_REASONS.join(', ')}`);
    }
    const record = store.cancelChallenge(p.record.id, reason as ChallengeEndReason)!;
    deps.log(
      `trace=${c.get('traceId')} challenge ${record.id} ended: ${record.status}${record.endReason ? ` ${record.endReason}` : ''}`,
    );
    return c.json({ status: record.status, reason: record.endReason });
  });
  return app;
}
