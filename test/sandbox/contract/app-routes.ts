import { createApiApp } from '../../../src/sandbox/app';
import type { SandboxDeps } from '../../../src/sandbox/app-env';
import { createChallengeApp } from '../../../src/sandbox/challenge/challenge-app';
import { SandboxClock } from '../../../src/sandbox/clock';
import { buildServices } from '../../../src/sandbox/services';
import { MerchantStore } from '../../../src/sandbox/merchants/merchant-store';
import { openDatabase } from '../../../src/sandbox/storage/database';
import { migrate } from '../../../src/sandbox/storage/migrations';
import { SCHEMA_MIGRATIONS } from '../../../src/sandbox/storage/schema-migrations';
import { WebhookOutbox } from '../../../src/sandbox/webhooks/webhook-outbox';
import { WebhookDispatcher } from '../../../src/sandbox/webhooks/webhook-dispatcher';

/** `METHOD /path/{param}` of every route the two Hono apps register (middleware excluded). */
export async function registeredRoutes(): Promise<{ api: string[]; challenge: string[] }> {
  const db = await openDatabase(undefined, []);
  migrate(db, SCHEMA_MIGRATIONS);
  const clock = new SandboxClock();
  const log = () => {};
  const merchants = new MerchantStore(db);
  const webhooks = new WebhookDispatcher(clock, log, new WebhookOutbox(db), () => undefined);
  const deps: SandboxDeps = {
    ...buildServices({ db, clock, merchants, webhooks, apiUrl: 'http://127.0.0.1:1' }),
    clock,
    log,
    logRequest: () => {},
    apiUrl: 'http://127.0.0.1:1',
    challengeUrl: 'http://127.0.0.1:2',
    maxBodyBytes: 65_536,
    sdkScriptPath: '/nowhere/gateway.js',
  };
  const list = (routes: ReadonlyArray<{ method: string; path: string }>) =>
    [
      ...new Set(
        routes
          .filter((r) => r.method !== 'ALL')
          .map((r) => `${r.method} ${r.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`),
      ),
    ].sort();
  try {
    return { api: list(createApiApp(deps).routes), challenge: list(createChallengeApp(deps).routes) };
  } finally {
    deps.webhooks.close();
    db.close();
  }
}
