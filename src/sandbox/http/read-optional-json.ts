import type { Context } from 'hono';
import { readJsonObject } from './read-json';

/**
 * Reads a JSON object body that may be left out entirely (capture, cancel): no body at all is
 * `{}`; a body that is sent gets every check of {@link readJsonObject}.
 */
export async function readOptionalJsonObject(c: Context): Promise<Record<string, unknown>> {
  const length = c.req.header('content-length');
  const empty = (length === undefined || length === '0') && c.req.header('transfer-encoding') === undefined;
  return empty ? {} : readJsonObject(c);
}
