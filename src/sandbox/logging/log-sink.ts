import { ignoredFieldsText } from '../http/ignored-fields';
import { escapeLogText } from './escape-log-text';
import { maskCardDigits } from './mask-card-digits';

/** Writes one log line. The sandbox never logs bodies, so card data cannot reach a log. */
export type Log = (line: string) => void;

/** What the one log line of a request says. */
interface RequestLogEntry {
  /** ISO time the request ended. */
  time: string;
  traceId: string;
  method: string;
  /** The path as the client sent it (percent-encoded, not decoded), without the query. */
  path: string;
  status: number;
  durationMs: number;
  /** Set when the client, not the sandbox, broke the request (it aborted, or sent a malformed body). */
  clientError?: string;
  /** The body's fields the sandbox ignored (docs/rules.md#unknown-fields), as the x-gateway-ignored-fields header names them. */
  ignoredFields?: readonly string[];
}

/** Writes the log line of one request. */
export type RequestLog = (entry: RequestLogEntry) => void;

/** How log lines are written: `text` for people, `json` (one object per line) for log shippers. */
export const LOG_FORMATS = ['text', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** The line writer of a sandbox started without a log: {@link logSink} then skips all formatting. */
export const NO_LOG: Log = () => {};
/** The request log of a sandbox without a log; the trace-id middleware does not even build the entry. */
export const NO_REQUEST_LOG: RequestLog = () => {};

/** The two ways the sandbox logs: a message, and the one line of each request. */
export interface LogSink {
  log: Log;
  logRequest: RequestLog;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the text log escapes.
const CONTROL_CHARACTERS = /[\x00-\x1f\x7f]/g;

/**
 * Builds the sandbox's loggers over one line writer. Every text that could come from a client
 * (path, trace id, messages) has its card-like digit runs masked, field by field so the sandbox's
 * own numbers (status, duration) never join a run; text fields are escaped (text format) or
 * JSON-encoded (json), so one request is always exactly one line.
 */
export function logSink(write: (line: string) => void, format: LogFormat = 'text'): LogSink {
  // Masking and escaping every request's line costs a few per cent of the 3DS endpoint under load.
  if (write === NO_LOG) return { log: NO_LOG, logRequest: NO_REQUEST_LOG };
  const masked = (e: RequestLogEntry) => ({ ...e, traceId: maskCardDigits(e.traceId), path: maskCardDigits(e.path) });
  const ms = (e: RequestLogEntry) => Math.round(e.durationMs * 10) / 10;
  if (format === 'json') {
    return {
      log: (message) => write(JSON.stringify({ time: new Date().toISOString(), message: maskCardDigits(message) })),
      logRequest: (entry) => {
        const e = masked(entry);
        write(
          JSON.stringify({
            time: e.time,
            trace: e.traceId,
            method: e.method,
            path: e.path,
            status: e.status,
            duration_ms: ms(e),
            ...(e.clientError && { client_error: e.clientError }),
            ...(e.ignoredFields && { ignored_fields: ignoredFieldsText(e.ignoredFields) }),
          }),
        );
      },
    };
  }
  return {
    // A message may carry text from a client (an error's message): it must stay one line. It
    // starts with its time, as a request's line does, so an event sorts in among the requests.
    log: (message) =>
      write(
        `${new Date().toISOString()} ${maskCardDigits(message)}`.replace(
          CONTROL_CHARACTERS,
          (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`,
        ),
      ),
    logRequest: (entry) => {
      const e = masked(entry);
      write(
        `${e.time} trace=${escapeLogText(e.traceId)} ${escapeLogText(e.method)} ${escapeLogText(e.path)} ` +
          `${e.status} ${ms(e).toFixed(1)}ms${e.clientError ? ` client-error=${escapeLogText(e.clientError)}` : ''}` +
          `${e.ignoredFields ? ` ignored=${ignoredFieldsText(e.ignoredFields)}` : ''}`,
      );
    },
  };
}
