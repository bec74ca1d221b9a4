import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { CONFLICT, NOT_FOUND } from '../http/api-error-code';
import { validateAuthenticationData, type AuthenticationData } from '../../core/authentication-request';
import { AUTHENTICATIONS_PATH } from '../../core/authentication-resource';
import type { DeviceInfo } from '../../core/device-info';
import { CONTINUE_PATH } from '../../core/three-ds-method';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';
import { parseWithSchema, unexpectedFirst, type Parsed } from '../http/parse-with-schema';
import { field } from '../http/request-fields';
import { AUTHENTICATION_EXAMPLE, authenticationExamples } from '../openapi/request-examples';
import { merchantAuthenticationResponse, sdkAuthenticationResponse } from '../openapi/response-schemas';
import { toResource } from '../three-ds/authentication-resource';
import { buildDataSchema } from '../three-ds/data-schema';
import { deviceBody } from '../three-ds/device-body';
import { merchantAuthentication } from '../three-ds/merchant-authentication';
import { defineRoute, type Route } from '../http/route';
import { JSON_BODY_ERRORS, idParams, json, type IdParams } from '../http/route-answers';
import { ID_PREFIXES } from '../values/resource-id';
import { originOf } from '../http/change-origin';
import { answerJson } from '../http/json-answer';

/**
 * EMV browserAcceptHeader and browserIP, from the request itself: a page could claim anything.
 * The IP is the socket's (the sandbox is not behind a proxy); none when the app is called without
 * a Node server (tests calling app.request).
 */
function browserOf(c: Context<AppEnv>): { acceptHeader: string | null; ip: string | null } {
  let ip: string | null = null;
  try {
    ip = getConnInfo(c).remote.address ?? null;
  } catch {
    // No Node socket behind this request.
  }
  return { acceptHeader: c.req.header('accept')?.slice(0, 2048) ?? null, ip };
}

/** The SDK's 3DS request: `data` is the core schema the SDK validates with too, `device` the browser's information. */
const authenticationBody = () => z.strictObject({ data: buildDataSchema(field), device: deviceBody });
/** The request's own keys, whatever they hold: `data` and `device` are checked on their own below. */
const authenticationKeys = z.strictObject({ data: z.optional(z.unknown()), device: z.optional(z.unknown()) });

/**
 * The authentication request's check: its unknown keys, then `data` by the core rules the SDK
 * applies too (the card's expiry needs the clock), then `device`.
 */
function parseAuthentication(
  raw: Record<string, unknown>,
  now: Date,
): Parsed<{ data: AuthenticationData; device: DeviceInfo }> {
  const keys = parseWithSchema(authenticationKeys, raw);
  const data = validateAuthenticationData(raw.data, ['data'], now, true);
  const device = unexpectedFirst(parseWithSchema(deviceBody, raw.device, ['device']));
  if (keys.ok && data.ok && device.ok) return { ok: true, value: { data: data.value, device: device.value } };
  return {
    ok: false,
    errors: [...(keys.ok ? [] : keys.errors), ...(data.ok ? [] : data.errors), ...(device.ok ? [] : device.errors)],
  };
}

/** The continue call after the 3DS Method. */
const continueBody = z.strictObject({
  methodCompletion: z.enum(['Y', 'N'], { error: 'must be Y (the notification came) or N (10 s passed without it)' }),
});

const noAuthentication = () => ApiError.of(404, NOT_FOUND, 'id', 'No such authentication for this merchant.');
const noMerchantAuthentication = () =>
  ApiError.of(404, NOT_FOUND, 'authentication_id', 'No such 3DS authentication for this account.');

/**
 * The SDK's 3DS endpoints, authorised by the session (X-Gateway-Session): POST creates an
 * authentication from `{ data, device }`, validated with the SDK's own core schema; POST
 * /{id}/continue ends its 3DS Method; GET /{id} reads one of the session merchant's
 * authentications. And the merchant's read of one with the bearer token.
 */
