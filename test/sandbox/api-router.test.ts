import { ConsoleViews } from '../../src/sandbox/journal/console-views';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../src/sandbox/app';
import type { AppEnv, SandboxDeps } from '../../src/sandbox/app-env';
import { ApiError } from '../../src/sandbox/http/api-error';
import { defineRoute } from '../../src/sandbox/http/route';
import { SandboxClock } from '../../src/sandbox/clock';
import { MerchantStore } from '../../src/sandbox/merchants/merchant-store';
import { mountRoutes } from '../../src/sandbox/routes/mount-routes';
import { routeTable } from '../../src/sandbox/routes/route-table';
import { ConsoleAccess } from '../../src/sandbox/console/console-access';
import { buildJournal, buildServices } from '../../src/sandbox/services';
import { openDatabase, type Db } from '../../src/sandbox/storage/database';
import { migrate } from '../../src/sandbox/storage/migrations';
import { SCHEMA_MIGRATIONS } from '../../src/sandbox/storage/schema-migrations';
import { WebhookDispatcher } from '../../src/sandbox/webhooks/webhook-dispatcher';
import { WebhookOutbox } from '../../src/sandbox/webhooks/webhook-outbox';

let db: Db;
let deps: SandboxDeps;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-router-'));
  for (const file of ['gateway.js', 'gateway-challenge.js', 'gateway-fields.js'])
    writeFileSync(join(dir, file), `/* ${file} */`);
  db = await openDatabase(undefined, []);
  migrate(db, SCHEMA_MIGRATIONS);
  const clock = new SandboxClock();
  const merchants = new MerchantStore(db);
  const journal = buildJournal(db, () => {}, { maxEntries: 100, maxBytes: 1024 ** 2 });
  const webhooks = new WebhookDispatcher(
    clock,
    () => {},
    new WebhookOutbox(db),
    () => undefined,
    {},
    journal.webhookHooks,
  );
  const services = buildServices({ db, clock, merchants, webhooks, journal, apiUrl: 'http://127.0.0.1:1' });
  deps = {
    ...services,
    consoleViews: new ConsoleViews({ ...services, clock }),
    clock,
    log: () => {},
    logRequest: () => {},
    apiUrl: 'http://127.0.0.1:1',
    challengeUrl: 'http://127.0.0.1:2',
    maxBodyBytes: 65_536,
    consoleAccess: new ConsoleAccess('127.0.0.1', 'http://127.0.0.1:1'),
    strict: false,
    sdkScriptPath: join(dir, 'gateway.js'),
  };
});
afterAll(() => {
  deps.webhooks.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the API app router', () => {
  it('serves each SDK script by its name, and no other name under /sdk/', async () => {
    const app = createApiApp(deps);
    for (const file of ['gateway.js', 'gateway-challenge.js', 'gateway-fields.js']) {
      const res = await app.request(`/sdk/${file}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(`/* ${file} */`);
    }
    for (const file of ['gateway-other.js', 'gateway-encrypt.js', 'gatewayjs', 'x-gateway.js'])
      expect((await app.request(`/sdk/${file}`)).status).toBe(404);
  });
});

describe('mountRoutes', () => {
  const body = z.strictObject({ name: z.string({ error: 'must be a name' }) });
  const query = z.strictObject({ page: z.optional(z.string()) });
  /** What each test handler saw: a handler that ran with bad input would show here. */
  const seen: unknown[] = [];
  const table = [
    defineRoute<z.infer<typeof body>>({
      operationId: 'createThing',
      method: 'post',
      path: '/things/{id}',
      origin: 'api',
      tag: 'Test',
      summary: 'A protected JSON route',
      security: 'bearer',
      idempotent: true,
      body: { contentType: 'application/json', required: true, schema: { name: 'Thing', schema: body } },
      responses: {},
      errors: [],
      handle: () => (c, input) => {
        seen.push({ id: c.req.param('id'), name: input.body.name, key: input.idempotencyKey });
        return c.json({ merchant: c.get('merchant').id }, 201);
      },
    }),
    defineRoute<undefined, z.infer<typeof query>>({
      operationId: 'listThings',
      method: 'get',
      path: '/things',
      origin: 'api',
      tag: 'Test',
      summary: 'An open route with a query',
      security: 'none',
      query,
      responses: {},
      errors: [],
      handle: () => (c, input) => c.json(input.query),
    }),
    defineRoute({
      operationId: 'challengeThing',
      method: 'get',
      path: '/things/other',
      origin: 'challenge',
      tag: 'Test',
      summary: "Another origin's route",
      security: 'none',
      responses: {},
      errors: [],
      handle: () => (c) => c.text('no'),
    }),
  ];
  const app = () => {
    const mounted = new Hono<AppEnv>();
    mountRoutes(mounted, deps, table, 'api');
    mounted.onError((err, c) => (err instanceof ApiError ? c.json(err.body, err.status) : c.text('failed', 500)));
    return mounted;
  };
  const TOKEN = 'mount-routes-token';
  const token = () => {
    deps.merchants.upsert({
      id: 'MERC_mount',
      name: 'Mount',
      token: TOKEN,
      pciHomologated: false,
      subMerchantEnabled: false,
      releasedMccs: [],
    });
    return TOKEN;
  };

  it("mounts each route of its origin at its method and path, the table's order kept", () => {
    expect(app().routes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'ALL /things/:id',
      'POST /things/:id',
      'GET /things',
    ]);
  });

  it('hands the handler the validated body and the idempotency key', async () => {
    seen.length = 0;
    const res = await app().request('/things/7', {
      method: 'POST',
      headers: { authorization: `Bearer ${token()}`, 'content-type': 'application/json', 'x-idempotency-key': 'k-1' },
      body: JSON.stringify({ name: 'lamp' }),
    });
    expect(res.status).toBe(201);
    expect(seen).toEqual([{ id: '7', name: 'lamp', key: 'k-1' }]);
  });

  it('answers 400 naming each field before the handler runs, after the token and the key', async () => {
    seen.length = 0;
    const post = (headers: Record<string, string>, payload: unknown) =>
      app().request('/things/7', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(payload),
      });
    const invalid = await post({ authorization: `Bearer ${token()}` }, { name: 3, extra: true });
    expect(invalid.status).toBe(400);
    // Out of strict mode an unknown field is dropped and named, and the rest still checked.
    expect(((await invalid.json()) as { error_messages: unknown }).error_messages).toEqual([
      { code: '40002', parameter_name: 'name', description: 'name must be a name' },
    ]);
    expect(invalid.headers.get('x-gateway-ignored-fields')).toBe('extra');
    expect((await post({}, { name: 3 })).status).toBe(401);
    const badKey = await post({ authorization: `Bearer ${token()}`, 'x-idempotency-key': 'a b' }, { name: 3 });
    expect(
      ((await badKey.json()) as { error_messages: Array<{ parameter_name: string }> }).error_messages[0],
    ).toMatchObject({ parameter_name: 'x-idempotency-key' });
    expect(seen).toEqual([]);
  });

  it("checks a bearer path's token for every method, so an unknown caller learns none of them", async () => {
    expect((await app().request('/things/7', { method: 'DELETE' })).status).toBe(401);
  });

  it('parses the query, refusing a parameter given twice', async () => {
    expect(await (await app().request('/things?page=2')).json()).toEqual({ page: '2' });
    expect((await app().request('/things?page=2&page=3')).status).toBe(400);
    expect((await app().request('/things?other=1')).status).toBe(400);
  });

  it('the table names each operation once', () => {
    const ids = routeTable().map((r) => r.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
