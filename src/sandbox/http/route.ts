import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv, SandboxDeps } from '../app-env';
import type { ApiError } from './api-error';
import type { Parsed } from './parse-with-schema';
import type { JsonSchema } from '../openapi/json-fragments';
import { toJsonSchema } from '../openapi/to-json-schema';

/** Which server answers: the API origin or the challenge origin. */
export type Origin = 'api' | 'challenge';
/** How a route is authorised: the merchant's bearer token, the SDK session header, or nothing. */
type Security = 'bearer' | 'session' | 'none';

/** A zod schema and the component name it gets in the document. */
export interface NamedSchema {
  name: string;
  schema: z.ZodMiniType;
}

/** A path, query or header parameter as the document shows it. */
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  /** Absent only for a schema's field with neither a registered sentence nor a rule's. */
  description?: string;
  schema: JsonSchema;
  example?: unknown;
}

/** One answer of a route, by status code. */
export interface Answer {
  description: string;
  /** Media type of the body; absent for no body. `json` bodies are validated against `schema`. */
  contentType?:
    | 'application/json'
    | 'application/pdf'
    | 'image/png'
    | 'text/html'
    | 'text/javascript'
    | 'text/css'
    | 'text/event-stream';
  schema?: NamedSchema;
  /** Other media types the same status may have, without a schema (the boleto's PNG beside its PDF, a QR code's base64 text beside its PNG). */
  alsoContentTypes?: Array<'image/png' | 'text/plain'>;
  /** The same status may also be the error body (a request the route refuses before its page). */
  orError?: boolean;
  /** Headers this answer carries besides x-trace-id (which every answer has). */
  headers?: Record<string, { description: string; required: boolean; schema: JsonSchema }>;
}

/** What a handler receives, already read and validated by mountRoutes (routes/mount-routes.ts). */
interface RouteInput<B, Q, P> {
  /** The JSON body as its schema (or `parse`) returns it; undefined for a route without one or with a form body. */
  body: B;
  /** The JSON body as sent: idempotency compares it, not the parsed value. */
  raw: Record<string, unknown>;
  query: Q;
  /** The path parameters as the entry's `params` schema returns them. */
  params: P;
  /** The x-idempotency-key of an `idempotent` route; undefined when not sent. */
  idempotencyKey: string | undefined;
}

/** Answers one request; what goes wrong is thrown as an ApiError. */
type RouteHandler<B = unknown, Q = unknown, P = unknown> = (
  c: Context<AppEnv>,
  input: RouteInput<B, Q, P>,
) => Response | Promise<Response>;

/** The request body: the document's view and the check mountRoutes makes before the handler runs. */
interface RouteBody<B> {
  contentType: 'application/json' | 'application/x-www-form-urlencoded';
  /** Whether a body must be sent; a JSON body left out of a route that does not require one reads as `{}`. */
  required: boolean;
  schema: NamedSchema;
  /** `example` is the one the contract tests send; `examples`, when given, are what the document shows instead (named, each valid). */
  example?: unknown;
  examples?: Record<string, { summary: string; value: unknown }>;
  /**
   * For a JSON body whose rules go beyond its schema (the clock, one field's rule depending on
   * another): the check instead of `parseWithSchema(schema, raw)` (raw's nulls already dropped: docs/rules.md#null-means-not-given). Form bodies are
   * the challenge pages' own: they name the challenge, which the handler looks up first.
   */
  parse?: (raw: Record<string, unknown>, deps: SandboxDeps) => Parsed<B>;
}

/** The path parameters: the document's view and the check mountRoutes makes before the handler runs. */
export interface RouteParams<P> {
  /** A z.strictObject of the path's parameters, each with its description (zod's global registry). */
  schema: z.ZodMiniType<P>;
  /**
   * What a path the schema refuses is answered: the route's own 404 for an unknown resource, so a
   * malformed id reads as one that names nothing. Checked last, just before the handler, where the
   * handler's lookup answered it before.
   */
  refused: () => ApiError;
}

/**
 * One route: what the OpenAPI document says of it and what answers it. The route table
 * (routes/route-table.ts) lists every one; mountRoutes puts them on the apps.
 */
export interface Route<B = unknown, Q = unknown, P = unknown> {
  operationId: string;
  method: 'get' | 'post' | 'put';
  /** OpenAPI path template (`/orders/{id}`). */
  path: string;
  /** The hono pattern, when a parameter is narrowed by a regex (`/sdk/:file{gateway\.js}`); else derived from `path`. */
  pattern?: string;
  origin: Origin;
  tag: string;
  summary: string;
  description?: string;
  security: Security;
  /**
   * Parameters the schemas below do not give (a path parameter narrowed by `pattern`); defineRoute
   * puts those of `params` and `query` before them.
   */
  parameters?: Parameter[];
  params?: RouteParams<P>;
  /**
   * The query's schema: mountRoutes parses the query with it (a parameter given twice is an array,
   * so refused); the document's query parameters are its fields, each with its description and
   * example (zod's global registry).
   */
  query?: z.ZodMiniType<Q>;
  body?: RouteBody<B>;
  /** Answers by status code; an error status with no entry gets the error body. */
  responses: Record<string, Answer>;
  /** Error statuses the route can answer (the error body with x-trace-id). */
  errors: number[];
  /** Whether the route accepts x-idempotency-key (read, and refused when malformed, before the body). */
  idempotent?: boolean;
  /** Builds the handler once per app, from the sandbox's services. */
  handle: (deps: SandboxDeps) => RouteHandler<B, Q, P>;
}

/**
 * The parameters of a path or query schema (a zod object), as the document shows them: one per
 * field, required unless z.optional or defaulted, its schema the field's input side (what a client
 * may send), its description and example the ones registered on the field (http/described.ts),
 * else the sentence of its rule.
 */
export function schemaParameters(schema: z.ZodMiniType | undefined, where: 'path' | 'query'): Parameter[] {
  if (!schema) return [];
  const object = toJsonSchema(schema, 'form');
  const shape = (schema as unknown as { _zod: { def: { shape: Record<string, z.ZodMiniType> } } })._zod.def.shape;
  const required = (object.required as string[] | undefined) ?? [];
  return Object.entries(object.properties as Record<string, JsonSchema>).map(([name, property]) => {
    const { description: rule, example: _, ...fieldSchema } = property;
    const field = shape[name]!;
    const inner = (field._zod.def as { innerType?: z.ZodMiniType }).innerType;
    const meta = z.globalRegistry.get(field) ?? (inner && z.globalRegistry.get(inner));
    // The registered sentence, else the field rule's own: the parameter's description, not its schema's.
    const description = meta?.description ?? (rule as string | undefined);
    return {
      name,
      in: where,
      required: required.includes(name),
      ...(description && { description }),
      schema: fieldSchema,
      ...(meta?.example !== undefined && { example: meta.example }),
    };
  });
}

/**
 * Types an entry's handler by its body, query and path parameters, and lists it among the others:
 * a handler receives the validated input of its own route, which the table, holding every kind,
 * cannot say. The entry's `parameters` gain those of its `params` and `query` schemas, first.
 */
export const defineRoute = <B = undefined, Q = undefined, P = undefined>(route: Route<B, Q, P>): Route =>
  ({
    ...route,
    parameters: [
      ...schemaParameters(route.params?.schema, 'path'),
      ...schemaParameters(route.query, 'query'),
      ...(route.parameters ?? []),
    ],
  }) as unknown as Route;
