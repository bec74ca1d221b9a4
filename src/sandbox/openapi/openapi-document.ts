import type * as z from 'zod/mini';
import { TRACE_HEADER } from '../../core/trace-id';
import { IGNORED_FIELDS_HEADER } from '../http/ignored-fields';
import type { JsonSchema } from './json-fragments';
import { toJsonSchema, type Side } from './to-json-schema';
import type { NamedSchema, Route } from '../http/route';
import { ERROR_SCHEMA, SESSION_HEADER_NAME, routeTable } from '../routes/route-table';

/** The header naming the fields a merchant request's body had that the API ignored (docs/rules.md#unknown-fields). */
const IGNORED_FIELDS_DOC: JsonSchema = {
  description:
    'The fields of the request body the API ignored, as the provider ignores them (unknown, read-only, or meaningless ' +
    'for the payment type), comma separated, as paths (`charges[0].created_at,notification_url`). Absent when none ' +
    'was, and in strict mode (`--strict`), where each is refused with 40003.',
  required: false,
  schema: { type: 'string' },
};

/** What a merchant request's body says of the fields it does not list (docs/rules.md#unknown-fields). */
const OPEN_BODY_TEXT =
  'Properties not listed here are accepted and ignored, as the provider ignores them, at any depth, and named in ' +
  'the answer header `x-gateway-ignored-fields`. In strict mode (`--strict`) each is refused with 400 `40003`.';

/**
 * `schema` with every object open to properties it does not list: what a merchant request's body
 * is out of strict mode, where the API drops them rather than refusing the request.
 */
function openObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openObjects);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema))
    if (key !== 'additionalProperties' || value !== false) out[key] = openObjects(value);
  return out;
}

/** Where the document says the two origins are. The committed copy uses the CLI's default ports. */
export interface DocumentServers {
  apiUrl: string;
  challengeUrl: string;
}

/** The addresses of `npm run sandbox` / `npx gateway-sandbox` without options: the committed docs/openapi.json says these. */
const DEFAULT_SERVERS: DocumentServers = {
  apiUrl: 'http://127.0.0.1:4010',
  challengeUrl: 'http://127.0.0.1:4011',
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input: each item names the parameter (`parameter_name`) and the rule it breaks.',
  401: 'Missing or wrong credentials (bearer token, or SDK session: 40102 means create a new session).',
  403: 'The challenge token does not open this authentication, or `parent` is not allowed.',
  404: "No such resource: an unknown id or transaction (on the merchant routes another account's id answers the same).",
  409: 'The resource is not in a state that allows this.',
  413: 'The body is too large.',
  415: 'The body is not of the media type the route takes.',
  422: 'A business rule refused the request (minimum amount, account settings, idempotency key reused with another body, ...).',
  500: 'The sandbox failed (its storage, say; sandbox card 4000000000005001 asks for it on purpose): quote x-trace-id.',
  507: "The sandbox's storage is full (its data limit, `--max-data` / `maxDataBytes`, or the disk): nothing of the request was stored.",
};

/** The 403 of a merchant route (docs/console.md#safety). */
const CONSOLE_COOKIE_REFUSED =
  "The console's cookie stood for the token, but came from another origin or under a name that is not the sandbox's own.";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The OpenAPI 3.1 document of the sandbox, generated from the route table and the zod schemas
 * the routes validate with. Deterministic: the same code gives the same bytes (docs/openapi.json).
 */
export function openApiDocument(servers: DocumentServers = DEFAULT_SERVERS): JsonSchema {
  const schemas: Record<string, JsonSchema> = {};
  const seen = new Map<string, z.ZodMiniType>();
  const seenOpen = new Map<string, boolean>();
  /** `open`: a merchant request's body, which takes fields it does not list. */
  const component = ({ name, schema }: NamedSchema, side: Side, open = false) => {
    const known = seen.get(name);
    if (known && known !== schema) {
      // Two schemas under one name would make the document lie about one of them: compare their output.
      if (JSON.stringify(toJsonSchema(known, side)) !== JSON.stringify(toJsonSchema(schema, side)))
        throw new Error(`openapi: two different schemas named ${name}`);
    }
    // One schema open on a merchant route and closed on an SDK one would be one name for two shapes.
    if (known && seenOpen.get(name) !== open)
      throw new Error(`openapi: ${name} is both open and closed to unknown fields`);
    if (!known) {
      seen.set(name, schema);
      seenOpen.set(name, open);
      const described = toJsonSchema(schema, side);
      schemas[name] = open ? (openObjects(described) as JsonSchema) : described;
    }
    return ref(name);
  };
  component(ERROR_SCHEMA, 'answer');

  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routeTable()) {
    const item = (paths[route.path] ??=
      route.origin === 'challenge'
        ? { servers: [{ url: servers.challengeUrl, description: 'The challenge origin' }] }
        : {});
    item[route.method] = operation(route, component);
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Gateway API (sandbox)',
      version: '0.1.0',
      summary: 'Orders, charges, boletos and 3-D Secure authentication, as the local sandbox serves them.',
      description:
        'Every error answers `{ "error_messages": [{ code, description, parameter_name }] }`: a 4xx for a ' +
        'request the sandbox refuses, a 500 when the sandbox itself fails (sandbox card 4000000000005001 asks ' +
        'for one on purpose), a 507 when its storage is full. Every answer carries `x-trace-id`. Card numbers ' +
        'and security codes are never answered. Guides: https://github.com/gateway-br/gateway-sdk/tree/main/docs',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: servers.apiUrl, description: 'The sandbox API' }],
    tags: [...new Set(routeTable().map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            "The merchant's token (`Authorization: Bearer <token>`); the sandbox prints it at start. A server secret.",
        },
        session: {
          type: 'apiKey',
          in: 'header',
          name: SESSION_HEADER_NAME,
          description: 'The SDK session of POST /checkout-sdk/sessions, sent by the SDK.',
        },
      },
      headers: {
        TraceId: {
          description:
            "The request's trace id: the x-trace-id sent when well formed, else a new one. Logged with the request.",
          required: true,
          schema: { type: 'string', minLength: 1 },
        },
      },
    },
  };
}

