import { DEFAULT_LIMITS, type ConnectionLimits } from './connections/connection-limits';
import { LOG_FORMATS, type Log, type LogFormat } from './logging/log-sink';
import type { Merchant } from './merchants/merchant-store';
import { IN_MEMORY_MAX_BYTES, MIN_DATA_BYTES } from './storage/database';
import type { WebhookOptions } from './webhooks/webhook-dispatcher';

/** Options of {@link startSandbox}. Every one is optional. */
export interface SandboxOptions extends ConnectionLimits {
  /** How long close() (and SIGTERM / SIGINT in the CLI) lets requests in flight finish before cutting them, in ms. Default 5000. */
  shutdownGraceMs?: number;
  /** Interface to bind. Default `127.0.0.1`: the sandbox is not reachable from the network. */
  host?: string;
  /** API port. Default 0: a free port. */
  port?: number;
  /** Challenge origin port. Default 0: a free port. */
  challengePort?: number;
  /** The sandbox merchant's bearer token. Default: a random one, returned as `token`. */
  token?: string;
  /** The sandbox merchant's webhook signing secret. Default: the data file's, else a random `whsec_…`; returned as `webhookSecret`. */
  webhookSecret?: string;
  /** SQLite file to keep data across restarts. Default: in memory. */
  dataFile?: string;
  /**
   * The most data the sandbox keeps, in bytes, at least 1 MiB: past it a write answers 507
   * (`50701`) and nothing of it is stored. Default: 1 GiB in memory, which is also the most memory
   * holds; no limit with a data file.
   */
  maxDataBytes?: number;
  /** The most requests the request log keeps (docs/console.md#request-log); the oldest go first; 0 keeps none. Default 10000. */
  requestLogEntries?: number;
  /**
   * The most bytes the request log keeps (bodies included); the oldest go first. Default 32 MiB, or a
   * quarter of `maxDataBytes` when that is less; at most half of `maxDataBytes`.
   */
  requestLogBytes?: number;
  /** Origins allowed by CORS on the SDK's browser endpoints (`/checkout-sdk/3ds/…`, `/sdk/…`) and as challenge parents. Default: any origin. */
  corsOrigins?: string[];
  /**
   * Origins allowed by CORS on the merchant (bearer-token) endpoints, for a merchant's own local
   * tools. Default: none; the token belongs on a server, so no page gets CORS headers there.
   */
  merchantCorsOrigins?: string[];
  /** Largest request body in bytes. Default 65536. */
  maxBodyBytes?: number;
  /**
   * Refuse with `40003` a field of a merchant request body the API does not know (or a read-only
   * one), as the sandbox did before it followed the provider. Default false: such a field is
   * ignored, as the provider ignores it, and named in the `x-gateway-ignored-fields` answer header
   * and the request's log line (docs/rules.md#unknown-fields). For a CI that wants a typo to fail.
   */
  strict?: boolean;
  /** `true` logs one line per request to stdout; a function receives the lines. Default off. */
  log?: boolean | Log;
  /** `text` (default) or `json`: one JSON object per line, for log shippers. */
  logFormat?: LogFormat;
  /**
   * Settings of the sandbox merchant account. Default: PCI homologated, sub-merchant enabled,
   * installment interest 299 (2,99 % a.m., in hundredths of a percent); the city and Pix key its
   * Pix codes carry: `SAO PAULO` and a random key of its own (docs/pix.md#account-settings).
   */
  merchant?: Partial<
    Pick<
      Merchant,
      'pciHomologated' | 'subMerchantEnabled' | 'releasedMccs' | 'installmentRateBp' | 'merchantCity' | 'pixKey'
    >
  >;
  /**
   * For contract tests: a file every answer is appended to, one JSON line each, for
   * `node scripts/contract-answers.mjs <file>` to check against the OpenAPI document. Default: the
   * `GATEWAY_SANDBOX_ANSWER_LOG` environment variable, else none.
   */
  answerLog?: string;
  /**
   * `false` records nothing for the console (docs/console.md): no request log, no status changes,
   * no delivery attempts. For measuring what the journal costs (docs/performance.md#the-journal).
   * Default true.
   */
  journal?: boolean;
  /**
   * Notification deliveries: `retryDelaysMs` (default 1 s, 5 s, 30 s, 2 min, 10 min) and
   * `attemptTimeoutMs` (default 5 s). Pending deliveries are kept in the data file's outbox.
   */
  webhooks?: WebhookOptions;
}

/** The request log's byte limit unless told otherwise (or a quarter of the data limit, when less). */
const DEFAULT_REQUEST_LOG_BYTES = 32 * 1024 ** 2;

/** The request log's byte limit for these options: the one given, else the default within the data limit. */
export const requestLogBytesOf = (options: SandboxOptions): number =>
  options.requestLogBytes ??
  Math.min(DEFAULT_REQUEST_LOG_BYTES, Math.floor((options.maxDataBytes ?? IN_MEMORY_MAX_BYTES) / 4));

