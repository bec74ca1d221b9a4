import type { AuthenticationOutcomeValue } from '../core/authentication-resource';

/** Where the sandbox API is and whose token to use: a started sandbox, or its URL and token. */
export interface SandboxTarget {
  /** Base URL of the sandbox API. */
  apiUrl: string;
  /** A merchant's bearer token; the authentication must be that merchant's. */
  token: string;
}

/** What the sandbox answered to a decided code. */
export interface ChallengeDecision {
  /** `AUTHENTICATED` or `NOT_AUTHENTICATED` when the challenge ended, `RETRY` after a wrong code. */
  decision: AuthenticationOutcomeValue | 'RETRY';
  /** Wrong codes still allowed (0 once ended). */
  attemptsLeft: number;
  /** The authentication after the decision, as GET /checkout-sdk/3ds/authentications/{id} shows it. */
  authentication: {
    id: string;
    status: string;
    authentication_status: string | null;
    brand: string;
    issuer: string | null;
  };
}

/**
 * Decides a pending challenge without any browser, as if the shopper had typed `code` in the
 * issuer's page: POST /sandbox/3ds/authentications/{id}/challenge (sandbox only). For tests
 * that drive no page or run elsewhere. Throws with the sandbox's error items when refused
 * (unknown id, no pending challenge, a code that is not 6 digits).
 */
export async function decideChallenge(
  sandbox: SandboxTarget,
  authenticationId: string,
  code: string,
): Promise<ChallengeDecision> {
  const res = await fetch(
    `${sandbox.apiUrl}/sandbox/3ds/authentications/${encodeURIComponent(authenticationId)}/challenge`,
    {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    },
  );
  const body = (await res.json()) as {
    decision: ChallengeDecision['decision'];
    attempts_left: number;
    authentication: ChallengeDecision['authentication'];
  };
  if (!res.ok) throw new Error(`decideChallenge: ${res.status} ${JSON.stringify(body)}`);
  return { decision: body.decision, attemptsLeft: body.attempts_left, authentication: body.authentication };
}
