import * as z from 'zod/mini';
import { described } from '../http/described';
import { defineRoute, type Route } from '../http/route';
import { json } from '../http/route-answers';
import { requestAnswer } from '../journal/journal-answers';
import { requestLogResponse } from '../openapi/journal-schemas';
import { matchText, pageFields, resourceFilter } from './page-query';

const requestQuery = z.strictObject({
  trace_id: described(matchText(100), 'Only the requests with this x-trace-id.'),
  resource: resourceFilter(),
  ...pageFields,
});

/**
 * GET /sandbox/requests (merchant token): the request log, newest first (docs/console.md#request-log):
 * every API call, refused ones included (those without a valid token show to every account).
 */
export const REQUEST_LOG_ROUTES: Route[] = [
  defineRoute<undefined, z.infer<typeof requestQuery>>({
    operationId: 'listSandboxRequests',
    method: 'get',
    path: '/sandbox/requests',
    origin: 'api',
    tag: 'Sandbox',
    summary: 'Sandbox only: the request log, newest first, by trace id or resource',
    security: 'bearer',
    query: requestQuery,
    responses: { '200': json('RequestLog', requestLogResponse, 'A page of requests.') },
    errors: [400, 401],
    handle:
      (deps) =>
      (c, { query }) => {
        const page = deps.journal.requests.list(c.get('merchant').id, {
          traceId: query.trace_id,
          resource: query.resource,
          before: query.before,
          limit: query.limit,
        });
        return c.json({ requests: page.requests.map(requestAnswer), next_before: page.next ?? null });
      },
  }),
];
