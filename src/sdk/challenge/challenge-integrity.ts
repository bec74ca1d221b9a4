/**
 * Subresource-integrity hash of gateway-challenge.js, written into gateway.js by the build
 * (rollup.config.mjs) once that file exists. A merchant who pins gateway.js with SRI thereby
 * pins the challenge code too: a changed gateway-challenge.js is refused by the browser. The
 * placeholder has the length of the hash, so the source map stays exact.
 */
export const CHALLENGE_INTEGRITY = '__GATEWAY_CHALLENGE_INTEGRITY__________________________________________';
