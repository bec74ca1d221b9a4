import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Clock } from '../clock';
import { rawPath } from '../http/raw-path';
import { IDEMPOTENCY_HEADER } from '../idempotency/idempotency-key';
import type { AnsweredRequest, SandboxJournal } from '../journal/sandbox-journal';
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
 * The body text a route read, when the JSON reader did not leave it decoded (a body it refused as
 * not UTF-8, one another reader took): the bytes hono cached; undefined when no route read one.
 */
async function bodyReadOtherwise(c: Context<AppEnv>): Promise<string | undefined> {
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
 * texts the route read and answered. It takes only what the route already has, in one plain
 * object: the body text the JSON reader decoded, and the JSON text the route answered through
 * http/json-answer.ts (never the Response read back, which cost the 3DS endpoint most of its
 * throughput). Masking, redaction and finding the resources named happen when the journal writes,
 * once the sandbox is quiet (journal/sandbox-journal.ts, docs/performance.md#the-journal).
 */
export const requestRecorder =
  (journal: SandboxJournal, clock: Clock): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const started = performance.now();
    await next();
    const path = rawPath(c);
    if (unlogged(c.req.method, path)) return;
    const entry: AnsweredRequest = {
      at: sandboxTime(clock),
      traceId: c.get('traceId'),
      method: c.req.method,
      path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      replayed: c.get('replayed') === true,
    };
    const merchant = c.get('merchant') as AppEnv['Variables']['merchant'] | undefined;
    if (merchant) entry.merchantId = merchant.id;
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key !== undefined) entry.idempotencyKey = key;
    const sent = (c.get('bodyText') as string | undefined) ?? (await bodyReadOtherwise(c));
    if (sent) entry.requestBody = sent;
    const answer = c.get('answerJson') as string | undefined;
    if (answer !== undefined) entry.responseBody = answer;
    journal.request(entry);
  };
