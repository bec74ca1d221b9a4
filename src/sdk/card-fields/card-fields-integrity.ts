/**
 * Subresource-integrity hash of gateway-fields.js, written into gateway.js by the build
 * (rollup.config.mjs), as for gateway-challenge.js. The placeholder has the hash's length.
 */
export const CARD_FIELDS_INTEGRITY = '__GATEWAY_FIELDS_INTEGRITY_____________________________________________';
