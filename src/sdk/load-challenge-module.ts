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
export function loadChallengeModule(
  config: Config,
  signal: AbortSignal | undefined,
  traceId: string,
): Promise<ChallengeModule> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  return new Promise<ChallengeModule>((resolve, reject) => {
    const unavailable = (why: string, cause?: unknown) =>
      new GatewayError(
        ErrorCode.CHALLENGE_FRAME_ERROR,
        `The challenge code (gateway-challenge.js) ${why}: serve it next to gateway.js and allow it in CSP script-src.`,
        { traceId },
        cause === undefined ? undefined : { cause },
      );
    onAbort = () =>
      reject(
        new GatewayError(ErrorCode.ABORTED, 'The authentication was aborted by the merchant (signal).', { traceId }),
      );
    if (signal?.aborted) return onAbort();
    timer = setTimeout(
      () => reject(unavailable(`did not arrive within ${CHALLENGE_CODE_TIMEOUT_MS} ms`)),
      CHALLENGE_CODE_TIMEOUT_MS,
    );
    signal?.addEventListener('abort', onAbort);
    loadChallenge(config).then(resolve, (cause: unknown) => reject(unavailable('could not be loaded', cause)));
  }).finally(() => {
    // Whichever settled first, the other two are no longer needed.
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort!);
  });
}
