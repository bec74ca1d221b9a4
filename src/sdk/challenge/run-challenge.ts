import { connect, WindowMessenger, type RemoteProxy } from 'penpal';
import type { AuthenticationResource, ChallengeEndReason } from '../../core/authentication-resource';
import {
  CHALLENGE_LOCALE_PARAM,
  CHALLENGE_PARENT_PARAM,
  type ChallengeHostMethods,
  type ChallengeParentMethods,
} from '../../core/challenge-protocol';
import type { Config } from '../config';
import { ErrorCode } from '../errors/error-code';
import type { ChallengeInfo } from '../types';
import type { RequestOptions } from '../validate-request';
import { mountChallengeDialog, type ChallengeDialog } from './challenge-dialog';
import type { MethodRun } from './run-method';

// The 3DS Method travels in this chunk too: gateway.js stays small, and most method cards need a challenge anyway.
export { runMethod } from './run-method';

/**
 * What the challenge step needs from authenticate3DS. The script-tag build loads this module as
 * a second script only when a challenge comes, so it must not hold its own copy of the
 * transport or of GatewayError (`instanceof` would break): authenticate3DS lends both.
 */
export interface ChallengeRun {
  authentication: AuthenticationResource;
  config: Config;
  options: RequestOptions;
  /** Reads the authentication from the API with the latest setUp (GET /checkout-sdk/3ds/authentications/{id}). */
  readAuthentication(): Promise<AuthenticationResource>;
  /** Makes the SDK's GatewayError for this run. */
  error(code: ErrorCode, message: string): Error;
}

/** What the challenge module exports, however it is loaded. */
export interface ChallengeModule {
  runChallenge(run: ChallengeRun): Promise<AuthenticationResource>;
  /** The 3DS Method step (run-method.ts): `Y` when the issuer notified, `N` after 10 s without it. */
  runMethod(run: MethodRun): Promise<'Y' | 'N'>;
}

/** Default of `request.challengeTimeout`: the shopper's time for the challenge, and beforeChallenge's for open(). */
export const DEFAULT_CHALLENGE_TIMEOUT_MS = 600_000;
/** From open() until the issuer's page is ready. Past it the frame is broken or blocked. */
export const FRAME_READY_TIMEOUT_MS = 10_000;
/** From the frame's load event until the host page answers: an error page or a blocked frame loads but never answers. */
export const FRAME_ANSWER_TIMEOUT_MS = 2_000;
/** How long the host may take to record a cancel or timeout at the challenge origin before the SDK reads the API anyway. */
export const END_NOTICE_TIMEOUT_MS = 3_000;

// A merchant callback that throws must not break the flow, but the merchant should still see it.
const report = (error: unknown) =>
  queueMicrotask(() => {
    throw error;
  });

/**
 * Runs the challenge: reports REQUIRE_CHALLENGE, lets beforeChallenge decide when to open, shows
 * the issuer's page in a dialog, and once the frame says the challenge ended, reads the
 * authentication from the API and resolves with it. Rejects with a GatewayError for every other
 * end (canceled, timed out, frame error, aborted, never opened, not completed). Whatever the end,
 * dialog, frame, connection, timers and listeners are gone before the promise settles.
 */
