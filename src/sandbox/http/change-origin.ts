import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { ChangeOrigin } from '../journal/status-changes';

/**
 * The origin of the changes a request makes: the console's buttons (a request its cookie signed,
 * without a bearer token), the simulators (`/sandbox/…`), or the merchant's API request.
 */
export function originOf(c: Context<AppEnv>): ChangeOrigin {
  const traceId = c.get('traceId');
  if (c.get('viaConsole')) return { cause: 'console', traceId };
  return { cause: c.req.path.startsWith('/sandbox/') ? 'simulator' : 'request', traceId };
}
