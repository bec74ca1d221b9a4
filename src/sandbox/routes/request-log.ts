import * as z from 'zod/mini';
import { described } from '../http/described';
import { defineRoute, type Route } from '../http/route';
import { json } from '../http/route-answers';
import type { RequestFilter } from '../journal/request-journal';
import { requestLogResponse } from '../openapi/journal-schemas';
import { instant, instantFilter, matchText, pageFields, resourceFilter, statusFilter, statusRange } from './page-query';
import { answerJson } from '../http/json-answer';

export const requestQuery = z.strictObject({
  trace_id: described(matchText(100), 'Only the requests with this x-trace-id.'),
  resource: resourceFilter(),
  method: described(matchText(10), 'Only requests with this method (GET, POST, …).', 'POST'),
  path: described(matchText(200), 'Only requests whose path contains this text.', '/orders'),
  status: statusFilter(),
  since: instantFilter('Only requests that ended at or after this instant.'),
  until: instantFilter('Only requests that ended before this instant.'),
  ...pageFields,
});

/** The request log's filter from its query: the endpoint's and the console page's. */
export const requestFilter = (query: Partial<z.infer<typeof requestQuery>>): RequestFilter => ({
  traceId: query.trace_id || undefined,
  resource: query.resource || undefined,
  method: query.method?.toUpperCase() || undefined,
  path: query.path || undefined,
  status: statusRange(query.status || undefined),
  since: query.since ? instant(query.since) : undefined,
  until: query.until ? instant(query.until) : undefined,
  before: query.before,
  limit: query.limit ?? 50,
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
    summary: 'Sandbox only: the request log, newest first, by trace id, resource, method, path, status or time',
    security: 'bearer',
    query: requestQuery,
    responses: { '200': json('RequestLog', requestLogResponse, 'A page of requests.') },
    errors: [400, 401],
    handle:
      (deps) =>
      (c, { query }) =>
        answerJson(c, deps.consoleViews.requests(c.get('merchant').id, requestFilter(query))),
  }),
];