function operation(route: Route, component: (s: NamedSchema, side: Side, open?: boolean) => JsonSchema): JsonSchema {
  const parameters: JsonSchema[] = (route.parameters ?? []).map((p) => ({
    name: p.name,
    in: p.in,
    required: p.required,
    description: p.description,
    schema: p.schema,
    ...(p.example !== undefined && { example: p.example }),
  }));
  if (route.idempotent) {
    parameters.push({
      name: 'x-idempotency-key',
      in: 'header',
      required: false,
      description:
        'Names one request: a retry with the same key and body answers the first result (24 hours); another body under the key is 422.',
      schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
    });
  }
  if (route.origin === 'api') {
    parameters.push({
      name: TRACE_HEADER,
      in: 'header',
      required: false,
      description: 'Your own trace id for the request (a UUID); answered back.',
      schema: { type: 'string' },
    });
  }

  // A merchant request's body may carry fields the API ignores (out of strict mode): any answer names them.
  const ignoring = route.security === 'bearer' && route.body?.contentType === 'application/json';
  const ignoredHeader: Record<string, JsonSchema> = ignoring ? { [IGNORED_FIELDS_HEADER]: IGNORED_FIELDS_DOC } : {};
  const responses: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(route.responses)) {
    const headers: Record<string, JsonSchema> = {
      [TRACE_HEADER]: { $ref: '#/components/headers/TraceId' },
      ...ignoredHeader,
    };
    for (const [name, h] of Object.entries(answer.headers ?? {}))
      headers[name] = { description: h.description, required: h.required, schema: h.schema };
    const out: JsonSchema = { description: answer.description, headers };
    if (answer.contentType) {
      // Answers without a schema still say their media type; the error body is a component.
      const media: JsonSchema = answer.schema
        ? { schema: component(answer.schema, 'answer') }
        : answer.contentType === 'application/json'
          ? { schema: { type: 'object' } }
          : {};
      const content: JsonSchema = { [answer.contentType]: media };
      for (const type of answer.alsoContentTypes ?? []) content[type] = {};
      if (answer.orError) content['application/json'] = { schema: ref(ERROR_SCHEMA.name) };
      out.content = content;
    }
    responses[status] = out;
  }
  // Any route can fail inside (a write the storage refuses, say), or find the storage full: 500 and 507 are documented on every one.
  // A merchant route also answers 403 to the console's cookie sent from another origin or host.
  const consoleCookie = route.security === 'bearer' && !route.errors.includes(403);
  for (const status of [...route.errors, ...(consoleCookie ? [403] : []), 500, 507]) {
    if (responses[status]) continue;
    const content: JsonSchema = { 'application/json': { schema: ref(ERROR_SCHEMA.name) } };
    // The challenge origin answers an error page instead when the request accepts text/html (a browser).
    if (route.origin === 'challenge') content['text/html'] = {};
    responses[status] = {
      description: (status === 403 && consoleCookie ? CONSOLE_COOKIE_REFUSED : ERROR_TEXT[status]) ?? 'Error.',
      headers: { [TRACE_HEADER]: { $ref: '#/components/headers/TraceId' }, ...ignoredHeader },
      content,
    };
  }

  const op: JsonSchema = {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description && { description: route.description }),
    security: route.security === 'none' ? [] : [{ [route.security]: [] }],
    ...(parameters.length && { parameters }),
    responses,
  };
  if (route.body) {
    op.requestBody = {
      required: route.body.required,
      // The SDK's own endpoints take only what the SDK sends: their bodies stay closed in both modes.
      ...(ignoring && { description: OPEN_BODY_TEXT }),
      content: {
        [route.body.contentType]: {
          schema:
            route.body.contentType === 'application/json'
              ? component(route.body.schema, 'json', ignoring)
              : component(route.body.schema, 'form'),
          // OpenAPI allows example or examples, not both: the named examples when there are some.
          ...(route.body.examples
            ? { examples: route.body.examples }
            : route.body.example !== undefined && { example: route.body.example }),
        },
      },
    };
  }
  return op;
}
