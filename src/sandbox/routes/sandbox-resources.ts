import * as z from 'zod/mini';
import { oneOfRule, oneOfSchema } from '../../core/field-rules';
import { ApiError } from '../http/api-error';
import { NOT_FOUND } from '../http/api-error-code';
import { described } from '../http/described';
import { field } from '../http/request-fields';
import { defineRoute, type Route } from '../http/route';
import { json } from '../http/route-answers';
import { RESOURCE_KINDS, type ResourceKind } from '../journal/resource-index';
import { resourceListResponse, resourceTimelineResponse } from '../openapi/journal-schemas';
import { ID_PREFIXES, UUID_PATTERN } from '../values/resource-id';
import { matchText, pageFields } from './page-query';
import { answerJson } from '../http/json-answer';

const resourcesQuery = z.strictObject({
  kind: described(
    field<ResourceKind>(oneOfRule(RESOURCE_KINDS), oneOfSchema(RESOURCE_KINDS)),
    'Which list: order, charge, authentication (3DS), qr_code (Pix) or boleto.',
    'order',
  ),
  id: described(matchText(100), 'Only the resource with this id.'),
  reference_id: described(matchText(100), 'Only resources with this reference_id.'),
  status: described(matchText(40), "Only resources in this status (an order: its latest charge's).", 'PAID'),
  ...pageFields,
});

const SHOWN = [
  ID_PREFIXES.order,
  ID_PREFIXES.charge,
  ID_PREFIXES.qrCode,
  ID_PREFIXES.authentication,
  ID_PREFIXES.checkout,
];
const resourceNotFound = () =>
  ApiError.of(404, NOT_FOUND, 'id', 'The sandbox has shown no such resource for this account.');

const timelineParams = {
  schema: z.strictObject({
    id: described(
      z.string().check(z.regex(new RegExp(`^(?:${SHOWN.join('|')})${UUID_PATTERN}$`))),
      'An order, charge (boleto included), Pix QR code or 3DS authentication id.',
      'ORDE_1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
    ),
  }),
  refused: resourceNotFound,
};

/**
 * What the console lists and the timeline of one resource (docs/console.md), merchant token: the
 * orders, charges, 3DS authentications, Pix QR codes and boletos the API has answered, newest first.
 */
export const SANDBOX_RESOURCE_ROUTES: Route[] = [
  defineRoute<undefined, z.infer<typeof resourcesQuery>>({
    operationId: 'listSandboxResources',
    method: 'get',
    path: '/sandbox/resources',
    origin: 'api',
    tag: 'Sandbox',
    summary: 'Sandbox only: orders, charges, 3DS authentications, Pix QR codes or boletos, newest first',
    security: 'bearer',
    query: resourcesQuery,
    responses: { '200': json('SandboxResources', resourceListResponse, 'A page of resources.') },
    errors: [400, 401],
    handle:
      (deps) =>
      (c, { query }) => {
        const page = deps.consoleViews.resources(c.get('merchant').id, query.kind, {
          id: query.id,
          referenceId: query.reference_id,
          status: query.status,
          before: query.before,
          limit: query.limit,
        });
        return answerJson(c, page);
      },
  }),
  defineRoute<undefined, undefined, { id: string }>({
    operationId: 'getSandboxTimeline',
    method: 'get',
    path: '/sandbox/resources/{id}',
    origin: 'api',
    tag: 'Sandbox',
    summary: "Sandbox only: one resource's timeline: requests, status changes, notifications and delivery attempts",
    security: 'bearer',
    params: timelineParams,
    responses: {
      '200': json('SandboxTimeline', resourceTimelineResponse, 'The resource and its timeline, oldest first.'),
    },
    errors: [401, 404],
    handle:
      (deps) =>
      (c, { params }) => {
        const timeline = deps.consoleViews.timeline(c.get('merchant').id, params.id);
        if (!timeline) throw resourceNotFound();
        return answerJson(c, timeline);
      },
  }),
];
