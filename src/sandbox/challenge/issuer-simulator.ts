import type { AuthenticationOutcomeValue } from '../../core/authentication-resource';

/** The code the sandbox issuer accepts: the challenge passes, AUTHENTICATED. */
export const CODE_AUTHENTICATES = '123456';
/** The code the sandbox issuer refuses at once: the challenge fails, NOT_AUTHENTICATED. */
export const CODE_FAILS = '000000';
/** Wrong codes (any other 6 digits) the shopper may type; the last one fails the challenge. */
export const MAX_ATTEMPTS = 3;

/** What the issuer makes of a typed code. */
export type CodeDecision =
  | { kind: 'malformed' }
  | { kind: 'completed'; outcome: AuthenticationOutcomeValue }
  | { kind: 'retry'; attemptsLeft: number };

/**
 * Decides a code as the sandbox issuer (ACS) would: {@link CODE_AUTHENTICATES} passes,
 * {@link CODE_FAILS} fails, any other 6 digits is wrong and may be retried until
 * {@link MAX_ATTEMPTS} wrong codes, which fail the challenge. Not 6 digits: malformed,
 * not counted. `wrongSoFar` is the wrong codes typed before this one.
 */
export function decideCode(code: string, wrongSoFar: number): CodeDecision {
  if (!/^\d{6}$/.test(code)) return { kind: 'malformed' };
  if (code === CODE_AUTHENTICATES) return { kind: 'completed', outcome: 'AUTHENTICATED' };
  if (code === CODE_FAILS) return { kind: 'completed', outcome: 'NOT_AUTHENTICATED' };
  const wrong = wrongSoFar + 1;
  return wrong >= MAX_ATTEMPTS
    ? { kind: 'completed', outcome: 'NOT_AUTHENTICATED' }
    : { kind: 'retry', attemptsLeft: MAX_ATTEMPTS - wrong };
}
