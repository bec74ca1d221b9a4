/**
 * Stable codes of every GatewayError. Match on these, never on the message text.
 * Values are strings so they read well in logs and stay stable across versions.
 */
export const ErrorCode = {
  /** The request failed validation, locally or at the API. See `detail.errorMessages`. */
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  /** `setUp` was called with bad arguments. */
  INVALID_SETUP: 'INVALID_SETUP',
  /** `authenticate3DS` was called before `setUp`. */
  NOT_SET_UP: 'NOT_SET_UP',
  /** The session expired or is unknown: create a new session and call `setUp` again. */
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  /** The API could not be reached (offline, DNS, CORS, connection refused). */
  NETWORK_ERROR: 'NETWORK_ERROR',
  /** The API did not answer in time. */
  TIMEOUT: 'TIMEOUT',
  /** The API answered 5xx. */
  SERVER_ERROR: 'SERVER_ERROR',
  /** The API answered something that is not the expected JSON. */
  INVALID_RESPONSE: 'INVALID_RESPONSE',
  /** The API refused the request (a 4xx other than validation and session expiry). */
  REQUEST_REJECTED: 'REQUEST_REJECTED',
  /** The shopper closed or canceled the challenge. Do not go on with the order. */
  CHALLENGE_CANCELED: 'CHALLENGE_CANCELED',
  /** The shopper did not finish the challenge in time. */
  CHALLENGE_TIMEOUT: 'CHALLENGE_TIMEOUT',
  /** `beforeChallenge` never called `open()` before the deadline. */
  CHALLENGE_NOT_OPENED: 'CHALLENGE_NOT_OPENED',
  /** The challenge frame did not load: blocked by CSP `frame-src`, or a network error. */
  CHALLENGE_FRAME_ERROR: 'CHALLENGE_FRAME_ERROR',
  /** The challenge frame reported an end that the API does not confirm. */
  CHALLENGE_NOT_COMPLETED: 'CHALLENGE_NOT_COMPLETED',
  /** The merchant aborted with the request's `signal`. */
  ABORTED: 'ABORTED',
  /** Another `authenticate3DS` is still running on this page. */
  ALREADY_IN_PROGRESS: 'ALREADY_IN_PROGRESS',
  /** Called outside a browser (server-side rendering, a worker without DOM). */
  BROWSER_REQUIRED: 'BROWSER_REQUIRED',
} as const;

/** One of the values of {@link ErrorCode}. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
