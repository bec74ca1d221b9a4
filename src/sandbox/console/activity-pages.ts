import { createHmac, timingSafeEqual } from 'node:crypto';
import { html } from 'hono/html';
import type { SandboxDeps } from '../app-env';
import type { DeliveryRecord, DeliveryState } from '../webhooks/webhook-outbox';
import { actionButton, type Fragment, statusBadge, when } from './console-layout';
import { answered, pretty, requestItem, resourceLink } from './resource-pages';
import type { WebhookAttempt } from '../webhooks/webhook-attempts';

/** How many rows a page of requests or deliveries shows. */
const PAGE = 25;

/** The request log, newest first, searchable by trace id (docs/console.md#request-log). */
export function requestLogPage(
  deps: SandboxDeps,
  merchantId: string,
  query: { trace_id?: string; before?: number },
): Fragment {
  const traceId = query.trace_id?.trim() || undefined;
  const page = deps.journal.requests.list(merchantId, { traceId, before: query.before, limit: PAGE });
  const next = page.next
    ? new URLSearchParams({ ...(traceId && { trace_id: traceId }), before: String(page.next) }).toString()
    : undefined;
  return html`<form class="filters" method="get" role="search" aria-label="Find a request">
<label>Trace id <input name="trace_id" value="${traceId ?? ''}" size="40"></label>
<button type="submit">Search</button>
${traceId ? html`<a class="button" href="/console/requests">Show all</a>` : ''}
</form>
${
  page.requests.length
    ? html`<ol class="timeline">${page.requests.map(
        (r) =>
          html`<li>${requestItem(r, Boolean(traceId))}${
            r.resources.length
              ? html`<p class="note">About ${r.resources.map((id, i) => html`${i ? ', ' : ''}${resourceLink(id)}`)}</p>`
              : ''
          }</li>`,
      )}</ol>`
    : html`<p>${traceId ? 'No request has this trace id.' : 'No request yet.'}</p>`
}
${next ? html`<p class="pager"><a href="?${next}">Older</a></p>` : ''}`;
}

const STATE_TABS: Array<{ state?: DeliveryState | 'retrying'; label: string }> = [
  { label: 'All' },
  { state: 'delivered', label: 'Delivered' },
  { state: 'retrying', label: 'Retrying' },
  { state: 'pending', label: 'Pending' },
  { state: 'given_up', label: 'Given up' },
];

/** A delivery's state as the lists show it: a pending one whose first attempt failed is retrying. */
const stateOf = (d: DeliveryRecord) => (d.state === 'pending' && d.attempt > 1 ? 'retrying' : d.state);

/** The last attempt's answer in a list: its status and the start of what the receiver said. */
const lastAnswer = (last: WebhookAttempt | undefined) =>
  last
    ? html`${last.status ?? last.outcome}${last.answerExcerpt ? html` <code>${last.answerExcerpt.slice(0, 60)}</code>` : ''}`
    : 'none yet';

/** The deliveries, by state (docs/console.md#webhooks). */
export function webhooksPage(
  deps: SandboxDeps,
  merchantId: string,
  query: { state?: string; before?: number },
): Fragment {
  const tab = STATE_TABS.find((t) => t.state === query.state) ?? STATE_TABS[0]!;
  const page = deps.webhooks.deliveries(merchantId, { state: tab.state, before: query.before, limit: PAGE });
  const href = (state?: string, before?: number) =>
    `?${new URLSearchParams({ ...(state && { state }), ...(before && { before: String(before) }) })}`;
  return html`<nav class="tabs" aria-label="Delivery states">${STATE_TABS.map(
    (t) => html`<a href="${href(t.state)}"${t === tab ? html` aria-current="page"` : ''}>${t.label}</a>`,
  )}</nav>
${
  page.deliveries.length
    ? html`<div class="table-wrap"><table class="stack">
<thead>
<tr>
<th scope="col">Delivery</th>
<th scope="col">Event</th>
<th scope="col">State</th>
<th scope="col">Attempts</th>
<th scope="col">Last answer</th>
<th scope="col">URL</th>
</tr>
</thead>
<tbody>${page.deliveries.map((d) => {
        const attempts = deps.journal.attempts.of(d.id);
        const last = attempts[attempts.length - 1];
        return html`<tr>
<td data-label="Delivery">
<a href="/console/webhooks/${d.id}">#${d.id}</a> ${when(d.createdAt)}</td>
<td data-label="Event">${d.eventType || 'notification'}<br>
<code>${d.eventId}</code>
</td>
<td data-label="State">${statusBadge(stateOf(d))}</td>
<td data-label="Attempts">${attempts.length}</td>
<td data-label="Last answer">${lastAnswer(last)}</td>
<td data-label="URL">
<code>${d.url}</code>
</td>
</tr>`;
      })}</tbody></table></div>`
    : html`<p>No delivery ${tab.state ? 'in this state' : 'yet'}.</p>`
}
${page.next ? html`<p class="pager"><a href="${href(tab.state, page.next)}">Older</a></p>` : ''}`;
}

