import { html, raw } from 'hono/html';
import type { PageScript } from '../challenge/challenge-assets';
import type { HtmlEscapedString } from 'hono/utils/html';
import { timestamp } from '../clock';

/** Something the pages render: escaped HTML, or nothing. */
export type Fragment = HtmlEscapedString | Promise<HtmlEscapedString> | string | undefined | false;

/** The console's sections, in the navigation's order. */
const SECTIONS = [
  { path: '/console/orders', label: 'Orders' },
  { path: '/console/charges', label: 'Charges' },
  { path: '/console/authentications', label: '3DS' },
  { path: '/console/qr-codes', label: 'Pix' },
  { path: '/console/boletos', label: 'Boletos' },
  { path: '/console/checkouts', label: 'Checkouts' },
  { path: '/console/requests', label: 'Requests' },
  { path: '/console/webhooks', label: 'Webhooks' },
  { path: '/console/account', label: 'Account' },
] as const;

/** A time as the console shows it: São Paulo time, to the second, with its offset. */
const shownTime = (ms: number): string => {
  const text = timestamp(new Date(ms));
  return `${text.slice(0, 10)} ${text.slice(11, 19)} ${text.slice(23)}`;
};

/** A `<time>` of an instant on the sandbox's clock (which the header's buttons move), said so on hover. */
export const when = (ms: number) =>
  html`<time datetime="${new Date(ms).toISOString()}" title="sandbox time">${shownTime(ms)}</time>`;

/** A status as a badge coloured by what it means (the text says it too). */
export function statusBadge(status: string | null | undefined) {
  if (!status) return html`<span class="note">none</span>`;
  // The bad words first: NOT_AUTHENTICATED contains AUTHENTICATED.
  const tone = /DECLINED|CANCELED|EXPIRED|FAILED|NOT_AUTHENTICATED|given_up|^[45]\d\d$/.test(status)
    ? 's-bad'
    : /PAID|AUTHENTICATED|AUTH_FLOW_COMPLETED|delivered|^2\d\d$/.test(status)
      ? 's-ok'
      : 's-wait';
  return html`<span class="status ${tone}">${status}</span>`;
}

/** A button that POSTs to one of the sandbox's endpoints (console.js sends it with the console's cookie). */
export const actionButton = (
  label: string,
  url: string,
  options: { body?: unknown; confirm?: string; tone?: 'primary' | 'danger' } = {},
) =>
  html`<button type="button" class="${options.tone ?? ''}" data-post="${url}" data-label="${label}"${
    options.body === undefined ? '' : html` data-body="${JSON.stringify(options.body)}"`
  }${options.confirm ? html` data-confirm="${options.confirm}"` : ''}>${label}</button>`;

/** A date the clock form offers: the sandbox's now plus a day, as datetime-local writes it in São Paulo time. */
const dateInput = (nowMs: number) => timestamp(new Date(nowMs + 86_400_000)).slice(0, 16);

/**
 * The page around a section: skip link, navigation, the sandbox's clock with its buttons (+1
 * hour, +1 day, a date) and the reset, a live region for what a button did, then the content.
 */
export function page(options: {
  title: string;
  section: string;
  nowMs: number;
  body: Fragment;
  refreshUrl?: string;
  /** The console's built script, carried inline; undefined when not built (then linked). */
  script?: PageScript;
}) {
  const { title, section, nowMs, body, refreshUrl, script } = options;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Gateway sandbox console</title>
<link rel="icon" href="/console/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/console/console.css">
${script ? '' : html`<script src="/console/console.js" defer></script>`}
</head>
<body data-now-ms="${nowMs}"${refreshUrl ? html` data-refresh-url="${refreshUrl}"` : ''}>
<a class="skip" href="#content">Skip to content</a>
<header>
<span class="brand">Gateway sandbox</span>
<nav aria-label="Sections"><ul>${SECTIONS.map(
    (s) => html`<li><a href="${s.path}"${s.path === section ? html` aria-current="page"` : ''}>${s.label}</a></li>`,
  )}</ul></nav>
<div class="clock" role="group" aria-label="Sandbox clock">
<span>Sandbox time <span id="clock-now">${shownTime(nowMs)}</span></span>
${actionButton('+1 hour', '/sandbox/clock/advance', { body: { seconds: 3_600 } })}
${actionButton('+1 day', '/sandbox/clock/advance', { body: { seconds: 86_400 } })}
<form data-advance-to><label>Move to <input id="clock-date" type="datetime-local" value="${dateInput(nowMs)}"></label><button type="submit">Move</button></form>
${actionButton('Reset all data', '/sandbox/reset', {
  tone: 'danger',
  confirm: 'Delete every order, charge, authentication, notification and the request log? The account stays.',
})}
</div>
</header>
<main id="content" tabindex="-1">
<h1>${title}</h1>
${body}
</main>
<p id="announce" role="status" aria-live="polite"></p>
${script ? html`<script>${raw(script.inline)}</script>` : ''}
</body>
</html>`;
}
