import { CARD_FIELD_PATH } from '../challenge/card-field-route';
import { defineRoute, type Route } from '../http/route';
import { json } from '../http/route-answers';
import { cardFieldsResponse } from '../openapi/response-schemas';
import { answerJson } from '../http/json-answer';

/**
 * GET /checkout-sdk/card-fields: where the SDK frames the hosted card fields (the challenge
 * origin's field page), for the session's page. The SDK asks it once per createCardFields, while
 * its own code loads: a checkout's CSP then names one frame origin, the challenge origin, as for
 * the challenge itself (docs/card-fields.md).
 */
export const CARD_FIELDS_ROUTES: Route[] = [
  defineRoute({
    operationId: 'getCardFieldsUrl',
    method: 'get',
    path: '/checkout-sdk/card-fields',
    origin: 'api',
    tag: 'Keys and sessions',
    summary: 'Where the SDK frames the hosted card fields (createCardFields)',
    security: 'session',
    responses: { '200': json('CardFieldsLocation', cardFieldsResponse, 'The field page on the challenge origin.') },
    errors: [401],
    handle: (deps) => (c) => answerJson(c, { field_url: `${deps.challengeUrl}${CARD_FIELD_PATH}` }),
  }),
];
