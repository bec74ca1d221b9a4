import type { AuthenticationResource } from '../../core/authentication-resource';
import type { Config } from '../config';
import { ErrorCode } from '../errors/error-code';
import { GatewayError } from '../errors/gateway-error';
import type { RequestOptions } from '../validate-request';

/** What the challenge step needs from authenticate3DS. */
export interface ChallengeRun {
  authentication: AuthenticationResource;
  config: Config;
  options: RequestOptions;
  traceId: string;
}

/**
 * Shows the issuer's challenge and resolves with the authentication as the API reports it
 * once the challenge ended. (Replaced by the challenge frame implementation.)
 */
export async function runChallenge(run: ChallengeRun): Promise<AuthenticationResource> {
  throw new GatewayError(ErrorCode.CHALLENGE_FRAME_ERROR, 'This build cannot show challenges yet.', { traceId: run.traceId });
}
