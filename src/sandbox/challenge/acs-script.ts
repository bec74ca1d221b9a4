// Script of the issuer (ACS) simulator page, bundled as a browser IIFE, inline at the end of the
// page's body (after the form). It tells the host page that nests it what happened, by
// postMessage to its own origin only.
import { ACS_MESSAGE, HOST_MESSAGE, type AcsMessage, type AcsMessageType } from './acs-messages';

const post = (type: AcsMessageType) => parent.postMessage({ type } satisfies AcsMessage, location.origin);

// A challenge that just ended first posts its cres to the notification URL, whose page then says "ended".
const cres = document.getElementById('cres') as HTMLFormElement | null;
if (cres) cres.submit();
else post(document.documentElement.dataset.state === 'done' ? ACS_MESSAGE.ENDED : ACS_MESSAGE.READY);

addEventListener('keydown', (event) => {
  if (event.key === 'Escape') post(ACS_MESSAGE.CANCEL);
});
document.getElementById('cancel')?.addEventListener('click', () => post(ACS_MESSAGE.CANCEL));

const code = document.getElementById('code') as HTMLInputElement | null;
addEventListener('focus', () => code?.focus());
// The host page asks when the SDK shows this page (a window focus event does not come everywhere).
addEventListener('message', (event) => {
  if (
    event.origin === location.origin &&
    event.source === parent &&
    (event.data as { type?: unknown } | null)?.type === HOST_MESSAGE.FOCUS
  )
    code?.focus();
});

// One submission at a time: a double click must not count two wrong codes.
const form = document.querySelector('form');
form?.addEventListener('submit', () => {
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  if (button) button.disabled = true;
});
