import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Clock } from '../clock';
import { rawPath } from '../http/raw-path';
import { IDEMPOTENCY_HEADER } from '../idempotency/idempotency-key';
import { redactBody } from '../journal/redact-body';
import { resourceIdsIn } from '../journal/resource-ids';
import type { SandboxJournal } from '../journal/sandbox-journal';
import { maskCardDigits } from '../logging/mask-card-digits';

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

/**
 * Keeps every API request in the request log once it is answered (docs/console.md#request-log),
 * refused ones included: method, path, status, trace id, idempotency key and replay, the bodies
 * with card data masked, and the resources the request named or its answer showed.
 */
export const requestRecorder =
  (journal: SandboxJournal, clock: Clock): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const started = performance.now();
    await next();
    const path = rawPath(c);
    if (unlogged(c.req.method, path)) return;
    const type = c.res.headers.get('content-type') ?? '';
    const answer = /^application\/json/i.test(type) ? await c.res.clone().text() : undefined;
    // Only a body the route read: reading one it refused unread (too large) could wait on the client.
    const sent = Object.keys(c.req.bodyCache).length ? await c.req.text().catch(() => undefined) : undefined;
    const key = c.req.header(IDEMPOTENCY_HEADER);
    const merchant = c.get('merchant') as AppEnv['Variables']['merchant'] | undefined;
    journal.request({
      ...(merchant && { merchantId: merchant.id }),
      at: clock.now().getTime(),
      traceId: c.get('traceId'),
      method: c.req.method,
      path: maskCardDigits(path),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(key !== undefined && { idempotencyKey: maskCardDigits(key) }),
      replayed: c.res.headers.get('x-idempotent-replayed') === 'true',
      ...(sent && { requestBody: redactBody(sent) }),
      ...(answer !== undefined && { responseBody: redactBody(answer) }),
      resources: resourceIdsIn(path, sent, answer),
    });
  };
