import type { SandboxClock } from './clock';
import type { ConsoleAccess } from './console/console-access';
import type { ConsoleViews } from './journal/console-views';
import type { Log, RequestLog } from './logging/log-sink';
import type { Merchant } from './merchants/merchant-store';
import type { SandboxServices } from './services';

/**
 * Everything route handlers share: the sandbox's stores and services (built once by
 * startSandbox), time, addresses, limits. No database handle: route modules only route.
 */
export interface SandboxDeps extends SandboxServices {
  /** The sandbox's time; POST /sandbox/clock/advance moves it. */
  clock: SandboxClock;
  log: Log;
  /** Writes each request's log line. */
  logRequest: RequestLog;
  /** Public base URL of the API, for absolute links. */
  apiUrl: string;
  /** Public base URL of the challenge origin. */
  challengeUrl: string;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /**
   * Refuse (40003) what the provider ignores: unknown and read-only fields of a merchant request
   * (SandboxOptions.strict). False: they are dropped and named (docs/rules.md#unknown-fields).
   */
  strict: boolean;
  /** Origins allowed by CORS; undefined allows any origin. */
  corsOrigins?: readonly string[];
  /** Origins the merchant (bearer-token) endpoints answer with CORS; undefined: none. */
  merchantCorsOrigins?: readonly string[];
  /** Who may use the console, and its sessions (docs/console.md#safety). */
  consoleAccess: ConsoleAccess;
  /** What the console's pages and its JSON endpoints show: one read model (journal/console-views.ts). */
  consoleViews: ConsoleViews;
  /** Absolute path of the script-tag build the API serves at /sdk/gateway.js. */
  sdkScriptPath: string;
  /** File every answer is appended to for the contract checks (SandboxOptions.answerLog); undefined: none. */
  answerLog?: string;
}

/** Per-request values set by middleware. */
export interface AppEnv {
  Variables: {
    traceId: string;
    /** Set by merchantAuth on bearer-token routes. */
    merchant: Merchant;
    /** Set by the error handler when the client broke the request; shown in its log line. */
    clientError: string;
    /** Set by merchantAuth when the console's cookie, not a bearer token, signed the request. */
    viaConsole: boolean;
    /** The request body's fields the sandbox ignored (not in strict mode); shown in the log line. */
    ignoredFields: string[];
    /** The body text the JSON reader decoded: what the request log keeps of it, redacted (middleware/request-recorder.ts). */
    bodyText: string;
    /** The JSON text answered (http/json-answer.ts): what the request log keeps of the answer, redacted. */
    answerJson: string;
    /** The answer is a stored one, replayed under its idempotency key (http/idempotent-answer.ts). */
    replayed: boolean;
  };
}
