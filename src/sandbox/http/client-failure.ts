import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';

/**
 * Why the request failed on the client's side, if it did: the client went away before its body
 * was complete, or sent a body Node could not parse (malformed chunked encoding). Such a request
 * is a client error in the log, not an internal one. Undefined when the client did nothing wrong.
 */
export function clientFailure(c: Context): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return undefined;
  if (incoming.errored) return incoming.errored.message.includes('aborted') ? 'body aborted' : 'malformed body';
  if (incoming.readableAborted || (incoming.destroyed && !incoming.complete)) return 'body aborted';
  return undefined;
}
