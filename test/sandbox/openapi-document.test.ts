import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect } from 'vitest';
import { openApiDocument } from '../../src/sandbox/openapi/openapi-document';
import { routeTable } from '../../src/sandbox/routes/route-table';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import * as rules from '../../src/core/field-rules';
import { DATA_RULE_SCHEMAS } from '../../src/core/authentication-request';
import { ruleSchema } from '../../src/sandbox/openapi/json-fragments';
import { it } from './support/sandbox-test';

const COMMITTED = new URL('../../docs/openapi.json', import.meta.url);
const serialise = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;

describe('the OpenAPI document', () => {
  it('is committed as generated (npm run openapi rewrites docs/openapi.json)', () => {
    const generated = serialise(openApiDocument());
    if (process.env.OPENAPI_WRITE === '1') writeFileSync(COMMITTED, generated);
    const committed = readFileSync(COMMITTED, 'utf8');
    // One line that says what to do, rather than a diff of thousands of lines.
    if (committed !== generated)
      expect.fail(
        'docs/openapi.json differs from the generated document: run `npm run openapi` and commit docs/openapi.json',
      );
  });

  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(openApiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('says what every shared field rule accepts (a rule without a documented shape would be an untyped field)', () => {
    const named = [
      ...Object.entries(rules),
      ...Object.entries(rules.ADDRESS_RULES),
      ...DATA_RULE_SCHEMAS.map(([rule], i) => [`DATA_RULE_SCHEMAS[${i}]`, rule] as const),
    ].filter(
      ([, value]) => typeof value === 'object' && value !== null && 'test' in value && 'normalise' in value,
    ) as Array<[string, rules.FieldRule]>;
    expect(named.length).toBeGreaterThan(20);
    for (const [name, rule] of named) {
      const schema = ruleSchema(rule);
      expect(schema, name).toBeDefined();
      expect('type' in schema! || 'anyOf' in schema!, name).toBe(true);
    }
  });

  it('has request examples that its own schemas accept', () => {
    const doc = openApiDocument() as {
      components: unknown;
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<
                string,
                { schema: { $ref: string }; example?: unknown; examples?: Record<string, { value: unknown }> }
              >;
            };
          }
        >
      >;
    };
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    ajv.addSchema({ $id: 'doc', components: doc.components });
    let examples = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const media of Object.values(op.requestBody?.content ?? {})) {
          const listed = [
            ...(media.example === undefined ? [] : [media.example]),
            ...Object.values(media.examples ?? {}).map((e) => e.value),
          ];
          for (const example of listed) {
            examples++;
            const valid = ajv.validate({ $ref: `doc#${media.schema.$ref.slice(1)}` }, example);
            expect(valid, `${method} ${path}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
          }
        }
      }
    }
    expect(examples).toBeGreaterThan(8);
  });

  it('documents every request header: Authorization and the session as security schemes, x-idempotency-key and x-trace-id as parameters', () => {
    const doc = openApiDocument() as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string }>; security: unknown[] }>>;
      components: { securitySchemes: Record<string, { name?: string; scheme?: string }> };
    };
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
  it("GET /openapi.json is the document with this sandbox's addresses as servers", async ({ sandbox }) => {
    const res = await fetch(`${sandbox.apiUrl}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const served = (await res.json()) as {
      servers: Array<{ url: string }>;
      paths: Record<string, { servers?: Array<{ url: string }> }>;
    };
    expect(served).toEqual(openApiDocument({ apiUrl: sandbox.apiUrl, challengeUrl: sandbox.challengeUrl }));
    expect(served.servers[0]!.url).toBe(sandbox.apiUrl);
    expect(served.paths['/challenge/host']!.servers![0]!.url).toBe(sandbox.challengeUrl);
  });

  it('GET /docs lists every operation, under a CSP that allows no script and only its own style', async ({
    sandbox,
  }) => {
    const res = await fetch(`${sandbox.apiUrl}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    const page = await res.text();
    expect(page).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)[^"<\s]*\.(js|css)/);
    for (const route of routeTable()) expect(page, route.operationId).toContain(`id="${route.operationId}"`);
    // The one inline stylesheet is the one the CSP's hash allows, so a browser applies it.
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)![1]!;
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });

  it('GET /docs reads as prose: code spans as <code>, each schema a section a link lands on, result fields explained', async ({
    sandbox,
  }) => {
    const page = await (await fetch(`${sandbox.apiUrl}/docs`)).text();
    expect(page).not.toMatch(/<(p|td)>[^<]*`/);
    expect(page).toContain('<code>x-trace-id</code>');
    expect(page).toContain('<section id="schema-MerchantAuthentication">');
    expect(page).not.toContain('<details');
    const doc = openApiDocument({ apiUrl: sandbox.apiUrl, challengeUrl: sandbox.challengeUrl }) as unknown as {
      components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> };
    };
    for (const schema of ['Authentication', 'MerchantAuthentication'])
      for (const field of ['trans_status', 'eci', 'liability_shift', 'method_completion', 'challenge_window_size'])
        expect(doc.components.schemas[schema]!.properties[field]!.description, `${schema}.${field}`).toMatch(
          /^.{30,}$/,
        );
  });
});
