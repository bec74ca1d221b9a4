import { sdkFileUrl } from '../api-url';
import type { Config } from '../config';
import { loadScript } from '../load-script';
import { CHALLENGE_INTEGRITY } from './challenge-integrity';
import { CHALLENGE_MODULE_KEY } from './challenge-module-key';
import type { ChallengeModule } from './run-challenge';

let loading: Promise<ChallengeModule> | undefined;

/**
 * The script-tag build's loadChallenge: adds gateway-challenge.js, which sits next to
 * gateway.js, so the page's CSP needs nothing more than the script-src it already has for the
 * SDK. A failed load is forgotten, so the next challenge tries again.
 */
export function loadChallenge(config: Config): Promise<ChallengeModule> {
  loading ??= loadScript<ChallengeModule>(
    sdkFileUrl('gateway-challenge.js', config.apiUrl),
    CHALLENGE_INTEGRITY,
    CHALLENGE_MODULE_KEY,
  ).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
