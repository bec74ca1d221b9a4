// Script of the challenge host page, bundled as a browser IIFE, inline at the end of the page's body.
// It is the penpal child the SDK connects to, and relays what the nested issuer page says. It
// decides nothing: the SDK reads the outcome from the API.
import { connect, WindowMessenger } from 'penpal';
import type { ChallengeEndReason } from '../../core/authentication-resource';
import {
  CHALLENGE_END_PATH,
  type ChallengeHostMethods,
  type ChallengeParentMethods,
} from '../../core/challenge-protocol';
import { ACS_MESSAGE, HOST_MESSAGE, type AcsMessage } from './acs-messages';

// The server put the SDK page's origin here after checking it; penpal talks to that origin only.
const parentOrigin = document.documentElement.dataset.parent ?? '';
const acsFrame = () => document.getElementById('acs') as HTMLIFrameElement | null;

const methods: ChallengeHostMethods = {
  // The SDK's cancel or timeout, recorded at the challenge origin with this page's own challenge
  // parameters (its URL holds the token). Resolves once the origin answered, whatever it answered:
  // the SDK reads the outcome from the API, never from this page.
  async end(reason: ChallengeEndReason) {
    const body = new URLSearchParams(location.search);
    body.set('reason', reason);
    await fetch(CHALLENGE_END_PATH, { method: 'POST', body, credentials: 'omit' }).catch(() => {});
  },
  focus() {
    const frame = acsFrame();
    frame?.focus();
    frame?.contentWindow?.postMessage({ type: HOST_MESSAGE.FOCUS }, location.origin);
  },
};
const sdk = connect<ChallengeParentMethods>({
  messenger: new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: [parentOrigin] }),
  methods,
}).promise;

const tell = (method: keyof ChallengeParentMethods) =>
  sdk
    .then((remote) => remote[method]())
    .catch(() => {
      // The SDK already settled and closed the connection: nobody is left to tell.
    });

const RELAY: Record<string, keyof ChallengeParentMethods> = {
  [ACS_MESSAGE.READY]: 'ready',
  [ACS_MESSAGE.ENDED]: 'ended',
  [ACS_MESSAGE.CANCEL]: 'cancel',
};

// Listening before the creq is posted below: the issuer frame is empty until then, so no message of it is missed.
addEventListener('message', (event) => {
  const frame = acsFrame();
  // WebKit gives this window, not the issuer's, as the source of what the issuer page posts from an
  // event listener (its Cancel button). Both are this origin, whose pages can script this one anyway.
  if (event.origin !== location.origin || !frame || (event.source !== frame.contentWindow && event.source !== window))
    return;
  const method = RELAY[String((event.data as Partial<AcsMessage> | null)?.type)];
  if (method) void tell(method);
});

// The SDK focuses this frame when the issuer page is ready: pass focus on to the code field.
addEventListener('focus', () => setTimeout(() => acsFrame()?.focus()));

// The issuer page opens with the creq form (EMV 3DS CReq), posted into the issuer frame at once:
// this script is the body's last element, after the frame and the form.
(document.getElementById('creq') as HTMLFormElement | null)?.submit();