/** The `t` and `v1` of an `x-gateway-signature` header. */
const parseSignature = (header: string | undefined) => {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '') ?? [];
  return t && v1 ? { t, v1 } : undefined;
};

/**
 * One delivery: its body, the signed string and header of its last attempt, a check of a secret
 * typed in (computed here, the secret never stored), every attempt, and the resend button.
 */
export function deliveryPage(deps: SandboxDeps, d: DeliveryRecord, typedSecret?: string): Fragment {
  const attempts = deps.journal.attempts.of(d.id);
  const last = [...attempts].reverse().find((a) => a.headers['x-gateway-signature']);
  const signature = parseSignature(last?.headers['x-gateway-signature']);
  const signed = signature ? `${signature.t}.${d.body}` : undefined;
  let verdict: Fragment = '';
  if (typedSecret !== undefined && signature && signed) {
    const expected = createHmac('sha256', typedSecret).update(signed).digest();
    const matches = timingSafeEqual(expected, Buffer.from(signature.v1, 'hex'));
    verdict = html`<p role="alert" class="${matches ? 's-ok' : 's-bad'}"><strong>${
      matches
        ? 'This secret signed the delivery: a receiver with it accepts the signature.'
        : 'This secret did not sign the delivery: a receiver with it refuses the signature.'
    }</strong></p>`;
  }
  return html`<dl class="facts">
<dt>Event</dt><dd>${d.eventType || 'notification'} <code>${d.eventId}</code></dd>
<dt>URL</dt><dd><code>${d.url}</code></dd>
<dt>State</dt><dd>${statusBadge(stateOf(d))}${d.state === 'pending' ? html` · next attempt ${d.attempt} at ${when(d.dueAt)}` : ''}</dd>
<dt>Recorded</dt><dd>${when(d.createdAt)}</dd>
</dl>
<div class="actions" role="group" aria-label="Actions">${
    d.state === 'pending'
      ? html`<span class="note">Pending: its own retries will send it.</span>`
      : actionButton('Resend', `/sandbox/webhook-deliveries/${d.id}/resend`, { tone: 'primary' })
  }</div>
<h2>Signature</h2>
${
  signed && last
    ? html`<p>Header as sent with attempt ${last.attempt}:</p><pre tabindex="0">x-gateway-signature: ${last.headers['x-gateway-signature']}</pre>
<p>Signed string: <code>t</code>, a dot, then the raw body (HMAC-SHA256 with the webhook secret):</p><pre id="signed-string" tabindex="0">${signed}</pre>
<form method="post" action="/console/webhooks/${d.id}/check" class="filters">
<label>Webhook secret to check <input name="secret" type="password" autocomplete="off" required size="40"></label>
<button type="submit">Check</button>
</form>
${verdict}`
    : html`<p>No attempt has been made yet.</p>`
}
<h2>Attempts</h2>
${
  attempts.length
    ? html`<ol class="timeline">${attempts.map(
        (a) => html`<li>
<details id="attempt-${a.attempt}">
<summary>
<span class="kind">Attempt ${a.attempt}</span> ${answered(a)} in ${a.durationMs} ms ${when(a.at)}</summary>
${a.answerExcerpt ? html`<p>Receiver answered:</p><pre tabindex="0">${a.answerExcerpt}</pre>` : html`<p class="note">${a.outcome}</p>`}
<p>Headers sent:</p><pre tabindex="0">${Object.entries(a.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n')}</pre>
</details>
${a.nextRetryAt !== undefined ? html`<p class="note">Next retry at ${when(a.nextRetryAt)}</p>` : ''}
${a.givenUp ? html`<p class="note">Given up: ${a.givenUp}</p>` : ''}</li>`,
      )}</ol>`
    : html`<p>None yet.</p>`
}
<h2>Body</h2>
<pre tabindex="0">${pretty(d.body)}</pre>`;
}
