import type { ErrorItem } from '../../core/error-item';
import type { ErrorCode } from './error-code';
import { restorePrototype } from './restore-prototype';

/** What a {@link GatewayError} carries. Safe to log and to send to your server. */
export interface GatewayErrorDetail {
  /** HTTP status of the API call that failed; 400 for local validation; 0 when no response came. */
  httpStatus: number;
  /** Unique id of the request: store it, and quote it to support. */
  traceId: string;
  /** What happened, for developers (not for shoppers). */
  message: string;
  /** Validation items: `code` (40001 missing, 40002 invalid), `description`, `parameterName`. */
  errorMessages: ErrorItem[];
  /** The stable code of this failure; see {@link ErrorCode}. */
  code: ErrorCode;
}

/**
 * The one error type the SDK rejects or throws with. Never contains a card number or
 * security code.
 */
export class GatewayError extends Error {
  /** Everything known about the failure. */
  readonly detail: GatewayErrorDetail;
  /** Same as `detail.code`. */
  readonly code: ErrorCode;

  /**
   * The lower-level failure this error wraps (the fetch `TypeError`, the script's load event, ...),
   * when there was one. Shown by devtools and by Node's `util.inspect`; never part of
   * {@link GatewayError.toJSON}, since it is not ours to vouch for. Card data never reaches it: the
   * SDK wraps only network and loading failures.
   */
  declare readonly cause?: unknown;

  /**
   * @param code the stable code, see {@link ErrorCode}
   * @param message what happened, for developers
   * @param detail the HTTP status, trace id and validation items, when known
   * @param options `cause`: the error this one wraps (kept as {@link GatewayError.cause})
   */
  constructor(
    code: ErrorCode,
    message: string,
    detail: Partial<Omit<GatewayErrorDetail, 'code' | 'message'>> = {},
    options?: { cause?: unknown },
  ) {
    // Error sets `cause` from options itself, only when options has one: every supported browser
    // (docs/browsers.md: Safari 15.4 and later, current Chromium and Firefox) implements it.
    super(message, options);
    this.name = 'GatewayError';
    this.code = code;
    this.detail = {
      httpStatus: detail.httpStatus ?? 0,
      traceId: detail.traceId ?? '',
      message,
      errorMessages: detail.errorMessages ?? [],
      code,
    };
    // Compiled to ES2020 classes this is not needed, but a merchant's transpiler may downlevel us.
    restorePrototype(this, new.target.prototype);
  }

  /** `JSON.stringify(error)` gives name, code, message and detail. */
  toJSON(): { name: string; code: ErrorCode; message: string; detail: GatewayErrorDetail } {
    return { name: this.name, code: this.code, message: this.message, detail: this.detail };
  }
}
