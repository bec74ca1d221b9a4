import { readFileSync, writeFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { openApiDocument } from '../../src/sandbox/openapi/openapi-document';
import { routeTable } from '../../src/sandbox/openapi/route-table';
import { registeredRoutes } from './contract/app-routes';

const COMMITTED = new URL('../../docs/openapi.json', import.meta.url);
const serialise = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;

describe('the OpenAPI document', () => {
  it('is committed as generated (npm run openapi rewrites docs/openapi.json)', () => {
    const generated = serialise(openApiDocument());
    if (process.env.OPENAPI_WRITE === '1') writeFileSync(COMMITTED, generated);
    const committed = readFileSync(COMMITTED, 'utf8');
    // One line that says what to do, rather than a diff of thousands of lines.
    if (committed !== generated) expect.fail('docs/openapi.json differs from the generated document: run `npm run openapi` and commit docs/openapi.json');
  });

  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(openApiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has every route the API and the challenge origin serve, and no other', async () => {
    const served = await registeredRoutes();
    const table = routeTable();
    const documented = (origin: 'api' | 'challenge') => [...new Set(table.filter((r) => r.origin === origin).map((r) => `${r.method.toUpperCase()} ${r.path}`))].sort();
    expect(documented('api')).toEqual(served.api);
    expect(documented('challenge')).toEqual(served.challenge);
  });

  it('documents every request header: Authorization and the session as security schemes, x-idempotency-key and x-trace-id as parameters', () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, { parameters?: Array<{ name: string }>; security: unknown[] }>>; components: { securitySchemes: Record<string, { name?: string; scheme?: string }> } };
    expect(doc.components.securitySchemes.bearer!.scheme).toBe('bearer');
    expect(doc.components.securitySchemes.session!.name).toBe('X-Gateway-Session');
    const names = (path: string, method: string) => doc.paths[path]![method]!.parameters?.map((p) => p.name) ?? [];
    expect(names('/orders', 'post')).toEqual(expect.arrayContaining(['x-idempotency-key', 'x-trace-id']));
    expect(names('/charges', 'post')).toContain('x-idempotency-key');
    expect(doc.paths['/checkout-sdk/3ds/authentications']!.post!.security).toEqual([{ session: [] }]);
    expect(doc.paths['/orders']!.post!.security).toEqual([{ bearer: [] }]);
  });
});

describe('the served document and reference page', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  it('GET /openapi.json is the document with this sandbox\'s addresses as servers', async () => {
    const res = await fetch(`${sandbox.apiUrl}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const served = (await res.json()) as { servers: Array<{ url: string }>; paths: Record<string, { servers?: Array<{ url: string }> }> };
    expect(served).toEqual(openApiDocument({ apiUrl: sandbox.apiUrl, challengeUrl: sandbox.challengeUrl }));
    expect(served.servers[0]!.url).toBe(sandbox.apiUrl);
    expect(served.paths['/challenge/host']!.servers![0]!.url).toBe(sandbox.challengeUrl);
  });

  it('GET /docs lists every operation, under a CSP that allows no script and only its own style', async () => {
    const res = await fetch(`${sandbox.apiUrl}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    const page = await res.text();
    expect(page).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)[^"<\s]*\.(js|css)/);
    for (const route of routeTable()) expect(page, route.operationId).toContain(`id="${route.operationId}"`);
  });
});
