import type { ThreeDsMethodStep } from '../../core/authentication-resource';
import { METHOD_DATA_FIELD, METHOD_NOTIFIED_MESSAGE, type MethodNotifiedMessage } from '../../core/three-ds-method';
import { ErrorCode } from '../errors/error-code';

/** How long the SDK waits for the issuer (ACS) to notify before it continues with N (EMV 3DS: 10 s). */
export const METHOD_TIMEOUT_MS = 10_000;

/** What the method step needs from authenticate3DS: the API's method data, the merchant's signal, the SDK's error. */
export interface MethodRun {
  method: ThreeDsMethodStep;
  signal?: AbortSignal;
  /** Makes the SDK's GatewayError for this run (this chunk has no copy of its own: `instanceof` must hold). */
  error(code: ErrorCode, message: string): Error;
}

/**
 * Runs the EMV 3DS Method: form-posts `threeDSMethodData` to the issuer's method URL in a hidden
 * iframe and waits up to {@link METHOD_TIMEOUT_MS} for the notification page (on the
 * notification URL's origin, in that iframe) to say the issuer is done. Resolves `Y` when it
 * said so, `N` when the time ran out: only what the SDK saw; the API sets the indicator from
 * whether the notification reached it. Rejects at once with ABORTED when the merchant aborts, and
 * with INVALID_RESPONSE for URLs that are not http(s). Settles once; the iframe, the form, the
 * listeners and the timer are gone before it does, whatever the end.
 */
export function runMethod(run: MethodRun): Promise<'Y' | 'N'> {
  return new Promise((resolve, reject) => {
    const { method, signal } = run;
    const teardown: Array<() => void> = [];
    let settled = false;
    const settle = (end: () => void) => {
      if (settled) return;
      settled = true;
      while (teardown.length) teardown.pop()!();
      end();
    };
    const abort = () => settle(() => reject(run.error(ErrorCode.ABORTED, 'Aborted by the merchant (signal).')));
    if (signal?.aborted) return abort();
    let notificationOrigin: string;
    try {
      const action = new URL(method.url);
      const notification = new URL(method.notification_url);
      if (!/^https?:$/.test(action.protocol) || !/^https?:$/.test(notification.protocol)) throw 0;
      notificationOrigin = notification.origin;
    } catch {
      return reject(run.error(ErrorCode.INVALID_RESPONSE, 'The API sent no valid 3DS Method URL.'));
    }

    const doc = document;
    // A name of our own: the form targets this frame and no other window of the page.
    const name = `gateway-3ds-method-${Math.random().toString(36).slice(2)}`;
    const frame = Object.assign(doc.createElement('iframe'), { name, hidden: true, title: '3DS Method' });
    frame.setAttribute('aria-hidden', 'true');
    frame.setAttribute('data-gateway', 'method');
    const form = Object.assign(doc.createElement('form'), {
      method: 'post',
      action: method.url,
      target: name,
      hidden: true,
    });
    const field = Object.assign(doc.createElement('input'), {
      type: 'hidden',
      name: METHOD_DATA_FIELD,
      value: method.three_ds_method_data,
    });
    form.append(field);

    const onMessage = (event: MessageEvent) => {
      const data = event.data as Partial<MethodNotifiedMessage> | null;
      // Only the notification page in our own frame counts: another frame or origin cannot end the wait.
      if (event.source !== frame.contentWindow || event.origin !== notificationOrigin) return;
      if (data?.type === METHOD_NOTIFIED_MESSAGE && data.threeDSServerTransID === method.three_ds_server_trans_id)
        settle(() => resolve('Y'));
    };
    addEventListener('message', onMessage);
    teardown.push(() => removeEventListener('message', onMessage));
    signal?.addEventListener('abort', abort);
    teardown.push(() => signal?.removeEventListener('abort', abort));
    const timer = setTimeout(() => settle(() => resolve('N')), METHOD_TIMEOUT_MS);
    teardown.push(() => clearTimeout(timer));
    const parent = doc.body ?? doc.documentElement;
    parent.append(frame, form);
    teardown.push(() => frame.remove());
    form.submit();
    form.remove();
  });
}
