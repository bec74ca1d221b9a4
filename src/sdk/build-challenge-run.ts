import { AUTHENTICATIONS_PATH, type AuthenticationResource } from '../core/authentication-resource';
import type { ChallengeRun } from './challenge/run-challenge';
import { getConfig, type Config } from './config';
import { GatewayError } from './errors/gateway-error';
import { callApi } from './transport';
import type { RequestOptions } from './validate-request';

/** Everything the (separately loaded) challenge code needs, lent from this bundle. */
export function challengeRun(
  authentication: AuthenticationResource,
  config: Config,
  options: RequestOptions,
  traceId: string,
): ChallengeRun {
  return {
    authentication,
    config,
    options,
    readAuthentication: () => {
      // The latest setUp: the merchant may have renewed an expiring session during the challenge.
      return callApi<AuthenticationResource>({
        ...(getConfig() ?? config),
        method: 'GET',
        path: `${AUTHENTICATIONS_PATH}/${encodeURIComponent(authentication.id)}`,
        traceId,
        signal: options.signal,
      });
    },
    error: (code, message) => new GatewayError(code, message, { traceId }),
  };
}
