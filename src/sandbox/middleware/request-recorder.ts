import type { IncomingMessage } from 'node:http';
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

const JSON_TYPE = /^application\/json/i;

/**
 * A request header, from Node's own request when there is one: its plain object is read without
 * the checks a web Headers lookup makes on every call. `name` is lower case.
 */
const headerOf = (c: Context<AppEnv>, name: string): string | undefined => {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

// A whole-buffer decode keeps no state between calls, so one decoder serves every request.
const UTF8 = new TextDecoder('utf-8');

/** What the route answered, as the recorder needs it. */
interface Answer {
  /** The JSON text answered; undefined for an answer that is not JSON. */
  json?: string;
  /** The answer was a stored one (`x-idempotent-replayed: true`, http/idempotent-answer.ts). */
  replayed: boolean;
}

/**
 * Makes `c.json` and `c.body` note what they answer, so the log takes the text the route
 * serialised instead of cloning the finished Response and reading its stream again (which cost
 * the 3DS endpoint most of its throughput), and reads no header back from the Response
 * (docs/performance.md#the-journal). The replacement `c.json` serialises once, as hono's own
 * does, and answers through `c.body` with hono's default content type. The last answer made wins,
 * as it is the one sent.
 */
function noteAnswer(c: Context<AppEnv>): Answer {
  const answer: Answer = { replayed: false };
  const body = c.body;
  type Body = (data: unknown, arg?: unknown, headers?: Record<string, string>) => Response;
  c.body = ((data: unknown, arg?: unknown, headers?: Record<string, string>) => {
    answer.json = undefined;
    answer.replayed = false;
    if (typeof data === 'string' && headers)
      for (const name in headers) {
        const lower = name.toLowerCase();
        if (lower === 'content-type' && JSON_TYPE.test(headers[name]!)) answer.json = data;
        else if (lower === 'x-idempotent-replayed') answer.replayed = headers[name] === 'true';
      }
    return (body as Body)(data, arg, headers);
  }) as typeof c.body;
  c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string>) => {
    const json = JSON.stringify(object);
    const init = typeof arg === 'object' && arg !== null ? (arg as ResponseInit) : undefined;
    // hono sets application/json unless the route named a type of its own (in the headers or the init).
    const named =
      (headers && Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) ||
      (init?.headers !== undefined && new Headers(init.headers).has('content-type'));
    const response = (c.body as Body)(json, arg, named ? headers : { ...headers, 'content-type': 'application/json' });
    answer.json = json;
    return response;
  }) as unknown as typeof c.json;
  return answer;
}

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
 * object: masking, redaction and finding the resources named happen when the journal writes,
 * once the sandbox is quiet (journal/sandbox-journal.ts, docs/performance.md#the-journal).
 */
export const requestRecorder =
  (journal: SandboxJournal, clock: Clock): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const started = performance.now();
    const answer = noteAnswer(c);
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
      replayed: answer.replayed,
    };
    const merchant = c.get('merchant') as AppEnv['Variables']['merchant'] | undefined;
    if (merchant) entry.merchantId = merchant.id;
    const key = headerOf(c, IDEMPOTENCY_HEADER);
    if (key !== undefined) entry.idempotencyKey = key;
    const sent = (c.get('bodyText') as string | undefined) ?? (await bodyReadOtherwise(c));
    if (sent) entry.requestBody = sent;
    if (answer.json !== undefined) entry.responseBody = answer.json;
    journal.request(entry);
  };
