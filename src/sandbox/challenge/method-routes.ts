import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { NOT_FOUND } from '../http/api-error-code';
import { METHOD_DATA_FIELD } from '../../core/three-ds-method';
import type { SandboxDeps } from '../app-env';
import { ApiError } from '../http/api-error';
import { defineRoute, type Route } from '../http/route';
import { METHOD_CSP_HEADER, html } from '../http/route-answers';
import { METHOD_NOTIFICATION_PATH, METHOD_PATH } from '../three-ds/authentication-resource';
import type { AuthenticationRecord } from '../three-ds/authentication-record';
import { methodNotificationData, readMethodData, readMethodNotificationData } from '../three-ds/method-data';
import { readForm } from './challenge-params';
import { methodNotificationPage, methodPage } from './challenge-pages';
import { METHOD_SCRIPTS } from './method-scripts';
import { pageCsp } from './page-headers';

/** The 3DS Method page and the notification URL take this one field (three-ds/method-data.ts reads it). */
const methodForm = z.strictObject({ [METHOD_DATA_FIELD]: z.string().check(z.regex(/^[A-Za-z0-9_-]+$/)) });

/** The transaction a `threeDSMethodData` names: a 404 naming the field when there is none. */
function transaction(deps: SandboxDeps, threeDSServerTransID: string): AuthenticationRecord {
  const record = deps.authentications.getByServerTransId(threeDSServerTransID);
  if (record) return record;
  const field = `${METHOD_DATA_FIELD}.threeDSServerTransID`;
  throw ApiError.of(404, NOT_FOUND, field, 'No 3DS transaction has this threeDSServerTransID.');
}

/** Framed by the merchant's checkout page, whatever its origin, unless the sandbox names them. */
const ancestorsOf = (deps: SandboxDeps) => (deps.corsOrigins?.length ? deps.corsOrigins.join(' ') : '*');

/**
 * The 3DS Method on the challenge origin (docs/three-ds-flow.md): the issuer's (ACS) method page,
 * which the SDK form-posts `threeDSMethodData` to in a hidden iframe, and the 3DS server's
 * notification URL, which the ACS posts to when done, with the transaction id alone. Both validate
 * the form: bad input is a 4xx page naming the field. The notification is recorded here, so the
 * indicator is the server's. Then the two pages' scripts.
 */
export const METHOD_ROUTES: Route[] = [
  defineRoute({
    operationId: 'submitMethodData',
    method: 'post',
    path: METHOD_PATH,
    origin: 'challenge',
    tag: 'Challenge origin',
    summary: "The issuer's (ACS) 3DS Method page: the SDK form-posts `threeDSMethodData` to it in a hidden iframe",
    description:
      "The `method.url` of a REQUIRE_METHOD authentication. Records the browser's fingerprint, then (unless " +
      "the card's page never notifies) form-posts `threeDSMethodData` to its `threeDSMethodNotificationURL` " +
      '(docs/three-ds-flow.md#the-3ds-method).',
    security: 'none',
    body: {
      contentType: 'application/x-www-form-urlencoded',
      required: true,
      schema: { name: 'MethodDataForm', schema: methodForm },
    },
    responses: { '200': html('The method page.', { headers: METHOD_CSP_HEADER }) },
    errors: [400, 404, 413, 415],
    handle: (deps) => {
      const ancestors = ancestorsOf(deps);
      return async (c) => {
        const data = readMethodData((await readForm(c)).get(METHOD_DATA_FIELD));
        if (!data.ok) throw new ApiError(400, data.errors);
        const record = transaction(deps, data.value.threeDSServerTransID);
        const notificationUrl = data.value.threeDSMethodNotificationURL;
        // What a real ACS's script would collect, reduced to a digest: the sandbox keeps no browser data.
        const fingerprint = createHash('sha256')
          .update([c.req.header('user-agent'), c.req.header('accept-language'), c.req.header('accept')].join('\n'))
          .digest('hex')
          .slice(0, 32);
        deps.authentications.recordFingerprint(record.threeDsServerTransId!, fingerprint);
        // The ACS answers with the transaction id alone, as EMV 3DS has it: not the data it was sent.
        const notify =
          record.methodMode === 'NOTIFIES'
            ? { url: notificationUrl, methodData: methodNotificationData(data.value.threeDSServerTransID) }
            : null;
        c.header(
          'content-security-policy',
          pageCsp(ancestors, notify ? `; form-action ${new URL(notificationUrl).origin}` : "; form-action 'none'"),
        );
        return c.html(methodPage({ notify }));
      };
    },
  }),
  defineRoute({
    operationId: 'methodNotification',
    method: 'post',
    path: METHOD_NOTIFICATION_PATH,
    origin: 'challenge',
    tag: 'Challenge origin',
    summary:
      "The 3DS server's method notification URL: the ACS form-posts `threeDSMethodData` here when its method is done",
    description:
      '`threeDSMethodData` holds `{ threeDSServerTransID }` alone, as EMV 3DS has the ACS post it; any other ' +
      "key is a 400. Records the notification (the completion indicator is Y only when it came); its page posts a message to the SDK's page.",
    security: 'none',
    body: {
      contentType: 'application/x-www-form-urlencoded',
      required: true,
      schema: { name: 'MethodDataForm', schema: methodForm },
    },
    responses: { '200': html('The notification page.', { headers: METHOD_CSP_HEADER }) },
    errors: [400, 404, 413, 415],
    handle: (deps) => {
      const ancestors = ancestorsOf(deps);
      return async (c) => {
        const data = readMethodNotificationData((await readForm(c)).get(METHOD_DATA_FIELD));
        if (!data.ok) throw new ApiError(400, data.errors);
        const record = transaction(deps, data.value.threeDSServerTransID);
        const recorded = deps.authentications.recordNotification(record.threeDsServerTransId!);
        deps.log(
          `trace=${c.get('traceId')} 3ds method ${record.id} notified${recorded ? '' : ' (not waiting for it: ignored)'}`,
        );
        c.header('content-security-policy', pageCsp(ancestors, "; form-action 'none'"));
        return c.html(methodNotificationPage(record.threeDsServerTransId!));
      };
    },
  }),
  ...Object.entries(METHOD_SCRIPTS).map(([file, script]) =>
    defineRoute({
      operationId: file === 'method.js' ? 'getMethodPageScript' : 'getMethodNotificationScript',
      method: 'get',
      path: `/challenge/${file}`,
      origin: 'challenge',
      tag: 'Challenge origin',
      summary: `The ${file === 'method.js' ? '3DS Method' : 'method notification'} page's script`,
      security: 'none',
      responses: { '200': { description: 'The script.', contentType: 'text/javascript' } },
      errors: [],
      handle: () => (c) =>
        c.body(script, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }),
    }),
  ),
];