/** How the CLI reads an option's text (flag or environment variable) into its value. */
type OptionKind = 'text' | 'integer' | 'list' | 'switch';

/**
 * One option, for both ways to start the sandbox: `startSandbox`'s field, the CLI's flag and
 * environment variable, the help line, and the check both apply, so the two cannot disagree.
 */
export interface StartOption {
  /** The field of {@link SandboxOptions}; none for the CLI's switches that set a field their own way (a switch with one sets it true). */
  key?: keyof SandboxOptions;
  /** The CLI flag, without its dashes. */
  flag: string;
  /** The environment variable the CLI reads when the flag is not given. */
  env?: string;
  kind: OptionKind;
  /** The flag's argument as the help shows it, such as `<n>`. */
  arg?: string;
  /** The help line, without the variable and the default. */
  help: string;
  /** startSandbox's default, also shown in the help. */
  default?: number | string;
  /** The CLI's own default where it differs from startSandbox's (the fixed ports a person expects). */
  cliDefault?: number;
  /** What is wrong with a given value, completing "<name> …" (the name is the flag or the field); undefined: nothing. */
  problem?: (value: never, options: SandboxOptions) => string | undefined;
  /** Never echo the value in a message: it is a credential. */
  secret?: boolean;
}

const wholeNumber = (min: number) => (value: number) =>
  Number.isInteger(value) && value >= min ? undefined : `must be a whole number of at least ${min}`;
const port = (value: number) =>
  Number.isInteger(value) && value >= 0 && value <= 65535 ? undefined : 'must be a port number from 0 to 65535';