export function runChallenge(run: ChallengeRun): Promise<AuthenticationResource> {
  const { authentication, config, options } = run;
  const { id, challenge } = authentication;
  const limit = options.challengeTimeout ?? DEFAULT_CHALLENGE_TIMEOUT_MS;
  // The API's own deadline for this challenge, measured on the API's clock (the shopper's may be
  // off): past it the issuer refuses the code, so the SDK gives up first, with its own code.
  // From updated_at: after a 3DS Method the challenge window starts when the method ended.
  const apiWindow = Date.parse(challenge?.expires_at ?? '') - Date.parse(authentication.updated_at);
  const endsAt = Date.now() + (Number.isFinite(apiWindow) && apiWindow > 0 ? apiWindow : limit);
  const remaining = () => Math.max(0, Math.min(limit, endsAt - Date.now()));

  return new Promise((resolve, reject) => {
    const teardown: Array<() => void> = [];
    let settled = false;
    let opened = false;
    let connected = false;
    let shown = false;
    let verifying = false;
    let stopping = false;
    let child: RemoteProxy<ChallengeHostMethods> | undefined;
    let hide = () => {};

    const settle = (end: () => void) => {
      if (settled) return;
      settled = true;
      while (teardown.length) teardown.pop()!();
      end();
    };
    const fail = (code: ErrorCode, message: string) => settle(() => reject(run.error(code, message)));
    // Once settled nothing new may be armed: a callback that ended the run (an abort from
    // onStatusChange, say) must not leave a listener or a timer behind.
    const on = (target: EventTarget, type: string, listener: (event: Event) => void) => {
      if (settled) return;
      target.addEventListener(type, listener);
      teardown.push(() => target.removeEventListener(type, listener));
    };
    const after = (ms: number, then: () => void) => {
      if (settled) return undefined;
      const timer = setTimeout(then, ms);
      teardown.push(() => clearTimeout(timer));
      return timer;
    };

    let src: URL;
    try {
      src = new URL(challenge!.url);
      if (src.origin !== challenge!.origin || !/^https?:$/.test(src.protocol)) throw 0;
    } catch {
      return fail(ErrorCode.INVALID_RESPONSE, 'The API sent no valid challenge URL.');
    }
    const origin = src.origin;
    src.searchParams.set(CHALLENGE_PARENT_PARAM, location.origin);
    src.searchParams.set(CHALLENGE_LOCALE_PARAM, config.locale);

    const { signal } = options;
    const abort = () => fail(ErrorCode.ABORTED, 'Aborted by the merchant (signal).');
    if (signal?.aborted) return abort();
    if (signal) on(signal, 'abort', abort);

    // A cancel or timeout is recorded at the API (through the host, which holds the challenge
    // token) before the promise settles, so the API can no longer complete it; then the API says
    // how it ended. A code the issuer accepted before the cancel arrived stands: the SDK resolves
    // with it, so SDK and API always tell the same story.
    const stop = async (reason: ChallengeEndReason, code: ErrorCode, message: string) => {
      if (stopping || verifying || settled) return;
      stopping = true;
      hide();
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        if (typeof child?.end === 'function') {
          await Promise.race([
            child.end(reason),
            new Promise((done) => (timer = setTimeout(done, END_NOTICE_TIMEOUT_MS))),
          ]);
        }
      } catch {
        // The host could not be reached: the API's own deadline still ends the challenge.
      }
      clearTimeout(timer);
      if (settled) return;
      try {
        const final = await run.readAuthentication();
        if (final.id === id && final.status === 'AUTH_FLOW_COMPLETED') return settle(() => resolve(final));
      } catch {
        // No answer from the API: the shopper's cancel (or the timeout) is still the end.
      }
      fail(code, message);
    };
    const cancel = () =>
      void stop(
        'CHALLENGE_CANCELED',
        ErrorCode.CHALLENGE_CANCELED,
        'The shopper closed the challenge: do not create the order.',
      );
    const frameError = (why: string) =>
      fail(ErrorCode.CHALLENGE_FRAME_ERROR, `The challenge frame ${why}: allow ${origin} in CSP frame-src.`);

    const ended = async () => {
      if (verifying || stopping || settled) return;
      verifying = true;
      try {
        const final = await run.readAuthentication();
        if (final.id === id && final.status === 'AUTH_FLOW_COMPLETED') settle(() => resolve(final));
        else
          fail(
            ErrorCode.CHALLENGE_NOT_COMPLETED,
            `The frame said the challenge ended; the API says ${String(final.status)}.`,
          );
      } catch (error) {
        settle(() => reject(error));
      }
    };

    const open = () => {
      if (opened || settled) return;
      opened = true;
      clearTimeout(notOpened);
      let ui: ChallengeDialog;
      try {
        ui = mountChallengeDialog(src.href, config.locale, authentication.challenge_window_size);
      } catch {
        return fail(ErrorCode.CHALLENGE_FRAME_ERROR, 'The browser cannot show a modal dialog.');
      }
      teardown.push(ui.remove);
      // Out of the shopper's way at once while a cancel is being recorded.
      hide = () => ui.dialog.open && ui.dialog.close();
      on(ui.closeButton, 'click', cancel);
      on(ui.dialog, 'cancel', (event) => {
        event.preventDefault();
        cancel();
      });
      // Closed by anything else (the page's own script, a form with method=dialog): canceled too.
      on(ui.dialog, 'close', cancel);
      on(document, 'securitypolicyviolation', (event) => {
        const uri = (event as SecurityPolicyViolationEvent).blockedURI;
        if (uri === origin || uri.startsWith(`${origin}/`)) frameError('was blocked');
      });
      let loaded = false;
      on(ui.frame, 'load', () => {
        if (loaded) return;
        loaded = true;
        after(FRAME_ANSWER_TIMEOUT_MS, () => connected || frameError('never answered'));
      });
      const notReady = after(FRAME_READY_TIMEOUT_MS, () => frameError('was not ready in 10 s'));
      const left = remaining();
      after(
        left,
        () =>
          void stop(
            'CHALLENGE_TIMEOUT',
            ErrorCode.CHALLENGE_TIMEOUT,
            `The shopper did not finish the challenge within ${left} ms.`,
          ),
      );

      const methods: ChallengeParentMethods = {
        ready() {
          if (shown || settled) return;
          shown = true;
          clearTimeout(notReady);
          ui.showFrame();
          // The frame has focus now; the code field inside it only if the host page puts it there.
          connection.promise.then((host) => host.focus()).catch(() => {});
        },
        ended,
        cancel,
      };
      const connection = connect<ChallengeHostMethods>({
        messenger: new WindowMessenger({ remoteWindow: ui.frame.contentWindow!, allowedOrigins: [origin] }),
        methods,
      });
      // destroy() rejects a handshake still pending; by then the outcome is decided.
      connection.promise.then(
        (remote) => {
          connected = true;
          child = remote;
        },
        () => {},
      );
      teardown.push(connection.destroy);
    };

    try {
      options.onStatusChange?.('REQUIRE_CHALLENGE');
    } catch (error) {
      report(error);
    }
    if (settled) return;
    const wait = remaining();
    const notOpened = after(wait, () =>
      fail(ErrorCode.CHALLENGE_NOT_OPENED, `beforeChallenge did not call open() within ${wait} ms.`),
    );
    const before = options.beforeChallenge;
    if (!before) return open();
    const info: ChallengeInfo = { brand: authentication.brand, open };
    if (authentication.issuer) info.issuer = authentication.issuer;
    try {
      before(info);
    } catch (error) {
      report(error);
      if (!opened) fail(ErrorCode.CHALLENGE_NOT_OPENED, 'beforeChallenge threw before open().');
    }
  });
}