export const AUTHENTICATION_ROUTES: Route[] = [
  defineRoute<{ data: AuthenticationData; device: DeviceInfo }>({
    operationId: 'createAuthentication',
    method: 'post',
    path: AUTHENTICATIONS_PATH,
    origin: 'api',
    tag: '3DS',
    summary: 'Authenticate a card holder with 3DS (sent by the SDK)',
    description:
      'A card range with a 3DS Method URL answers REQUIRE_METHOD with `method`; the SDK runs it, then calls ' +
      '`/continue` (docs/three-ds-flow.md). Sandbox card 4000000000005001 answers 500 on purpose, for SDK ' +
      'error paths (docs/sandbox.md#sandbox-cards).',
    security: 'session',
    body: {
      contentType: 'application/json',
      required: true,
      schema: { name: 'AuthenticationRequest', schema: authenticationBody() },
      example: AUTHENTICATION_EXAMPLE,
      examples: authenticationExamples(),
      parse: (raw, deps) => parseAuthentication(raw, deps.clock.now()),
    },
    responses: {
      '201': json(
        'Authentication',
        sdkAuthenticationResponse,
        'The authentication; `challenge` is set when status is REQUIRE_CHALLENGE, `method` when it is REQUIRE_METHOD (only in this answer).',
      ),
    },
    errors: JSON_BODY_ERRORS,
    handle:
      (deps) =>
      async (c, { body: { data, device } }) => {
        const { record, challengeToken } = await deps.sharedTransaction(() =>
          deps.threeDs.authenticate(
            c.get('merchant').id,
            data,
            device.challengeWindowSize ?? null,
            browserOf(c),
            originOf(c),
          ),
        );
        return answerJson(c, toResource(record, deps.challengeUrl, challengeToken ?? undefined, true), 201);
      },
  }),
  defineRoute<z.infer<typeof continueBody>, undefined, IdParams>({
    operationId: 'continueAuthentication',
    method: 'post',
    path: `${AUTHENTICATIONS_PATH}/{id}${CONTINUE_PATH}`,
    origin: 'api',
    tag: '3DS',
    summary: 'Continue a REQUIRE_METHOD authentication after its 3DS Method (sent by the SDK)',
    description:
      '`methodCompletion` is what the SDK saw: Y when the notification came, N after 10 s. The indicator ' +
      "recorded is the server's own: Y only when the ACS's notification reached it " +
      '(docs/three-ds-flow.md#the-3ds-method).',
    security: 'session',
    params: idParams(ID_PREFIXES.authentication, 'authentication', noAuthentication),
    body: {
      contentType: 'application/json',
      required: true,
      schema: { name: 'ContinueAuthenticationRequest', schema: continueBody },
      example: { methodCompletion: 'Y' },
      parse: (raw) => unexpectedFirst(parseWithSchema(continueBody, raw)),
    },
    responses: {
      '200': json(
        'Authentication',
        sdkAuthenticationResponse,
        'The authentication, now AUTH_FLOW_COMPLETED or REQUIRE_CHALLENGE (with its `challenge`, as the creating POST).',
      ),
    },
    errors: [...JSON_BODY_ERRORS, 404, 409],
    // `methodCompletion` is what the SDK saw; the indicator recorded is the server's own: Y only
    // when the ACS's notification reached it.
    handle:
      (deps) =>
      (c, { body, params }) => {
        const id = params.id;
        const result = deps.authentications.continueAfterMethod(id, c.get('merchant').id, originOf(c));
        if (result === 'NOT_FOUND') throw noAuthentication();
        if (result === 'NOT_AWAITING_METHOD') {
          throw ApiError.of(
            409,
            CONFLICT,
            'id',
            'The authentication does not wait for its 3DS Method (already continued, another status, or expired): read it, or authenticate again.',
          );
        }
        const { methodCompletion, status } = result.record;
        deps.log(
          `trace=${c.get('traceId')} 3ds method ${id} ended: sdk saw ${body.methodCompletion}, indicator ${methodCompletion}, now ${status}`,
        );
        return answerJson(c, toResource(result.record, deps.challengeUrl, result.challengeToken ?? undefined));
      },
  }),
  defineRoute({
    operationId: 'getAuthentication',
    method: 'get',
    path: `${AUTHENTICATIONS_PATH}/{id}`,
    origin: 'api',
    tag: '3DS',
    summary: "Read one of the session merchant's authentications (the SDK reads the final state here)",
    security: 'session',
    params: idParams(ID_PREFIXES.authentication, 'authentication', noAuthentication),
    responses: {
      '200': json(
        'Authentication',
        sdkAuthenticationResponse,
        'The authentication (`challenge` and `method` are always null here).',
      ),
    },
    errors: [401, 404],
    handle:
      (deps) =>
      (c, { params }) => {
        const record = deps.authentications.get(params.id, c.get('merchant').id);
        if (!record) throw noAuthentication();
        return answerJson(c, toResource(record, deps.challengeUrl));
      },
  }),
  defineRoute({
    operationId: 'getMerchantAuthentication',
    method: 'get',
    path: '/3ds/authentications/{id}',
    origin: 'api',
    tag: '3DS',
    summary: 'Read an authentication with the bearer token, before ordering with its id',
    security: 'bearer',
    params: idParams(ID_PREFIXES.authentication, 'authentication', noMerchantAuthentication),
    responses: {
      '200': json(
        'MerchantAuthentication',
        merchantAuthenticationResponse,
        "The authentication as the merchant sees it: also the CAVV (`authentication_value`) and the `browser` the SDK's request came from.",
      ),
    },
    errors: [401, 404],
    // Another merchant's id answers exactly as an unknown one (404), so ids cannot be probed.
    handle:
      (deps) =>
      (c, { params }) => {
        const record = deps.authentications.get(params.id, c.get('merchant').id);
        if (!record) throw noMerchantAuthentication();
        return answerJson(c, merchantAuthentication(record));
      },
  }),
];
