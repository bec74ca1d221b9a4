/** Where gateway-encrypt.js leaves encryptCard for gateway.js: a registered symbol, no global name to collide with. */
export const ENCRYPT_MODULE_KEY = Symbol.for('@gateway/sdk:encrypt');
