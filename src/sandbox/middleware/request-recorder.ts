import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Clock } from '../clock';
import { rawPath } from '../http/raw-path';
import { IDEMPOTENCY_HEADER } from '../idempotency/idempotency-key';
import type { SandboxJournal } from '../journal/sandbox-journal';
import { sandboxTime } from '../values/time';

/**
 * What the request log leaves out: the console's pages, the icon its browser asks for, and the
 * reads it makes to show the log (GET /sandbox/…, the event stream), which would otherwise fill
 * the log with themselves.
 */
const unlogged = (method: string, path: string) =>
  path === '/console' ||
  path.startsWith('/console/') ||
  path === '/favicon.ico' ||
  (method === 'GET' && path.startsWith('/sandbox/'));

// A whole-buffer decode keeps no state between calls, so one decoder serves every request.
const UTF8 = new TextDecoder('utf-8');

/**
 * Makes `c.json` and `c.body` keep the text they answer with, so the log takes the answer the
 * route serialised instead of cloning the finished Response and reading its stream again (which
 * cost the 3DS endpoint most of its throughput, docs/performance.md#the-journal). Returns the
 * getter of that text. The replacement `c.json` serialises once, as hono's own does, and
 * answers through `c.body` with hono's default content type.
 */
function keepAnswerText(c: Context<AppEnv>): () => string | undefined {
  let text: string | undefined;
  const body = c.body;
  type Body = (data: unknown, arg?: unknown, headers?: Record<string, string>) => Response;
  c.body = ((data: unknown, ...rest: [unknown?, Record<string, string>?]) => {
    text = typeof data === 'string' ? data : undefined;
    return (body as Body)(data, ...rest);
  }) as typeof c.body;
  c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string>) => {
    const json = JSON.stringify(object);
    const init = typeof arg === 'object' && arg !== null ? (arg as ResponseInit) : undefined;
    // hono sets application/json unless the route named a type of its own (in the headers or the init).
    const named =
      (headers && Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) ||
      (init?.headers !== undefined && new Headers(init.headers).has('content-type'));
    return (c.body as Body)(json, arg, named ? headers : { ...headers, 'content-type': 'application/json' });
  }) as unknown as typeof c.json;
  return () => text;
}

/** The body text a route read: the bytes hono cached when the JSON reader took them; undefined when no route read one. */
async function bodyRead(c: Context<AppEnv>): Promise<string | undefined> {
  // hono keeps the promise of each form it read (its type says the value).
  const cache = c.req.bodyCache as { arrayBuffer?: Promise<ArrayBuffer>; text?: Promise<string> };
  // Only a body the route read: reading one it refused unread (too large) could wait on the client.
  if (cache.arrayBuffer) return cache.arrayBuffer.then((b) => UTF8.decode(b)).catch(() => undefined);
  if (cache.text) return cache.text.catch(() => undefined);
  return Object.keys(cache).length ? c.req.text().catch(() => undefined) : undefined;
}

/**
 * Keeps every API request in the request log once it is answered (docs/console.md#request-log),
 * refused ones included: method, path, status, trace id, idempotency key and replay, and the
 * texts the route read and answered. Masking, redaction and finding the resources named happen
 * when the journal writes its batch, after the answer has gone (journal/sandbox-journal.ts).
 */
export const requestRecorder =
  (journal: SandboxJournal, clock: Clock): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const started = performance.now();
    const answered = keepAnswerText(c);
    await next();
    const path = rawPath(c);
    if (unlogged(c.req.method, path)) return;
    const type = c.res.headers.get('content-type') ?? '';
    const answer = /^application\/json/i.test(type) ? answered() : undefined;
    const sent = await bodyRead(c);
    const key = c.req.header(IDEMPOTENCY_HEADER);
    const merchant = c.get('merchant') as AppEnv['Variables']['merchant'] | undefined;
    journal.request({
      ...(merchant && { merchantId: merchant.id }),
      at: sandboxTime(clock),
      traceId: c.get('traceId'),
      method: c.req.method,
      path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(key !== undefined && { idempotencyKey: key }),
      replayed: c.res.headers.get('x-idempotent-replayed') === 'true',
      ...(sent && { requestBody: sent }),
      ...(answer !== undefined && { responseBody: answer }),
    });
  };
