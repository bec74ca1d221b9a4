import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnsupportedPathError } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../src/sandbox/app';
import type { SandboxDeps } from '../../src/sandbox/app-env';
import { SandboxClock } from '../../src/sandbox/clock';
import { MerchantStore } from '../../src/sandbox/merchants/merchant-store';
import { buildServices } from '../../src/sandbox/services';
import { openDatabase, type Db } from '../../src/sandbox/storage/database';
import { migrate } from '../../src/sandbox/storage/migrations';
import { SCHEMA_MIGRATIONS } from '../../src/sandbox/storage/schema-migrations';
import { WebhookDispatcher } from '../../src/sandbox/webhooks/webhook-dispatcher';
import { WebhookOutbox } from '../../src/sandbox/webhooks/webhook-outbox';

// hono picks its router when the first request comes: RegExpRouter, unless one route's pattern is
// one it cannot compile, and then TrieRouter for every route of the app (docs/performance.md). The
// provider's GET /charges/fees/calculate is one: RegExpRouter cannot have a literal segment beside
// the parameter of GET /charges/{id}. Every other route must still compile, so a pattern it refuses
// for a reason of ours (a capturing group in a parameter's regex) fails here.
let db: Db;
let deps: SandboxDeps;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-router-'));
  for (const file of ['gateway.js', 'gateway-challenge.js', 'gateway-encrypt.js'])
    writeFileSync(join(dir, file), `/* ${file} */`);
  db = await openDatabase(undefined, []);
  migrate(db, SCHEMA_MIGRATIONS);
  const clock = new SandboxClock();
  const merchants = new MerchantStore(db);
  const webhooks = new WebhookDispatcher(
    clock,
    () => {},
    new WebhookOutbox(db),
    () => undefined,
  );
  deps = {
    ...buildServices({ db, clock, merchants, webhooks, apiUrl: 'http://127.0.0.1:1' }),
    clock,
    log: () => {},
    logRequest: () => {},
    apiUrl: 'http://127.0.0.1:1',
    challengeUrl: 'http://127.0.0.1:2',
    maxBodyBytes: 65_536,
    sdkScriptPath: join(dir, 'gateway.js'),
  };
});
afterAll(() => {
  deps.webhooks.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the API app router', () => {
  it("every route pattern but the provider's fees path is one hono's RegExpRouter compiles", () => {
    const routes = createApiApp(deps).routes.map((r) => [r.method, r.path] as const);
    const compiles = (list: ReadonlyArray<readonly [string, string]>) => {
      const router = new RegExpRouter<string>();
      try {
        for (const [method, path] of list) router.add(method, path, path);
        router.match('GET', '/');
        return true;
      } catch (error) {
        if (error instanceof UnsupportedPathError) return false;
        throw error;
      }
    };
    expect(compiles(routes.filter(([, path]) => path !== '/charges/fees/calculate'))).toBe(true);
    expect(compiles(routes)).toBe(false);
  });

  it('serves each SDK script by its name, and no other name under /sdk/', async () => {
    const app = createApiApp(deps);
    for (const file of ['gateway.js', 'gateway-challenge.js', 'gateway-encrypt.js']) {
      const res = await app.request(`/sdk/${file}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(`/* ${file} */`);
    }
    for (const file of ['gateway-other.js', 'gateway-challenge-encrypt.js', 'gatewayjs', 'x-gateway.js'])
      expect((await app.request(`/sdk/${file}`)).status).toBe(404);
  });
});
