import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../app-env';

/**
 * Answers `body` as JSON, as hono's `c.json` does (same text, same `Content-Type`), and keeps the
 * text on the context for the request log (middleware/request-recorder.ts). Every JSON answer of
 * the sandbox goes through here or through {@link answerJsonText}, so the log takes the text the
 * route serialised without reading the Response back. (Replacing `c.json` on each request's
 * context did the same, but made every call of it across the app polymorphic: the 3DS endpoint lost
 * about a tenth of its throughput, docs/performance.md#the-journal.)
 */
export function answerJson(
  c: Context<AppEnv>,
  body: unknown,
  status?: ContentfulStatusCode,
  headers?: Record<string, string>,
): Response {
  return answerJsonText(c, JSON.stringify(body), status, headers);
}

/** Answers a JSON text already serialised (a stored answer, replayed), kept for the log likewise. */
export function answerJsonText(
  c: Context<AppEnv>,
  json: string,
  status?: ContentfulStatusCode,
  headers?: Record<string, string>,
): Response {
  c.set('answerJson', json);
  // A new object each time, as c.json() makes one: the response may keep it.
  return c.body(json, status, { 'Content-Type': 'application/json', ...headers });
}
