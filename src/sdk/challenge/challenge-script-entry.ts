// Entry of gateway-challenge.js, the script-tag build's challenge code, loaded on demand.
import { CHALLENGE_MODULE_KEY } from './challenge-module-key';
import { runChallenge, runMethod, type ChallengeModule } from './run-challenge';

(globalThis as Record<symbol, ChallengeModule>)[CHALLENGE_MODULE_KEY] = { runChallenge, runMethod };
