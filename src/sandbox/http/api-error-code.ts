/**
 * Codes the API uses beside the validation codes of error-item.ts. They are part of the
 * contract between the SDK and the backend, so both import them from here.
 */
/** The bearer token is missing or wrong. */
export const UNAUTHORIZED = '40101';
/** The SDK session is unknown or expired: create a new one and call setUp again. */
export const SESSION_EXPIRED = '40102';
/** The resource does not exist (or belongs to another merchant). */
export const FORBIDDEN = '40301';
export const NOT_FOUND = '40401';
/** The path exists, but not for this method: the `Allow` header lists the methods it answers. */
export const METHOD_NOT_ALLOWED = '40501';
/** The request conflicts with the resource's current state. */
export const CONFLICT = '40901';
/** The body is larger than the API accepts. */
export const PAYLOAD_TOO_LARGE = '41301';
/** The body is not `application/json`. */
export const UNSUPPORTED_MEDIA_TYPE = '41501';
/** The body is not valid JSON. */
export const MALFORMED_JSON = '40000';
/** A business rule refused the request (minimum amount, account not enabled, …). */
export const UNPROCESSABLE = '42201';
/** The backend failed. */
export const INTERNAL_ERROR = '50001';
/** The sandbox's storage is full (its data limit, or the disk): nothing of the request was stored. */
export const STORAGE_FULL = '50701';
