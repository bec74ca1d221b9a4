import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';

/**
 * The request's path as the client sent it, percent-encoding kept and the query left out (a
 * query can hold a challenge token). Read from Node's request when there is one; hono's
 * `c.req.path` is decoded and would turn `%0a` into a line break.
 */
export function rawPath(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const target = incoming?.url ?? new URL(c.req.url).pathname;
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
}
