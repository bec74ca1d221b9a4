import type { Context, Handler, Hono } from 'hono';
import type { AppEnv, SandboxDeps } from '../app-env';
import { ApiError } from '../http/api-error';
import { readIdempotencyKey } from '../idempotency/idempotency-key';
import { IGNORED_FIELDS_HEADER, ignoredFieldsText, parseIgnoringUnknown } from '../http/ignored-fields';
import { parseWithSchema } from '../http/parse-with-schema';
import { readJsonObject } from '../http/read-json';
import { readOptionalJsonObject } from '../http/read-optional-json';
import { merchantAuth } from '../middleware/merchant-auth';
import { sessionAuth } from '../middleware/session-auth';
import type { Origin, Route } from '../http/route';

/** `/orders/{id}/pay` as hono writes it: `/orders/:id/pay`. */
const honoPath = (route: Route): string => route.pattern ?? route.path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Puts the table's routes of one origin on its app, in the table's order (hono takes
 * GET /charges/fees/calculate beside /charges/{id} only when the static path comes first).
 * Before a handler runs, in this order: the authorisation, the idempotency key, the JSON body
 * (415, malformed, then its schema or `parse`: a 400 naming each field; on a bearer route, out of
 * strict mode, unknown fields dropped and named in x-gateway-ignored-fields), the query, and the path
 * parameters (the entry's `refused`, where the handler's lookup of an unknown id answered before). The
 * merchant's token is checked for every method of a bearer path, so the merchant API says which
 * methods a path answers (405) only to a caller it knows; the SDK's session, per route.
 */
export function mountRoutes(app: Hono<AppEnv>, deps: SandboxDeps, routes: readonly Route[], origin: Origin): void {
  const bearer = merchantAuth(deps.merchants, deps.consoleAccess);
  const session = sessionAuth(deps.sessions, deps.merchants);
  const guarded = new Set<string>();
  for (const route of routes) {
    if (route.origin !== origin) continue;
    const path = honoPath(route);
    if (route.security === 'bearer' && !guarded.has(path)) {
      guarded.add(path);
      app.use(path, bearer);
    }
    const handler = route.handle(deps);
    const { body, query, params } = route;
    const json = body?.contentType === 'application/json' ? body : undefined;
    const parseBody = (raw: Record<string, unknown>) =>
      json?.parse ? json.parse(raw, deps) : parseWithSchema(json!.schema.schema, raw);
    const tolerant = route.security === 'bearer';
    /** The query and the path checked, then the handler: what runs once the body, if any, is read. */
    const answer = (c: Context<AppEnv>, raw: Record<string, unknown>, value: unknown, key: string | undefined) => {
      let queried: unknown;
      if (query) {
        // A parameter given twice is refused rather than one of its values picked at random.
        const sent = Object.entries(c.req.queries()).map(([name, values]) => [
          name,
          values.length === 1 ? values[0] : values,
        ]);
        const parsed = parseWithSchema(query, Object.fromEntries(sent));
        if (!parsed.ok) throw new ApiError(400, parsed.errors);
        queried = parsed.value;
      }
      let pathParams: unknown;
      if (params) {
        const parsed = params.schema.safeParse(c.req.param());
        if (!parsed.success) throw params.refused();
        pathParams = parsed.data;
      }
      return handler(c, { body: value, raw, query: queried, params: pathParams, idempotencyKey: key });
    };
    const keyOf = (c: Context<AppEnv>) => (route.idempotent ? readIdempotencyKey(c) : undefined);
    // A route without a JSON body answers without an async frame.
    const run: Handler<AppEnv> = json
      ? async (c) => {
          const key = keyOf(c);
          const raw = await (json.required ? readJsonObject(c) : readOptionalJsonObject(c));
          // The merchant API ignores what the provider ignores, unless strict; the SDK's own
          // endpoints take only what the SDK sends.
          const { parsed, ignored } =
            tolerant && !deps.strict ? parseIgnoringUnknown(parseBody, raw) : { parsed: parseBody(raw), ignored: [] };
          if (ignored.length) {
            c.set('ignoredFields', ignored);
            c.header(IGNORED_FIELDS_HEADER, ignoredFieldsText(ignored));
          }
          if (!parsed.ok) throw new ApiError(400, parsed.errors);
          return answer(c, raw, parsed.value, key);
        }
      : (c) => answer(c, {}, undefined, keyOf(c));
    const method = route.method.toUpperCase();
    if (route.security === 'session') app.on(method, path, session, run);
    else app.on(method, path, run);
  }
}
