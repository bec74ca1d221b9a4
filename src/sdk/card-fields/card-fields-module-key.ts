/** Where gateway-fields.js leaves its exports for gateway.js: a registered symbol, no global name to collide with. */
export const CARD_FIELDS_MODULE_KEY = Symbol.for('@gateway/sdk:card-fields');
