/** Where gateway-challenge.js leaves its exports for gateway.js: a registered symbol, no global name to collide with. */
export const CHALLENGE_MODULE_KEY = Symbol.for('@gateway/sdk:challenge');
