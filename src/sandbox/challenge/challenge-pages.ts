import { html, raw } from 'hono/html';
import type { ErrorItem } from '../../core/error-item';
import type { PageScript } from './challenge-assets';
import { CHALLENGE_PAGE_CSS } from './challenge-page-styles';
import { PAGE_TEXTS, type PageLocale } from './challenge-page-texts';

type Markup = ReturnType<typeof html>;

// The stylesheet is inline (its hash is in every page's CSP, page-headers.ts): no request for it,
// where a linked one cost a round trip on a browser's first challenge and a cache lookup after.
const STYLE = html`<style>${raw(CHALLENGE_PAGE_CSS)}</style>`;

// Scripts come at the end of the body (bodyScript), or, on the 3DS Method pages, deferred in the head.
const page = (
  locale: PageLocale,
  title: string,
  attributes: Record<string, string>,
  script: { src: string; defer: boolean } | null,
  body: Markup,
) => html`<!doctype html>
<html lang="${locale}"${Object.entries(attributes).map(([name, value]) => html` data-${name}="${value}"`)}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${STYLE}
${script ? html`<script src="${script.src}"${script.defer ? html` defer` : ''}></script>` : ''}
</head>
${body}
</html>`;

/**
 * A page's built script, inline as the body's last element (its hash is in the page's CSP): it
 * runs as soon as the page above it is parsed, with no fetch, not even from the cache. When the
 * script is not built, the page links its address instead, which answers how to build it.
 */
const bodyScript = (script: PageScript | undefined, src: string) =>
  script ? html`<script>${raw(script.inline)}</script>` : html`<script src="${src}"></script>`;

/**
 * The challenge host page the SDK frames: the penpal child and the issuer page nested in it.
 * `parent` is the SDK page's origin; `script` the built host script (challenge-assets.ts).
 */
export function hostPage(
  view: { locale: PageLocale; parent: string; acsFields: Record<string, string> },
  script: PageScript | undefined,
): Markup {
  const t = PAGE_TEXTS[view.locale];
  // The host's script, after the form, posts it (the base64url creq) into the issuer frame at once;
  // the issuer frame is still empty until then, so no message of the issuer page can come before
  // the script listens.
  const creqForm = html`<form id="creq" method="post" action="/challenge/acs" target="acs" hidden>${hiddenFields(view.acsFields)}</form>`;
  return page(
    view.locale,
    t.hostTitle,
    { parent: view.parent },
    null,
    html`<body class="host"><iframe id="acs" name="acs" title="${t.acsFrame}" allow="payment; publickey-credentials-get" data-gateway="issuer"></iframe>
${creqForm}${bodyScript(script, '/challenge/host.js')}</body>`,
  );
}

const hiddenFields = (fields: Record<string, string>) =>
  Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`);

/** What the issuer page shows: the code form (with an error after a bad code) or the end. */
export type AcsView = {
  locale: PageLocale;
  issuer: string | null;
  /** Formatted amount, e.g. "R$ 100,00". */
  amount: string;
  /** "Visa final 2503", or '' when the authentication has no last digits (a data file written before it kept them). */
  card: string;
  /** The card brand as the API names it (`visa`), for tests: data-gateway-brand. */
  brand: string;
} & (
  | { state: 'form'; authenticationId: string; token: string; parent: string; error?: string; attemptsLeft: number }
  /** `cres`: the fields the page's script posts on to the notification URL (the challenge just ended). */
  | { state: 'done'; message: string; cres?: Record<string, string> }
);

/**
 * The issuer (ACS) simulator page. Its script, the body's last element, tells the host "ready"
 * once the form above it is parsed, and "ended" on the end. `script`: the built issuer script.
 */
export function acsPage(view: AcsView, script: PageScript | undefined): Markup {
  const t = PAGE_TEXTS[view.locale];
  const issuer = view.issuer ?? t.unknownIssuer;
  const inline = bodyScript(script, '/challenge/acs.js');
  const top = html`<div class="top"><p class="issuer">${issuer}</p><p class="badge">${t.sandboxBadge}</p></div>`;
  const body =
    view.state === 'done'
      ? html`<body class="acs"><main>${top}<h1>${view.message}</h1><p>${t.returning}</p></main>${
          view.cres
            ? html`<form id="cres" method="post" action="/challenge/notification" hidden>${hiddenFields(view.cres)}</form>`
            : ''
        }${inline}</body>`
      : html`<body class="acs"><main>${top}
<h1>${t.heading}</h1>
<p>${t.purchase(view.amount, view.card)}</p>
<p>${t.sent}</p>
<form method="post" action="/challenge/acs">
<input type="hidden" name="authentication" value="${view.authenticationId}">
<input type="hidden" name="token" value="${view.token}">
<input type="hidden" name="parent" value="${view.parent}">
<input type="hidden" name="locale" value="${view.locale}">
<label for="code">${t.codeLabel}</label>
<input id="code" data-gateway="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6"
 required aria-describedby="${view.error ? 'error hint' : 'hint'}"${view.error ? html` aria-invalid="true"` : ''}>
${view.error ? html`<p id="error" class="error" role="alert">${view.error}</p>` : ''}
<p id="hint" class="hint">${t.hint}</p>
<div class="actions"><button type="submit" data-gateway="submit">${t.submit}</button><button
 type="button" id="cancel" data-gateway="cancel">${t.cancel}</button></div>
</form>
</main>${inline}</body>`;
  // The data-gateway-* attributes are public API for integrators' tests (docs/testing.md).
  const attributes: Record<string, string> = { state: view.state, 'gateway-brand': view.brand };
  if (view.issuer) attributes['gateway-issuer'] = view.issuer;
  if (view.state === 'form') attributes['gateway-attempts-left'] = String(view.attemptsLeft);
  return page(view.locale, `${issuer}: ${t.heading}`, attributes, null, body);
}

/**
 * The issuer's (ACS) 3DS Method page, in the SDK's hidden iframe: with `notify` its script
 * form-posts `threeDSMethodData` on to the notification URL at once; without, it stays blank
 * (an issuer that never notifies).
 */
export function methodPage(view: { notify: { url: string; methodData: string } | null }): Markup {
  const form = view.notify
    ? html`<form method="post" action="${view.notify.url}"><input type="hidden" name="threeDSMethodData" value="${view.notify.methodData}"></form>`
    : '';
  return page(
    'en',
    '3DS Method',
    { state: 'method' },
    view.notify ? { src: '/challenge/method.js', defer: true } : null,
    html`<body>${form}</body>`,
  );
}

/** The 3DS server's notification page: its script tells the SDK's page (its parent) which method ended. */
export function methodNotificationPage(transId: string): Markup {
  return page(
    'en',
    '3DS Method notification',
    { state: 'method-notified', 'trans-id': transId },
    { src: '/challenge/method-notified.js', defer: true },
    html`<body></body>`,
  );
}

/** A page for a challenge URL that cannot be served: each problem with the parameter it names. */
export function errorPage(locale: PageLocale, items: readonly ErrorItem[]): Markup {
  const t = PAGE_TEXTS[locale];
  return page(
    locale,
    t.errorTitle,
    { state: 'error' },
    null,
    html`<body><main><h1>${t.errorTitle}</h1><ul>${items.map(
      (i) => html`<li><code>${i.parameterName || 'request'}</code> (${i.code}): ${i.description}</li>`,
    )}</ul></main></body>`,
  );
}