/** Every option of the CLI and startSandbox, in the help's order. */
export const START_OPTIONS: readonly StartOption[] = [
  {
    key: 'host',
    flag: 'host',
    env: 'GATEWAY_SANDBOX_HOST',
    kind: 'text',
    arg: '<addr>',
    help: 'interface to bind',
    default: '127.0.0.1',
  },
  {
    key: 'port',
    flag: 'port',
    env: 'GATEWAY_SANDBOX_PORT',
    kind: 'integer',
    arg: '<n>',
    help: 'API port',
    default: 0,
    cliDefault: 4010,
    problem: port,
  },
  {
    key: 'challengePort',
    flag: 'challenge-port',
    env: 'GATEWAY_SANDBOX_CHALLENGE_PORT',
    kind: 'integer',
    arg: '<n>',
    help: 'challenge origin port',
    default: 0,
    cliDefault: 4011,
    problem: port,
  },
  {
    key: 'token',
    flag: 'token',
    env: 'GATEWAY_SANDBOX_TOKEN',
    kind: 'text',
    arg: '<token>',
    help: "the merchant's bearer token",
    default: 'random',
    secret: true,
  },
  {
    key: 'webhookSecret',
    flag: 'webhook-secret',
    env: 'GATEWAY_SANDBOX_WEBHOOK_SECRET',
    kind: 'text',
    arg: '<secret>',
    help: "the merchant's webhook signing secret, 16 characters or more",
    default: "the data file's, else random",
    // A short key would make every signature guessable.
    problem: (value: string) => (value.length >= 16 ? undefined : 'must be at least 16 characters'),
    secret: true,
  },
  {
    key: 'dataFile',
    flag: 'data',
    env: 'GATEWAY_SANDBOX_DATA',
    kind: 'text',
    arg: '<file>',
    help: 'SQLite file to keep data across restarts',
    default: 'in memory',
  },
  {
    key: 'maxDataBytes',
    flag: 'max-data',
    env: 'GATEWAY_SANDBOX_MAX_DATA',
    kind: 'integer',
    arg: '<bytes>',
    help: `most data kept, at least ${MIN_DATA_BYTES}; past it a write answers 507`,
    default: `${IN_MEMORY_MAX_BYTES} in memory, which is also the most memory holds; none with a data file`,
    problem: (value: number, options) =>
      wholeNumber(MIN_DATA_BYTES)(value) ??
      (!options.dataFile && value > IN_MEMORY_MAX_BYTES
        ? `must be at most ${IN_MEMORY_MAX_BYTES} in memory (a data file may hold more)`
        : undefined),
  },
  {
    key: 'requestLogEntries',
    flag: 'request-log-entries',
    env: 'GATEWAY_SANDBOX_REQUEST_LOG_ENTRIES',
    kind: 'integer',
    arg: '<n>',
    help: "most requests the console's request log keeps, the oldest going first; 0 keeps none",
    default: 10_000,
    problem: wholeNumber(0),
  },
  {
    key: 'requestLogBytes',
    flag: 'request-log-bytes',
    env: 'GATEWAY_SANDBOX_REQUEST_LOG_BYTES',
    kind: 'integer',
    arg: '<bytes>',
    help: 'most bytes the request log keeps, bodies included, at most half of --max-data',
    default: `${DEFAULT_REQUEST_LOG_BYTES}, or a quarter of --max-data when that is less`,
    problem: (value: number, options) =>
      wholeNumber(65_536)(value) ??
      (options.maxDataBytes !== undefined && value > options.maxDataBytes / 2
        ? `must be at most half of the data limit (${Math.floor(options.maxDataBytes / 2)})`
        : undefined),
  },
  {
    key: 'corsOrigins',
    flag: 'cors-origin',
    env: 'GATEWAY_SANDBOX_CORS_ORIGINS',
    kind: 'list',
    arg: '<origin>',
    help: 'allow only these origins, comma separated or repeated',
    default: 'any',
  },
  {
    key: 'merchantCorsOrigins',
    flag: 'merchant-cors-origin',
    env: 'GATEWAY_SANDBOX_MERCHANT_CORS_ORIGINS',
    kind: 'list',
    arg: '<origin>',
    help: 'let these origins call the merchant (bearer-token) endpoints from a browser, comma separated or repeated',
    default: 'none',
  },
  {
    key: 'maxBodyBytes',
    flag: 'max-body',
    env: 'GATEWAY_SANDBOX_MAX_BODY',
    kind: 'integer',
    arg: '<bytes>',
    help: 'largest request body',
    default: 65_536,
    problem: wholeNumber(1024),
  },
  {
    key: 'shutdownGraceMs',
    flag: 'shutdown-grace',
    env: 'GATEWAY_SANDBOX_SHUTDOWN_GRACE',
    kind: 'integer',
    arg: '<ms>',
    help: 'how long SIGTERM / SIGINT let requests in flight finish',
    default: 5_000,
    problem: wholeNumber(0),
  },
  {
    key: 'headersTimeoutMs',
    flag: 'headers-timeout',
    env: 'GATEWAY_SANDBOX_HEADERS_TIMEOUT',
    kind: 'integer',
    arg: '<ms>',
    help: 'time a client has to send its request headers',
    default: DEFAULT_LIMITS.headersTimeoutMs,
    problem: wholeNumber(1),
  },
  {
    key: 'requestTimeoutMs',
    flag: 'request-timeout',
    env: 'GATEWAY_SANDBOX_REQUEST_TIMEOUT',
    kind: 'integer',
    arg: '<ms>',
    help: 'time a client has to send its whole request',
    default: DEFAULT_LIMITS.requestTimeoutMs,
    problem: wholeNumber(1),
  },
  {
    key: 'keepAliveTimeoutMs',
    flag: 'keep-alive-timeout',
    env: 'GATEWAY_SANDBOX_KEEP_ALIVE_TIMEOUT',
    kind: 'integer',
    arg: '<ms>',
    help: 'idle time before a keep-alive connection closes',
    default: DEFAULT_LIMITS.keepAliveTimeoutMs,
    problem: wholeNumber(1),
  },
  {
    key: 'maxConnections',
    flag: 'max-connections',
    env: 'GATEWAY_SANDBOX_MAX_CONNECTIONS',
    kind: 'integer',
    arg: '<n>',
    help: 'open connections per server',
    default: DEFAULT_LIMITS.maxConnections,
    problem: wholeNumber(1),
  },
  {
    key: 'logFormat',
    flag: 'log-format',
    env: 'GATEWAY_SANDBOX_LOG_FORMAT',
    kind: 'text',
    arg: '<text|json>',
    help: 'request log lines as text, or one JSON object per line',
    default: 'text',
    problem: (value: string) => (LOG_FORMATS.includes(value as LogFormat) ? undefined : 'must be text or json'),
  },
  {
    key: 'strict',
    flag: 'strict',
    env: 'GATEWAY_SANDBOX_STRICT',
    kind: 'switch',
    help: 'refuse (40003) unknown and read-only fields of a request body, instead of ignoring and naming them; the variable takes 1 or true',
  },
  { flag: 'no-pci', kind: 'switch', help: 'the merchant has not completed PCI homologation (clear card data refused)' },
  { flag: 'quiet', kind: 'switch', help: 'no request log lines' },
];

/** startSandbox's default of an option of the table. */
export const defaultOf = (key: keyof SandboxOptions): number | string | undefined =>
  START_OPTIONS.find((o) => o.key === key)?.default;

/**
 * The first problem of the given options, named by `nameOf` (the CLI's flag, startSandbox's
 * field), with the value unless it is a credential; undefined when every option is right.
 */
export function optionProblem(
  options: SandboxOptions,
  nameOf: (option: StartOption) => string,
  shown: (option: StartOption, value: unknown) => string = (_, value) => String(value),
): string | undefined {
  for (const option of START_OPTIONS) {
    if (!option.key || !option.problem) continue;
    const value = options[option.key];
    if (value === undefined) continue;
    const problem = option.problem(value as never, options);
    if (problem) return `${nameOf(option)} ${problem}${option.secret ? '' : `, got ${shown(option, value)}`}`;
  }
  return undefined;
}
