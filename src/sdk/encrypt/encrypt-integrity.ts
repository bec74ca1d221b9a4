/**
 * Subresource-integrity hash of gateway-encrypt.js, written into gateway.js by the build
 * (rollup.config.mjs) once that file exists, as for gateway-challenge.js: a merchant who pins
 * gateway.js with SRI pins the card-encryption code too. The placeholder has the hash's length.
 */
export const ENCRYPT_INTEGRITY = '__GATEWAY_ENCRYPT_INTEGRITY____________________________________________';
