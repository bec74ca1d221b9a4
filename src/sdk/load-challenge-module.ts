import { loadChallenge } from './challenge/import-challenge-module';
import type { ChallengeModule } from './challenge/run-challenge';
import type { Config } from './config';
import { ErrorCode } from './errors/error-code';
import { GatewayError } from './errors/gateway-error';

/** How long the challenge code may take to arrive before the challenge counts as failed. */
export const CHALLENGE_CODE_TIMEOUT_MS = 10_000;

/**
 * Gets the challenge code, which the SDK loads only when an issuer asks for a challenge. A
 * download can fail, stall or be blocked, and the merchant can abort meanwhile: each of those
 * settles here (CHALLENGE_FRAME_ERROR or ABORTED), so authenticate3DS never waits forever.
 */
export function challengeCode(
  config: Config,
  signal: AbortSignal | undefined,
  traceId: string,
): Promise<ChallengeModule> {
  return new Promise((resolve, reject) => {
    const unavailable = (why: string, cause?: unknown) =>
      new GatewayError(
        ErrorCode.CHALLENGE_FRAME_ERROR,
        `The challenge code (gateway-challenge.js) ${why}: serve it next to gateway.js and allow it in CSP script-src.`,
        { traceId },
        cause === undefined ? undefined : { cause },
      );
    const aborted = () =>
      new GatewayError(ErrorCode.ABORTED, 'The authentication was aborted by the merchant (signal).', { traceId });
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      done();
      reject(aborted());
    };
    const timer = setTimeout(() => {
      done();
      reject(unavailable(`did not arrive within ${CHALLENGE_CODE_TIMEOUT_MS} ms`));
    }, CHALLENGE_CODE_TIMEOUT_MS);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort);
    loadChallenge(config).then(
      (module) => {
        done();
        resolve(module);
      },
      (cause: unknown) => {
        done();
        reject(unavailable('could not be loaded', cause));
      },
    );
  });
}
