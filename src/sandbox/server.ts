import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { createApiApp } from './app';
import type { AppEnv, Log, SandboxDeps } from './app-env';
import { createChallengeApp } from './challenge/challenge-app';
import { SandboxClock } from './clock';
import { MerchantStore, merchantSchema, type Merchant } from './merchants/merchant-store';
import { openDatabase } from './storage/database';
import { publicKeySchema } from './public-keys/public-key-store';
import { sessionSchema } from './sessions/session-store';
import { authenticationSchema } from './three-ds/authentication-store';
import { cardVaultSchema } from './cards/card-vault';
import { challengeAttemptsSchema } from './challenge/challenge-attempts';
import { chargeSchema } from './charges/charge-store';
import { idempotencySchema } from './charges/idempotency';
import { WebhookDispatcher, type WebhookOptions } from './charges/webhooks';
import { orderSchema } from './orders/order-store';

/** Options of {@link startSandbox}. Every one is optional. */
export interface SandboxOptions {
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
  /** Origins allowed by CORS. Default: any origin. */
  corsOrigins?: string[];
  /** Largest request body in bytes. Default 65536. */
  maxBodyBytes?: number;
  /** `true` logs one line per request to stdout; a function receives the lines. Default off. */
  log?: boolean | Log;
  /** Settings of the sandbox merchant account. Default: PCI homologated, sub-merchant enabled. */
  merchant?: Partial<Pick<Merchant, 'pciHomologated' | 'subMerchantEnabled' | 'releasedMccs'>>;
  /** Notification deliveries: `retryDelaysMs` (default 1 s, 5 s, 30 s, 2 min, 10 min) and `attemptTimeoutMs` (default 5 s). */
  webhooks?: WebhookOptions;
}

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
  /** Stops both servers, waits for requests in flight, and closes the database. */
  close(): Promise<void>;
}

/** Every feature's table definitions, created on start. */
const SCHEMAS: string[] = [merchantSchema, sessionSchema, publicKeySchema, authenticationSchema, cardVaultSchema, challengeAttemptsSchema, orderSchema, chargeSchema, idempotencySchema];

export const SANDBOX_MERCHANT_ID = 'MERC_sandbox';

/** A new account's settings unless told otherwise: PCI homologated, sub-merchant charges on, no released MCCs. */
const DEFAULT_MERCHANT_SETTINGS = { pciHomologated: true, subMerchantEnabled: true, releasedMccs: [] as string[] };

const newToken = () => `sbx_${randomBytes(24).toString('base64url')}`;

function sdkScriptPath(): string {
  const candidates = ['../gateway.js', '../../dist/gateway.js'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  return candidates.find((p) => existsSync(p)) ?? candidates[0]!;
}

async function listen(app: () => Hono<AppEnv>, host: string, port: number): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: (req, env) => app().fetch(req, env), hostname: host, port }, () => resolve(server));
    server.once('error', reject);
  });
}

const urlOf = (server: ServerType, host: string) => {
  const { port } = server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
};

const close = (server: ServerType) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    // Keep-alive sockets of finished requests would hold close() open.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });

/**
 * Starts the sandbox: the API and the challenge origin, each on its own port, with SQLite
 * storage. With no options it binds 127.0.0.1 on free ports, so tests can run several at once.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? newToken();
  // A short key would make every signature guessable.
  if (options.webhookSecret !== undefined && options.webhookSecret.length < 16) throw new Error('startSandbox: webhookSecret must be at least 16 characters');
  const log: Log = typeof options.log === 'function' ? options.log : options.log ? (line) => console.log(line) : () => {};
  const db = await openDatabase(options.dataFile, SCHEMAS);
  const merchants = new MerchantStore(db);
  const settings = { ...DEFAULT_MERCHANT_SETTINGS, ...options.merchant };
  merchants.upsert({ id: SANDBOX_MERCHANT_ID, name: 'Sandbox merchant', token, webhookSecret: options.webhookSecret, ...settings });

  let api: Hono<AppEnv> | undefined;
  let challenge: Hono<AppEnv> | undefined;
  let apiServer: ServerType | undefined;
  let challengeServer: ServerType;
  try {
    apiServer = await listen(() => api!, host, options.port ?? 0);
    challengeServer = await listen(() => challenge!, host, options.challengePort ?? 0);
  } catch (error) {
    if (apiServer) await close(apiServer);
    db.close();
    throw error;
  }
  const servers = [apiServer, challengeServer];
  const clock = new SandboxClock();
  const deps: SandboxDeps = {
    db,
    clock,
    merchants,
    log,
    apiUrl: urlOf(apiServer, host),
    challengeUrl: urlOf(challengeServer, host),
    maxBodyBytes: options.maxBodyBytes ?? 65_536,
    corsOrigins: options.corsOrigins,
    sdkScriptPath: sdkScriptPath(),
    webhooks: new WebhookDispatcher(clock, log, options.webhooks),
  };
  api = createApiApp(deps);
  challenge = createChallengeApp(deps);

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
      const added = merchants.upsert({ id, name: id, token: t, ...DEFAULT_MERCHANT_SETTINGS, ...extra });
      return { id, token: t, webhookSecret: added.webhookSecret };
    },
    configureMerchant(patch, id = SANDBOX_MERCHANT_ID) {
      if (!merchants.update(id, patch)) throw new Error(`No merchant ${id}`);
    },
    close() {
      deps.webhooks.close();
      closed ??= Promise.all(servers.map(close)).then(() => {
        db.close();
      });
      return closed;
    },
  };
}
