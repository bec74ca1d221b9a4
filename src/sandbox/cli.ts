#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startSandbox, type SandboxOptions } from './server';
import { dataLimitOf, IN_MEMORY_MAX_BYTES, MIN_DATA_BYTES } from './storage/database';
import { DataFileOverLimitError, DataFileVersionError, SandboxDependencyError } from './storage/start-errors';

// Named the way it was started: `npm run sandbox` in this repository, the bin everywhere else.
const COMMAND = process.env.npm_lifecycle_event === 'sandbox' ? 'npm run sandbox --' : 'gateway-sandbox';

const HELP = `Usage: ${COMMAND} [options]

Starts the Gateway sandbox: the API and the challenge origin, on loopback by default.

Options (each also read from the environment variable shown):
  --host <addr>             interface to bind (GATEWAY_SANDBOX_HOST, default 127.0.0.1)
  --port <n>                API port (GATEWAY_SANDBOX_PORT, default 4010)
  --challenge-port <n>      challenge origin port (GATEWAY_SANDBOX_CHALLENGE_PORT, default 4011)
  --token <token>           the merchant's bearer token (GATEWAY_SANDBOX_TOKEN, default random)
  --webhook-secret <secret> the merchant's webhook signing secret, 16 characters or more
                            (GATEWAY_SANDBOX_WEBHOOK_SECRET, default the data file's, else random)
  --data <file>             SQLite file to keep data across restarts (GATEWAY_SANDBOX_DATA, default in memory)
  --max-data <bytes>        most data kept, at least 1048576; past it a write answers 507 (GATEWAY_SANDBOX_MAX_DATA,
                            default 1073741824 in memory, which is also the most memory holds; none with --data)
  --cors-origin <origin>    allow only these origins, comma separated or repeated (GATEWAY_SANDBOX_CORS_ORIGINS, default any)
  --merchant-cors-origin <origin>
                            let these origins call the merchant (bearer-token) endpoints from a browser,
                            comma separated or repeated (GATEWAY_SANDBOX_MERCHANT_CORS_ORIGINS, default none)
  --max-body <bytes>        largest request body (GATEWAY_SANDBOX_MAX_BODY, default 65536)
  --shutdown-grace <ms>     how long SIGTERM / SIGINT let requests in flight finish (GATEWAY_SANDBOX_SHUTDOWN_GRACE, default 5000)
  --headers-timeout <ms>    time a client has to send its request headers (GATEWAY_SANDBOX_HEADERS_TIMEOUT, default 10000)
  --request-timeout <ms>    time a client has to send its whole request (GATEWAY_SANDBOX_REQUEST_TIMEOUT, default 30000)
  --keep-alive-timeout <ms> idle time before a keep-alive connection closes (GATEWAY_SANDBOX_KEEP_ALIVE_TIMEOUT, default 5000)
  --max-connections <n>     open connections per server (GATEWAY_SANDBOX_MAX_CONNECTIONS, default 512)
  --log-format <text|json>  request log lines as text, or one JSON object per line (GATEWAY_SANDBOX_LOG_FORMAT, default text)
  --no-pci                  the merchant has not completed PCI homologation (clear card data refused)
  --quiet                   no request log lines
  -h, --help                this help
`;

function fail(message: string): never {
  console.error(`sandbox: ${message}\n\n${HELP}`);
  process.exit(2);
}

/** A whole number flag at least `min`, from the flag or its environment variable; undefined when neither is set. */
function count(value: string | undefined, name: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) fail(`${name} must be a whole number of at least ${min}, got "${value}"`);
  return n;
}

function port(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) fail(`${name} must be a port number from 0 to 65535, got "${value}"`);
  return n;
}

