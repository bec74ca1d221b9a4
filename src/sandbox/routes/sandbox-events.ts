import { streamSSE } from 'hono/streaming';
import { defineRoute, type Route } from '../http/route';
import type { FeedEvent } from '../journal/console-feed';

/** How often an idle stream sends a comment, so proxies and browsers keep it open. */
const KEEP_ALIVE_MS = 15_000;

/**
 * GET /sandbox/events (merchant token, or the console's cookie from its own pages): server-sent
 * events, one per thing the console shows changing (docs/console.md#live-updates): `request` (a
 * request was logged), `status` (a resource's status changed), `delivery` (a webhook attempt
 * ended), `clock`, `reset`; the data is `{ "id": … }`. The stream ends when the sandbox closes.
 */
export const SANDBOX_EVENT_ROUTES: Route[] = [
  defineRoute({
    operationId: 'streamSandboxEvents',
    method: 'get',
    path: '/sandbox/events',
    origin: 'api',
    tag: 'Sandbox',
    summary:
      'Sandbox only: live events (server-sent) when a request arrives, a status changes or a delivery is attempted',
    security: 'bearer',
    responses: { '200': { description: 'An endless event stream.', contentType: 'text/event-stream' } },
    errors: [401, 403],
    handle: (deps) => (c) => {
      const merchantId = c.get('merchant').id;
      return streamSSE(c, async (stream) => {
        const queue: FeedEvent[] = [];
        let wake: (() => void) | undefined;
        let ended = false;
        const end = () => {
          ended = true;
          wake?.();
        };
        const unsubscribe = deps.journal.feed.subscribe((event) => {
          if (!event) return end();
          if (event.merchantId === undefined || event.merchantId === merchantId) {
            queue.push(event);
            wake?.();
          }
        });
        stream.onAbort(end);
        const keepAlive = setInterval(() => void stream.write(': keep-alive\n\n').catch(end), KEEP_ALIVE_MS);
        try {
          await stream.writeSSE({ event: 'ready', data: '{}' });
          while (!ended) {
            if (!queue.length) await new Promise<void>((resolve) => (wake = resolve));
            wake = undefined;
            for (const event of queue.splice(0)) {
              await stream.writeSSE({ event: event.type, data: JSON.stringify({ id: event.id ?? null }) });
            }
          }
        } finally {
          clearInterval(keepAlive);
          unsubscribe();
        }
      });
    },
  }),
];
