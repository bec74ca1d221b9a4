import { html } from 'hono/html';
import type { ErrorItem } from '../../core/error-item';
import { assetUrl } from './challenge-assets';
import { PAGE_TEXTS, type PageLocale } from './challenge-page-texts';

type Markup = ReturnType<typeof html>;

// The host's script must run before its issuer frame exists (no message missed); the issuer's after its form is parsed.
// `preload`: what the next page (the issuer's, nested in the host) will need, fetched while this one runs.
const page = (
  locale: PageLocale,
  title: string,
  attributes: Record<string, string>,
  script: { src: string; defer: boolean; preload?: string } | null,
  body: Markup,
) => html`<!doctype html>
<html lang="${locale}"${Object.entries(attributes).map(([name, value]) => html` data-${name}="${value}"`)}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="${assetUrl('challenge.css')}">
${script?.preload ? html`<link rel="preload" href="${script.preload}" as="script">` : ''}
${script ? html`<script src="${script.src}"${script.defer ? html` defer` : ''}></script>` : ''}
</head>
${body}
</html>`;

/**
 * The challenge host page the SDK frames: the penpal child (its script, in <head>, runs before
 * the issuer frame exists) and the issuer page nested in it. `parent` is the SDK page's origin.
 */
export function hostPage(view: { locale: PageLocale; parent: string; acsFields: Record<string, string> }): Markup {
  const t = PAGE_TEXTS[view.locale];
  // The host's script posts this form (the base64url creq) into the issuer frame once the page is parsed.
  return page(
    view.locale,
    t.hostTitle,
    { parent: view.parent },
    { src: assetUrl('host.js'), defer: false, preload: assetUrl('acs.js') },
    html`<body class="host"><iframe id="acs" name="acs" title="${t.acsFrame}" allow="payment; publickey-credentials-get" data-gateway="issuer"></iframe>
<form id="creq" method="post" action="/challenge/acs" target="acs" hidden>${hiddenFields(view.acsFields)}</form></body>`,
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

/** The issuer (ACS) simulator page. Its script tells the host "ready" on the form and "ended" on the end. */
export function acsPage(view: AcsView): Markup {
  const t = PAGE_TEXTS[view.locale];
  const issuer = view.issuer ?? t.unknownIssuer;
  const top = html`<div class="top"><p class="issuer">${issuer}</p><p class="badge">${t.sandboxBadge}</p></div>`;
  const body =
    view.state === 'done'
      ? html`<body class="acs"><main>${top}<h1>${view.message}</h1><p>${t.returning}</p></main>${
          view.cres
            ? html`<form id="cres" method="post" action="/challenge/notification" hidden>${hiddenFields(view.cres)}</form>`
            : ''
        }</body>`
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
<input id="code" data-gateway="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required aria-describedby="${view.error ? 'error hint' : 'hint'}"${view.error ? html` aria-invalid="true"` : ''}>
${view.error ? html`<p id="error" class="error" role="alert">${view.error}</p>` : ''}
<p id="hint" class="hint">${t.hint}</p>
<div class="actions"><button type="submit" data-gateway="submit">${t.submit}</button><button type="button" id="cancel" data-gateway="cancel">${t.cancel}</button></div>
</form>
</main></body>`;
  // The data-gateway-* attributes are public API for integrators' tests (docs/testing.md).
  const attributes: Record<string, string> = { state: view.state, 'gateway-brand': view.brand };
  if (view.issuer) attributes['gateway-issuer'] = view.issuer;
  if (view.state === 'form') attributes['gateway-attempts-left'] = String(view.attemptsLeft);
  return page(view.locale, `${issuer}: ${t.heading}`, attributes, { src: assetUrl('acs.js'), defer: true }, body);
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
    html`<body><main><h1>${t.errorTitle}</h1><ul>${items.map((i) => html`<li><code>${i.parameterName || 'request'}</code> (${i.code}): ${i.description}</li>`)}</ul></main></body>`,
  );
}