/** An environment variable, where set-but-empty (`GATEWAY_SANDBOX_PORT=`) means unset, as in a shell's `${X:-default}`. */
function fromEnv(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** A data file already past --max-data, said with the flag's name rather than the option's. */
const overLimit = ({ file, held, limit }: DataFileOverLimitError) =>
  `the data file ${file} already holds ${held} bytes, more than --max-data ${limit}: nothing could be written to it. ` +
  'Give a larger --max-data, or another --data file.';

/** ", up to 1024 MiB" for the ready banner; nothing without a limit. */
const storageLimit = (bytes: number | undefined) =>
  bytes === undefined ? '' : `, up to ${Number((bytes / 1024 ** 2).toFixed(1))} MiB`;

async function main(): Promise<void> {
  // biome-ignore lint/suspicious/noImplicitAnyLet: TypeScript types it from the assignment below (strict mode rejects an implicit any).
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'challenge-port': { type: 'string' },
        token: { type: 'string' },
        'webhook-secret': { type: 'string' },
        data: { type: 'string' },
        'max-data': { type: 'string' },
        'cors-origin': { type: 'string', multiple: true },
        'max-body': { type: 'string' },
        'merchant-cors-origin': { type: 'string', multiple: true },
        'shutdown-grace': { type: 'string' },
        'headers-timeout': { type: 'string' },
        'request-timeout': { type: 'string' },
        'keep-alive-timeout': { type: 'string' },
        'max-connections': { type: 'string' },
        'log-format': { type: 'string' },
        'no-pci': { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const v = parsed.values;
  if (v.help) {
    console.log(HELP);
    return;
  }
  const origins = (v['cors-origin'] ?? fromEnv('GATEWAY_SANDBOX_CORS_ORIGINS')?.split(',') ?? [])
    .flatMap((o) => o.split(','))
    .map((o) => o.trim())
    .filter(Boolean);
  const maxBody = v['max-body'] ?? fromEnv('GATEWAY_SANDBOX_MAX_BODY');
  if (maxBody !== undefined && !(Number.isInteger(Number(maxBody)) && Number(maxBody) >= 1024))
    fail(`--max-body must be a number of bytes of at least 1024, got "${maxBody}"`);
  const webhookSecret = v['webhook-secret'] ?? fromEnv('GATEWAY_SANDBOX_WEBHOOK_SECRET');
  if (webhookSecret !== undefined && webhookSecret.length < 16) fail('--webhook-secret must be at least 16 characters');
  const logFormat = v['log-format'] ?? fromEnv('GATEWAY_SANDBOX_LOG_FORMAT');
  if (logFormat !== undefined && logFormat !== 'text' && logFormat !== 'json')
    fail(`--log-format must be text or json, got "${logFormat}"`);
  const merchantOrigins = (
    v['merchant-cors-origin'] ??
    fromEnv('GATEWAY_SANDBOX_MERCHANT_CORS_ORIGINS')?.split(',') ??
    []
  )
    .flatMap((o) => o.split(','))
    .map((o) => o.trim())
    .filter(Boolean);
  // An empty --data is no file, as startSandbox takes an empty dataFile (and as an empty variable is unset).
  const dataFile = (v.data === '' ? undefined : v.data) ?? fromEnv('GATEWAY_SANDBOX_DATA');
  const maxData = count(v['max-data'] ?? fromEnv('GATEWAY_SANDBOX_MAX_DATA'), '--max-data', MIN_DATA_BYTES);
  if (maxData !== undefined && dataFile === undefined && maxData > IN_MEMORY_MAX_BYTES)
    fail(`--max-data is at most ${IN_MEMORY_MAX_BYTES} in memory; give a --data file to keep more`);
  const options: SandboxOptions = {
    host: v.host ?? fromEnv('GATEWAY_SANDBOX_HOST') ?? '127.0.0.1',
    port: port(v.port ?? fromEnv('GATEWAY_SANDBOX_PORT'), '--port', 4010),
    challengePort: port(v['challenge-port'] ?? fromEnv('GATEWAY_SANDBOX_CHALLENGE_PORT'), '--challenge-port', 4011),
    token: v.token ?? fromEnv('GATEWAY_SANDBOX_TOKEN'),
    webhookSecret,
    dataFile,
    maxDataBytes: maxData,
    corsOrigins: origins.length ? origins : undefined,
    maxBodyBytes: maxBody === undefined ? undefined : Number(maxBody),
    log: !v.quiet,
    merchant: v['no-pci'] ? { pciHomologated: false } : undefined,
    logFormat,
    merchantCorsOrigins: merchantOrigins.length ? merchantOrigins : undefined,
    shutdownGraceMs: count(v['shutdown-grace'] ?? fromEnv('GATEWAY_SANDBOX_SHUTDOWN_GRACE'), '--shutdown-grace', 0),
    headersTimeoutMs: count(v['headers-timeout'] ?? fromEnv('GATEWAY_SANDBOX_HEADERS_TIMEOUT'), '--headers-timeout', 1),
    requestTimeoutMs: count(v['request-timeout'] ?? fromEnv('GATEWAY_SANDBOX_REQUEST_TIMEOUT'), '--request-timeout', 1),
    keepAliveTimeoutMs: count(
      v['keep-alive-timeout'] ?? fromEnv('GATEWAY_SANDBOX_KEEP_ALIVE_TIMEOUT'),
      '--keep-alive-timeout',
      1,
    ),
    maxConnections: count(v['max-connections'] ?? fromEnv('GATEWAY_SANDBOX_MAX_CONNECTIONS'), '--max-connections', 1),
  };
  const sandbox = await startSandbox(options);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`sandbox: ${signal}, closing`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('sandbox: close failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Ready only once the signals are handled: a supervisor that stops it on seeing this line gets a clean close.
  console.log(`Gateway sandbox ready
  API:            ${sandbox.apiUrl}
  Challenge:      ${sandbox.challengeUrl}
  SDK script:     ${sandbox.sdkUrl}
  Bearer token:   ${sandbox.token}
  Webhook secret: ${sandbox.webhookSecret}
  Storage:        ${dataFile ?? 'in memory'}${storageLimit(dataLimitOf(dataFile, maxData))}
Press Ctrl+C to stop.`);
}

main().catch((error: unknown) => {
  if (error instanceof SandboxDependencyError || error instanceof DataFileVersionError)
    console.error(`sandbox: ${error.message}`);
  else if (error instanceof DataFileOverLimitError) console.error(`sandbox: ${overLimit(error)}`);
  else
    console.error(
      (error as { code?: unknown }).code === 'EADDRINUSE'
        ? `sandbox: the port is in use; pick another with --port / --challenge-port`
        : error,
    );
  process.exit(1);
});
