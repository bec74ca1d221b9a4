import { challengeScriptUrl } from '../api-url';
import type { Config } from '../config';
import { CHALLENGE_INTEGRITY } from './challenge-integrity';
import { CHALLENGE_MODULE_KEY } from './challenge-module-key';
import type { ChallengeModule } from './run-challenge';

let loading: Promise<ChallengeModule> | undefined;

const registered = () => (globalThis as Record<symbol, ChallengeModule | undefined>)[CHALLENGE_MODULE_KEY];

/**
 * The script-tag build's loadChallenge: adds gateway-challenge.js, which sits next to
 * gateway.js, so the page's CSP needs nothing more than the script-src it already has for the
 * SDK. A failed load is forgotten, so the next challenge tries again.
 */
export function loadChallenge(config: Config): Promise<ChallengeModule> {
  const ready = registered();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<ChallengeModule>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = challengeScriptUrl(config.apiUrl);
    script.async = true;
    // The build replaces the placeholder; an unbuilt copy simply loads without the check.
    if (CHALLENGE_INTEGRITY.startsWith('sha')) {
      script.integrity = CHALLENGE_INTEGRITY;
      script.crossOrigin = 'anonymous';
    }
    script.onload = () => {
      script.remove();
      const module = registered();
      if (module) resolve(module);
      else reject(new Error('gateway-challenge.js did not register'));
    };
    script.onerror = (event) => {
      script.remove();
      // The load event is all the browser tells; kept so devtools can show which element failed.
      reject(new Error(`could not load ${script.src}`, { cause: event }));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
