import { createHmac, timingSafeEqual } from 'node:crypto';
import { html } from 'hono/html';
import type { DeliveryPageView, DeliveryView, RequestPageView } from '../journal/console-views';
import type { ShownDeliveryState } from '../webhooks/webhook-outbox';
import { actionButton, type Fragment, statusBadge, when } from './console-layout';
import { answered, fromNow, pretty, requestItem, resourceLink } from './resource-pages';

/** The request log's filters as the page was asked for them (its query, as typed). */
export interface RequestQuery {
  trace_id?: string;
  method?: string;
  path?: string;
  status?: string;
  since?: string;
  until?: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The request log, newest first, searchable by trace id, method, path, status and time (docs/console.md#request-log). */
export function requestLogPage(query: RequestQuery, page: RequestPageView, apiUrl: string, problem?: string): Fragment {
  const asked = Object.fromEntries(Object.entries(query).filter(([, v]) => v)) as Record<string, string>;
  const filtered = Object.keys(asked).length > 0;
  const next = page.next_before
    ? new URLSearchParams({ ...asked, before: String(page.next_before) }).toString()
    : undefined;
  return html`<form class="filters" method="get" role="search" aria-label="Find a request">
<label>Trace id <input name="trace_id" value="${query.trace_id ?? ''}" size="36"></label>
<label>Method <select name="method"><option value="">any</option>${METHODS.map(
    (m) => html`<option${query.method?.toUpperCase() === m ? ' selected' : ''}>${m}</option>`,
  )}</select></label>
<label>Path contains <input name="path" value="${query.path ?? ''}" size="18"></label>
<label>Status <input name="status" value="${query.status ?? ''}" size="5" placeholder="4xx"></label>
<label>From <input name="since" type="datetime-local" value="${query.since ?? ''}"></label>
<label>Until <input name="until" type="datetime-local" value="${query.until ?? ''}"></label>
<button type="submit">Search</button>
${filtered ? html`<a class="button" href="/console/requests">Show all</a>` : ''}
</form>
${problem ? html`<p role="alert" class="s-bad">${problem}</p>` : ''}
${
  page.requests.length
    ? html`<ol class="timeline">${page.requests.map(
        (r) =>
          html`<li>${requestItem(r, apiUrl, Boolean(query.trace_id))}${
            r.resources.length
              ? html`<p class="note">About ${r.resources.map((id, i) => html`${i ? ', ' : ''}${resourceLink(id)}`)}</p>`
              : ''
          }</li>`,
      )}</ol>`
    : html`<p>${filtered ? 'No request matches these filters.' : 'No request yet.'}</p>`
}
${next ? html`<p class="pager"><a href="?${next}">Older</a></p>` : ''}`;
}

const STATE_TABS: Array<{ state?: ShownDeliveryState; label: string }> = [
  { label: 'All' },
  { state: 'delivered', label: 'Delivered' },
  { state: 'retrying', label: 'Retrying' },
  { state: 'pending', label: 'Pending' },
  { state: 'given_up', label: 'Given up' },
];

/** The last attempt's answer in a list: its status and the start of what the receiver said. */
const lastAnswer = (d: DeliveryView) => {
  const last = d.attempts[d.attempts.length - 1];
  return last
    ? html`${last.status ?? last.outcome}${last.answer_excerpt ? html` <code>${last.answer_excerpt.slice(0, 60)}</code>` : ''}`
    : 'none yet';
};

/** The deliveries' filters as the page was asked for them. */
export interface DeliveryQuery {
  state?: string;
  event_type?: string;
  url?: string;
}

/** The deliveries, by state, event type and URL (docs/console.md#webhooks). */
export function webhooksPage(query: DeliveryQuery, page: DeliveryPageView): Fragment {
  const tab = STATE_TABS.find((t) => t.state === query.state) ?? STATE_TABS[0]!;
  const href = (state?: string, before?: number) =>
    `?${new URLSearchParams({
      ...(state && { state }),
      ...(query.event_type && { event_type: query.event_type }),
      ...(query.url && { url: query.url }),
      ...(before && { before: String(before) }),
    })}`;
  return html`<nav class="tabs" aria-label="Delivery states">${STATE_TABS.map(
    (t) => html`<a href="${href(t.state)}"${t === tab ? html` aria-current="page"` : ''}>${t.label}</a>`,
  )}</nav>
<form class="filters" method="get" role="search" aria-label="Filter deliveries">
${tab.state ? html`<input type="hidden" name="state" value="${tab.state}">` : ''}
<label>Event type <input name="event_type" value="${query.event_type ?? ''}" size="16" placeholder="CHARGE.PAID"></label>
<label>URL contains <input name="url" value="${query.url ?? ''}" size="24"></label>
<button type="submit">Filter</button>
</form>
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
<tbody>${page.deliveries.map(
        (d) => html`<tr>
<td data-label="Delivery">
<a href="/console/webhooks/${d.id}">#${d.id}</a> ${when(d.created_at)}</td>
<td data-label="Event">${d.event_type ?? 'notification'}<br>
<code>${d.event_id}</code>
</td>
<td data-label="State">${statusBadge(d.state)}</td>
<td data-label="Attempts">${d.attempts.length}</td>
<td data-label="Last answer">${lastAnswer(d)}</td>
<td data-label="URL">
<code>${d.url}</code>
</td>
</tr>`,
      )}</tbody></table></div>`
    : html`<p>No delivery ${tab.state || query.event_type || query.url ? 'matches these filters' : 'yet'}.</p>`
}
${page.next_before ? html`<p class="pager"><a href="${href(tab.state, page.next_before)}">Older</a></p>` : ''}`;
}

/** The `t` and `v1` of an `x-gateway-signature` header. */
const parseSignature = (header: string | undefined) => {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '') ?? [];
  return t && v1 ? { t, v1 } : undefined;
};

/** A pending delivery's next attempt: its number, its due time on the sandbox's clock, and how long until then. */
const nextAttempt = (d: DeliveryView) =>
  d.next_attempt
    ? html` · attempt ${d.next_attempt.attempt} due ${when(d.next_attempt.due_at)} (${fromNow(d.next_attempt.due_in_ms)})`
    : '';

/**
 * One delivery: its body, the signed string and header of its last attempt, a check of a secret
 * typed in (computed here, the secret never stored), every attempt, and the resend button.
 */
export function deliveryPage(d: DeliveryView, typedSecret?: string): Fragment {
  const attempts = d.attempts;
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
<dt>Event</dt><dd>${d.event_type ?? 'notification'} <code>${d.event_id}</code></dd>
<dt>URL</dt><dd><code>${d.url}</code></dd>
<dt>State</dt><dd>${statusBadge(d.state)}${nextAttempt(d)}</dd>
<dt>Recorded</dt><dd>${when(d.created_at)}</dd>
</dl>
<div class="actions" role="group" aria-label="Actions">${
    d.next_attempt
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
<span class="kind">Attempt ${a.attempt}</span> ${answered(a)} in ${a.duration_ms} ms ${when(a.at)}</summary>
${a.answer_excerpt ? html`<p>Receiver answered:</p><pre tabindex="0">${a.answer_excerpt}</pre>` : html`<p class="note">${a.outcome}</p>`}
<p>Headers sent:</p><pre tabindex="0">${Object.entries(a.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n')}</pre>
</details>
${a.next_retry_at !== null ? html`<p class="note">Next retry at ${when(a.next_retry_at)}</p>` : ''}
${a.given_up ? html`<p class="note">Given up: ${a.given_up}</p>` : ''}</li>`,
      )}</ol>`
    : html`<p>None yet.</p>`
}
<h2>Body</h2>
<pre tabindex="0">${pretty(d.body)}</pre>`;
}
