import fc from 'fast-check';

/**
 * Setup file of the vitest projects: every fast-check property runs from one fixed seed, so each
 * run checks the same cases and a failure is never luck (a failing run prints the seed and path
 * that replay it). FAST_CHECK_SEED=<integer> explores other cases on demand.
 */
const given = process.env.FAST_CHECK_SEED;
const seed = given === undefined || given === '' ? 5 : Number(given);
if (!Number.isSafeInteger(seed)) throw new Error(`FAST_CHECK_SEED must be an integer, got "${given}"`);
fc.configureGlobal({ seed });
