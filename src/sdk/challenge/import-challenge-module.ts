import type { Config } from '../config';
import type { ChallengeModule } from './run-challenge';

/**
 * Loads the challenge code (dialog, frame, penpal) only when an issuer asks for a challenge:
 * most authentications are frictionless and never need it. In the npm builds this is a
 * dynamic import the merchant's bundler splits off; the script-tag build swaps this file for
 * add-challenge-script.ts.
 */
export const loadChallenge = (_config: Config): Promise<ChallengeModule> => import('./run-challenge');
