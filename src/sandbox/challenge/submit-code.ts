import type { ChallengeAttemptStore, CodeChannel } from '../challenge-attempts/challenge-attempt-store';
import type { Clock } from '../clock';
import type { ChangeOrigin } from '../journal/status-changes';
import type { AuthenticationRecord } from '../three-ds/authentication-record';
import type { AuthenticationStore } from '../three-ds/authentication-store';
import { sandboxTime } from '../values/time';
import { decideCode } from './issuer-simulator';

/** What a code submitted in a pending challenge did. */
export type Submitted =
  | { kind: 'malformed' }
  | { kind: 'retry'; attemptsLeft: number }
  /** The challenge ended; `completed` is undefined when the row changed under it. */
  | { kind: 'completed'; completed: AuthenticationRecord | undefined };

/**
 * A code submitted in `pending`'s challenge, by the issuer page or the sandbox's endpoint: decided
 * as the sandbox issuer does, kept in order with its result for the console, and counted or
 * completing the authentication. Call it in one transaction with the read of `pending`, so the
 * code, the count of wrong codes and the completion are stored together or not at all.
 */
export function submitCode(
  deps: { authentications: AuthenticationStore; challengeAttempts: ChallengeAttemptStore; clock: Clock },
  pending: AuthenticationRecord,
  code: string,
  via: CodeChannel,
  origin: ChangeOrigin,
): Submitted {
  const { authentications, challengeAttempts: attempts } = deps;
  const decision = decideCode(code, attempts.wrong(pending.id));
  const at = sandboxTime(deps.clock);
  const outcome = decision.kind === 'malformed' ? 'MALFORMED' : decision.kind === 'retry' ? 'RETRY' : decision.outcome;
  attempts.recordCode(pending.id, { code, at, via, outcome });
  if (decision.kind === 'malformed') return decision;
  if (decision.kind === 'retry') {
    attempts.recordWrong(pending.id);
    return decision;
  }
  return { kind: 'completed', completed: authentications.completeChallenge(pending.id, decision.outcome, origin) };
}
