import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { NOT_FOUND } from '../http/api-error-code';
import { METHOD_DATA_FIELD } from '../../core/three-ds-method';
import type { AppEnv, SandboxDeps } from '../app-env';
import { ApiError } from '../http/api-error';
import { METHOD_NOTIFICATION_PATH, METHOD_PATH } from '../three-ds/authentication-resource';
import type { AuthenticationRecord } from '../three-ds/authentication-record';
import type { AuthenticationStore } from '../three-ds/authentication-store';
import { methodNotificationData, readMethodData, readMethodNotificationData } from '../three-ds/method-data';
import { readForm } from './challenge-params';
import { methodNotificationPage, methodPage } from './challenge-pages';
import { METHOD_SCRIPTS } from './method-scripts';
import { pageCsp } from './page-headers';

/**
 * The 3DS Method on the challenge origin (docs/three-ds-flow.md): the issuer's (ACS) method page,
 * which the SDK form-posts `threeDSMethodData` to in a hidden iframe, and the 3DS server's
 * notification URL, which the ACS posts to when done, with the transaction id alone. Both validate
 * the form: bad input is a 4xx page naming the field. The notification is recorded here, so the
 * indicator is the server's.
 */
export function methodRoutes(deps: SandboxDeps, store: AuthenticationStore): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Framed by the merchant's checkout page, whatever its origin, unless the sandbox names them.
  const ancestors = deps.corsOrigins?.length ? deps.corsOrigins.join(' ') : '*';

  /** The transaction a `threeDSMethodData` names: a 404 naming the field when there is none. */
  const transaction = (threeDSServerTransID: string): AuthenticationRecord => {
    const record = store.getByServerTransId(threeDSServerTransID);
    if (record) return record;
    const field = `${METHOD_DATA_FIELD}.threeDSServerTransID`;
    throw ApiError.of(404, NOT_FOUND, field, 'No 3DS transaction has this threeDSServerTransID.');
  };

  app.post(METHOD_PATH, async (c) => {
    const data = readMethodData((await readForm(c)).get(METHOD_DATA_FIELD));
    if (!data.ok) throw new ApiError(400, data.errors);
    const record = transaction(data.value.threeDSServerTransID);
    const notificationUrl = data.value.threeDSMethodNotificationURL;
    // What a real ACS's script would collect, reduced to a digest: the sandbox keeps no browser data.
    const fingerprint = createHash('sha256')
      .update([c.req.header('user-agent'), c.req.header('accept-language'), c.req.header('accept')].join('\n'))
      .digest('hex')
      .slice(0, 32);
    store.recordFingerprint(record.threeDsServerTransId!, fingerprint);
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
  });

  app.post(METHOD_NOTIFICATION_PATH, async (c) => {
    const data = readMethodNotificationData((await readForm(c)).get(METHOD_DATA_FIELD));
    if (!data.ok) throw new ApiError(400, data.errors);
    const record = transaction(data.value.threeDSServerTransID);
    const recorded = store.recordNotification(record.threeDsServerTransId!);
    deps.log(
      `trace=${c.get('traceId')} 3ds method ${record.id} notified${recorded ? '' : ' (not waiting for it: ignored)'}`,
    );
    c.header('content-security-policy', pageCsp(ancestors, "; form-action 'none'"));
    return c.html(methodNotificationPage(record.threeDsServerTransId!));
  });

  for (const [name, script] of Object.entries(METHOD_SCRIPTS)) {
    app.get(`/challenge/${name}`, (c) =>
      c.body(script, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }),
    );
  }
  return app;
}
