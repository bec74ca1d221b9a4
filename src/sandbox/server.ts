import { ConsoleViews } from './journal/console-views';
import { existsSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { createApiApp } from './app';
import type { AppEnv, SandboxDeps } from './app-env';
import { createChallengeApp } from './challenge/challenge-app';
import { SandboxClock } from './clock';
import { textRule } from '../core/field-rules';
import { MerchantStore } from './merchants/merchant-store';
import { pixKeyRule } from './pix/pix-key';
import { openDatabase } from './storage/database';
import { migrate } from './storage/migrations';
import { SCHEMA_MIGRATIONS } from './storage/schema-migrations';
import { buildJournal, buildServices } from './services';
import { ConsoleAccess } from './console/console-access';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher';
import { WebhookOutbox } from './webhooks/webhook-outbox';
import { logSink, NO_LOG, type Log } from './logging/log-sink';
import { resolveLimits, serverOptions, type ConnectionLimits } from './connections/connection-limits';
import { defaultOf, optionProblem, requestLogBytesOf, type SandboxOptions } from './sandbox-options';
import { trackConnections, type GracefulShutdown } from './connections/graceful-shutdown';

/** A running sandbox. */
export interface Sandbox {
  /** Base URL of the API, e.g. `http://127.0.0.1:4010`. */
  apiUrl: string;
  /** Base URL of the challenge origin. */
  challengeUrl: string;
  /** URL of the SDK's script-tag build, served by the API. */
  sdkUrl: string;
  /** The sandbox merchant's bearer token. */
  token: string;
  /** The sandbox merchant's webhook signing secret, as it is now (POST /sandbox/merchant/webhook-secret/rotate changes it). */
  readonly webhookSecret: string;
  /** The sandbox's clock: `clock.advance(ms)` moves time forward (sessions, expiries). */
  clock: SandboxClock;
  /** Adds another merchant account (for isolation tests) and returns its id, token and webhook secret. */
  addMerchant(settings?: SandboxOptions['merchant']): { id: string; token: string; webhookSecret: string };
  /** Changes a merchant account's settings; the sandbox merchant when no id is given. */
  configureMerchant(settings: NonNullable<SandboxOptions['merchant']>, id?: string): void;
  /**
   * Stops both servers and closes the database: idle connections close at once, requests in
   * flight get `shutdownGraceMs` to finish, then whatever is left is cut.
   */
  close(): Promise<void>;
}

const SANDBOX_MERCHANT_ID = 'MERC_sandbox';

/** A new account's settings unless told otherwise: PCI homologated, sub-merchant charges on, no released MCCs (the store's default installment rate). */
const DEFAULT_MERCHANT_SETTINGS = { pciHomologated: true, subMerchantEnabled: true, releasedMccs: [] as string[] };

const newToken = () => `sbx_${randomBytes(24).toString('base64url')}`;

/**
 * The settings as given, with the city trimmed and the Pix key normalised; throws on a city or a
 * Pix key that POST /sandbox/merchant/settings would refuse (docs/pix.md#account-settings).
 */
function checkedSettings<T extends SandboxOptions['merchant']>(settings: T, where: string): T {
  if (!settings) return settings;
  const checked = { ...settings };
  if (settings.merchantCity !== undefined) {
    const city = textRule(15, 'city name');
    checked.merchantCity = city.normalise(settings.merchantCity) as string;
    if (!city.test(checked.merchantCity)) throw new Error(`${where}: merchantCity ${city.message}`);
  }
  if (settings.pixKey !== undefined) {
    checked.pixKey = pixKeyRule.normalise(settings.pixKey) as string;
    if (!pixKeyRule.test(checked.pixKey)) throw new Error(`${where}: pixKey ${pixKeyRule.message}`);
  }
  return checked;
}

function sdkScriptPath(): string {
  const candidates = ['../gateway.js', '../../dist/gateway.js'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  return candidates.find((p) => existsSync(p)) ?? candidates[0]!;
}

/** A listening server and the shutdown that follows its connections. */
interface Listener {
  server: ServerType;
  shutdown: GracefulShutdown;
}

async function listen(
  app: () => Hono<AppEnv>,
  host: string,
  port: number,
  limits: Required<ConnectionLimits>,
): Promise<Listener> {
  return new Promise((resolve, reject) => {
    let shutdown: GracefulShutdown | undefined;
    let handled: ((req: Request, env: unknown) => Promise<Response>) | undefined;
    const server = serve(
      { fetch: (req, env) => handled!(req, env), hostname: host, port, serverOptions: serverOptions(limits) },
      () => resolve({ server, shutdown: shutdown! }),
    );
    // serve() returns the http.Server of createServer; the sandbox never asks for http2.
    const http = server as HttpServer;
    http.maxConnections = limits.maxConnections;
    shutdown = trackConnections(http);
    handled = shutdown.handler(async (req: Request, env: unknown) => app().fetch(req, env));
    server.once('error', reject);
  });
}

const urlOf = (server: ServerType, host: string) => {
  const { port } = server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
};

/** How often what expires in real time (a Pix code, a boleto's due date) is looked for, in ms. */
const EXPIRY_SWEEP_MS = 30_000;

/**
 * Starts the sandbox: the API and the challenge origin, each on its own port, with SQLite
 * storage. With no options it binds 127.0.0.1 on free ports, so tests can run several at once.
 */

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const problem = optionProblem(options, (option) => option.key!);
  if (problem) throw new Error(`startSandbox: ${problem}`);
  const host = options.host ?? (defaultOf('host') as string);
  const token = options.token ?? newToken();
  const limits = resolveLimits(options);
  const graceMs = options.shutdownGraceMs ?? (defaultOf('shutdownGraceMs') as number);
  const write: Log =
    typeof options.log === 'function' ? options.log : options.log ? (line) => console.log(line) : NO_LOG;
  const { log, logRequest } = logSink(write, options.logFormat);
  const maxData = options.maxDataBytes;
  // Tables come from the versioned migrations, so an older data file is upgraded and a newer one refused.
  const db = await openDatabase(options.dataFile, [], maxData);
  let merchants: MerchantStore;
  try {
    migrate(db, SCHEMA_MIGRATIONS);
    merchants = new MerchantStore(db);
    // A write like any other: on a data file that is full it fails, and the file is closed again.
    merchants.upsert({
      id: SANDBOX_MERCHANT_ID,
      name: 'Loja de testes do sandbox',
      token,
      webhookSecret: options.webhookSecret,
      ...DEFAULT_MERCHANT_SETTINGS,
      ...checkedSettings(options.merchant, 'startSandbox'),
    });
  } catch (error) {
    db.close();
    throw error;
  }

  let api: Hono<AppEnv> | undefined;
  let challenge: Hono<AppEnv> | undefined;
  let apiListener: Listener | undefined;
  let challengeListener: Listener;
  try {
    apiListener = await listen(() => api!, host, options.port ?? (defaultOf('port') as number), limits);
    challengeListener = await listen(
      () => challenge!,
      host,
      options.challengePort ?? (defaultOf('challengePort') as number),
      limits,
    );
  } catch (error) {
    if (apiListener) await apiListener.shutdown.close(0);
    db.close();
    throw error;
  }
  const listeners = [apiListener, challengeListener];
  const apiServer = apiListener.server;
  const challengeServer = challengeListener.server;
  const clock = new SandboxClock();
  const apiUrl = urlOf(apiServer, host);
  // Tokens are stored hashed; the x-authenticity-token of a delivery needs the token itself, which
  // only this run knows: the one it was started with, and those addMerchant made.
  const tokens = new Map([[SANDBOX_MERCHANT_ID, token]]);
  const outbox = new WebhookOutbox(db);
  // Before the dispatcher, which tells it of every delivery attempt.
  const journal = buildJournal(
    db,
    log,
    {
      maxEntries: options.requestLogEntries ?? (defaultOf('requestLogEntries') as number),
      maxBytes: requestLogBytesOf(options),
    },
    options.journal ?? true,
  );
  const webhooks = new WebhookDispatcher(
    clock,
    log,
    outbox,
    (id) => {
      const secret = merchants.get(id)?.webhookSecret;
      const merchantToken = tokens.get(id);
      return secret === undefined || merchantToken === undefined
        ? undefined
        : { webhookSecret: secret, token: merchantToken };
    },
    options.webhooks,
    journal.webhookHooks,
  );
  // The one place stores and services are built: both apps share them, and close() ends them all.
  const services = buildServices({ db, clock, merchants, webhooks, journal, apiUrl });
  const deps: SandboxDeps = {
    ...services,
    consoleViews: new ConsoleViews({ ...services, clock }),
    clock,
    log,
    logRequest,
    apiUrl,
    challengeUrl: urlOf(challengeServer, host),
    maxBodyBytes: options.maxBodyBytes ?? (defaultOf('maxBodyBytes') as number),
    strict: options.strict ?? false,
    corsOrigins: options.corsOrigins,
    merchantCorsOrigins: options.merchantCorsOrigins,
    consoleAccess: new ConsoleAccess(host, apiUrl, { merchantId: SANDBOX_MERCHANT_ID, token }),
    sdkScriptPath: sdkScriptPath(),
    answerLog: options.answerLog ?? (process.env.GATEWAY_SANDBOX_ANSWER_LOG || undefined),
  };
  api = createApiApp(deps);
  challenge = createChallengeApp(deps);
  // Deliveries an earlier run left pending (a data file) go out now, same event ids; those of a
  // sandbox from before the provider's notification format are rewritten in it first.
  deps.events.upgradeLegacyDeliveries(outbox);
  deps.webhooks.resume();
  // What falls due in the time the clock skips happens as it moves (docs/sandbox-operations.md#the-clock),
  // and what falls due in real time, within half a minute.
  const expire = (to: number) => {
    try {
      deps.clockExpiries.sweep(to);
    } catch (error) {
      log(`clock: expiries could not be applied (${error instanceof Error ? error.message : 'storage error'})`);
    }
  };
  const stopListening = clock.onAdvance((_from, to) => {
    expire(to);
    deps.webhooks.clockMoved();
  });
  const sweeper = setInterval(() => expire(clock.now().getTime()), EXPIRY_SWEEP_MS).unref();
  const stopSweeping = () => {
    stopListening();
    clearInterval(sweeper);
  };

  let closed: Promise<void> | undefined;
  return {
    apiUrl: deps.apiUrl,
    challengeUrl: deps.challengeUrl,
    sdkUrl: `${deps.apiUrl}/sdk/gateway.js`,
    token,
    get webhookSecret() {
      return merchants.get(SANDBOX_MERCHANT_ID)!.webhookSecret;
    },
    clock,
    addMerchant(extra = {}) {
      const id = `MERC_${randomBytes(8).toString('hex')}`;
      const t = newToken();
      tokens.set(id, t);
      const added = merchants.upsert({
        id,
        name: id,
        token: t,
        ...DEFAULT_MERCHANT_SETTINGS,
        ...checkedSettings(extra, 'addMerchant'),
      });
      return { id, token: t, webhookSecret: added.webhookSecret };
    },
    configureMerchant(patch, id = SANDBOX_MERCHANT_ID) {
      if (!merchants.update(id, checkedSettings(patch, 'configureMerchant'))) throw new Error(`No merchant ${id}`);
    },
    close() {
      // Open event streams end first, or each would hold the shutdown for its whole grace.
      stopSweeping();
      deps.journal.feed.close();
      deps.consoleAccess.close();
      closed ??= Promise.all(listeners.map((l) => l.shutdown.close(graceMs))).then(() => {
        // After the last request: a charge committed during the grace still queues its events,
        // and the request log writes what its last batch holds.
        deps.webhooks.close();
        deps.journal.close();
        db.close();
      });
      return closed;
    },
  };
}
