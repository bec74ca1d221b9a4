/**
 * Stable codes of every GatewayError. Match on these, never on the message text.
 * Values are strings so they read well in logs and stay stable across versions.
 */
interface ErrorCodes {
  /** The request failed validation, locally or at the API. See `detail.errorMessages`. */
  readonly VALIDATION_ERROR: 'VALIDATION_ERROR';
  /** `setUp` was called with bad arguments. */
  readonly INVALID_SETUP: 'INVALID_SETUP';
  /** `authenticate3DS` was called before `setUp`. */
  readonly NOT_SET_UP: 'NOT_SET_UP';
  /** The session expired or is unknown: create a new session and call `setUp` again. */
  readonly SESSION_EXPIRED: 'SESSION_EXPIRED';
  /** The API could not be reached (offline, DNS, CORS, connection refused). */
  readonly NETWORK_ERROR: 'NETWORK_ERROR';
  /** The API did not answer in time. */
  readonly TIMEOUT: 'TIMEOUT';
  /** The API answered 5xx. */
  readonly SERVER_ERROR: 'SERVER_ERROR';
  /** The API answered something that is not the expected JSON. */
  readonly INVALID_RESPONSE: 'INVALID_RESPONSE';
  /** The API refused the request (a 4xx other than validation and session expiry). */
  readonly REQUEST_REJECTED: 'REQUEST_REJECTED';
  /** The shopper closed or canceled the challenge. Do not go on with the order. */
  readonly CHALLENGE_CANCELED: 'CHALLENGE_CANCELED';
  /** The shopper did not finish the challenge in time. */
  readonly CHALLENGE_TIMEOUT: 'CHALLENGE_TIMEOUT';
  /** `beforeChallenge` never called `open()` before the deadline. */
  readonly CHALLENGE_NOT_OPENED: 'CHALLENGE_NOT_OPENED';
  /** The challenge frame did not load: blocked by CSP `frame-src`, or a network error. */
  readonly CHALLENGE_FRAME_ERROR: 'CHALLENGE_FRAME_ERROR';
  /** The challenge frame reported an end that the API does not confirm. */
  readonly CHALLENGE_NOT_COMPLETED: 'CHALLENGE_NOT_COMPLETED';
  /** The merchant aborted with the request's `signal`. */
  readonly ABORTED: 'ABORTED';
  /** Another `authenticate3DS` is still running on this page. */
  readonly ALREADY_IN_PROGRESS: 'ALREADY_IN_PROGRESS';
  /** Called outside a browser (server-side rendering, a worker without DOM). */
  readonly BROWSER_REQUIRED: 'BROWSER_REQUIRED';
  /** A hosted card field's frame did not load within setUp's `timeout`, or stopped answering (createCardFields' `error` event). */
  readonly CARD_FIELDS_ERROR: 'CARD_FIELDS_ERROR';
}

/**
 * Stable codes of every GatewayError. Match on these, never on the message text.
 * Values are strings so they read well in logs and stay stable across versions.
 * Each value is its own name: built from one list, so the script carries every name once.
 */
export const ErrorCode: ErrorCodes = /* @__PURE__ */ Object.fromEntries(
  (
    'VALIDATION_ERROR INVALID_SETUP NOT_SET_UP SESSION_EXPIRED NETWORK_ERROR TIMEOUT SERVER_ERROR INVALID_RESPONSE ' +
    'REQUEST_REJECTED CHALLENGE_CANCELED CHALLENGE_TIMEOUT CHALLENGE_NOT_OPENED CHALLENGE_FRAME_ERROR ' +
    'CHALLENGE_NOT_COMPLETED ABORTED ALREADY_IN_PROGRESS BROWSER_REQUIRED CARD_FIELDS_ERROR'
  )
    .split(' ')
    .map((code) => [code, code]),
) as unknown as ErrorCodes;

/** One of the values of {@link ErrorCode}. */
export type ErrorCode = ErrorCodes[keyof ErrorCodes];
