import { html } from 'hono/html';
import type {
  AttemptView,
  ChallengeCodeView,
  RequestView,
  ResourcePageView,
  ResourceView,
  TimelineEntryView,
  TimelineView,
} from '../journal/console-views';
import type { ResourceKind } from '../journal/resource-index';
import type { CHANGE_SOURCES } from '../openapi/journal-schemas';
import { IDEMPOTENCY_HEADER } from '../idempotency/idempotency-key';
import { formatBrl } from '../values/money';
import { actionButton, type Fragment, statusBadge, when } from './console-layout';

/**
 * The console's lists, one per kind of resource: its section path, title and kind. A new kind
 * joins the console by a row here, a kind in journal/resource-index.ts and its details in
 * journal/console-views.ts.
 */
export const LISTS: Record<string, { kind: ResourceKind; title: string }> = {
  orders: { kind: 'order', title: 'Orders' },
  charges: { kind: 'charge', title: 'Charges' },
  authentications: { kind: 'authentication', title: '3DS authentications' },
  'qr-codes': { kind: 'qr_code', title: 'Pix QR codes' },
  boletos: { kind: 'boleto', title: 'Boletos' },
  checkouts: { kind: 'checkout', title: 'Checkouts (payment links)' },
};

const KIND_NAMES: Record<ResourceKind, string> = {
  order: 'Order',
  charge: 'Charge',
  authentication: '3DS authentication',
  qr_code: 'Pix QR code',
  boleto: 'Boleto',
  checkout: 'Checkout',
};

/** A resource's status as its list and page show it: an order without a charge has none yet. */
const statusOf = (r: ResourceView) =>
  !r.status && r.kind === 'order' ? html`<span class="note">no charge yet</span>` : statusBadge(r.status);

/** A 3DS authentication's outcome beside its flow's status: AUTH_FLOW_COMPLETED alone does not say whether the shopper passed. */
const outcomeOf = (r: ResourceView) =>
  r.kind === 'authentication' && r.authentication_status ? html` ${statusBadge(r.authentication_status)}` : '';

export const resourceLink = (id: string) => html`<a href="/console/resources/${id}"><code>${id}</code></a>`;

const amountOf = (cents: number | null) => (cents === null ? '' : formatBrl(cents));

/** The filters a list was asked for, from its query. */
export interface ListFilter {
  id?: string;
  reference_id?: string;
  status?: string;
  before?: number;
}

/** A list page: the filter form, the newest resources of one kind, and a link to older ones. */
export function listPage(section: string, filter: ListFilter, found: ResourcePageView): Fragment {
  const query = (before: number) =>
    new URLSearchParams({
      ...(filter.id && { id: filter.id }),
      ...(filter.reference_id && { reference_id: filter.reference_id }),
      ...(filter.status && { status: filter.status }),
      before: String(before),
    }).toString();
  return html`<form class="filters" method="get" role="search" aria-label="Filter ${LISTS[section]!.title}">
<label>Id <input name="id" value="${filter.id ?? ''}" size="30"></label>
<label>reference_id <input name="reference_id" value="${filter.reference_id ?? ''}"></label>
<label>Status <input name="status" value="${filter.status ?? ''}" size="12"></label>
<button type="submit">Filter</button>
</form>
${
  found.resources.length
    ? html`<div class="table-wrap"><table class="stack">
<caption class="note">Newest first${filter.before ? ' (older page)' : ''}</caption>
<thead>
<tr>
<th scope="col">Id</th>
<th scope="col">Status</th>
<th scope="col">Amount</th>
<th scope="col">Method</th>
<th scope="col">Customer</th>
<th scope="col">reference_id</th>
<th scope="col">Created</th>
<th scope="col">Updated</th>
</tr>
</thead>
<tbody>${found.resources.map(
        (r) =>
          html`<tr>
<td data-label="Id">${resourceLink(r.id)}</td>
<td data-label="Status"><span>${statusOf(r)}${outcomeOf(r)}</span></td>
<td data-label="Amount">${amountOf(r.amount)}</td>
<td data-label="Method">${r.payment_method ?? ''}</td>
<td data-label="Customer">${r.customer ?? ''}</td>
<td data-label="reference_id">${r.reference_id ?? ''}</td>
<td data-label="Created">${when(r.created_at)}</td>
<td data-label="Updated">${when(r.updated_at)}</td>
</tr>`,
      )}</tbody></table></div>`
    : html`<p>Nothing yet${filter.id || filter.reference_id || filter.status ? ' matches these filters' : ''}: the list fills as the API answers.</p>`
}
${found.next_before ? html`<p class="pager"><a href="?${query(found.next_before)}">Older</a></p>` : ''}`;
}

/** The buttons of a resource, each calling the API endpoint a test or a script calls too. */
function actions(r: ResourceView): Fragment {
  const buttons = [];
  if (r.kind === 'qr_code' && r.status === 'WAITING') {
    buttons.push(actionButton('Pay this Pix code', `/sandbox/qr-codes/${r.id}/pay`, { tone: 'primary' }));
    buttons.push(actionButton('Expire it', `/sandbox/qr-codes/${r.id}/expire`));
  }
  if (r.kind === 'boleto' && r.status === 'WAITING') {
    buttons.push(actionButton('Pay this boleto', `/sandbox/charges/${r.id}/boleto/pay`, { tone: 'primary' }));
    buttons.push(actionButton('Expire it', `/sandbox/charges/${r.id}/boleto/expire`));
  }
  if (r.kind === 'checkout' && r.status === 'ACTIVE')
    buttons.push(actionButton('Inactivate', `/checkouts/${r.id}/inactivate`));
  if (r.kind === 'checkout' && r.status === 'INACTIVE')
    buttons.push(actionButton('Activate', `/checkouts/${r.id}/activate`, { tone: 'primary' }));
  if (r.kind === 'charge' && r.status === 'AUTHORIZED')
    buttons.push(actionButton('Capture', `/charges/${r.id}/capture`, { tone: 'primary' }));
  if ((r.kind === 'charge' || r.kind === 'boleto') && (r.status === 'AUTHORIZED' || r.status === 'PAID'))
    buttons.push(actionButton('Cancel', `/charges/${r.id}/cancel`, { confirm: 'Cancel (refund) this charge?' }));
  return buttons.length ? html`<div class="actions" role="group" aria-label="Actions">${buttons}</div>` : '';
}

/** A word for the shell, in single quotes. */
const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * A request as a curl command to run it again: the token as a shell variable (never written in
 * the page), the body as the log keeps it, card data masked, so a card request needs its card put
 * back before it is sent. The path is the logged one, without its query (the log keeps none).
 */
function curlOf(r: RequestView, apiUrl: string): string {
  const lines = [
    `curl -X ${r.method} ${shellQuoted(apiUrl + r.path)}`,
    `-H "Authorization: Bearer $GATEWAY_TOKEN"`,
    ...(r.idempotency_key ? [`-H ${shellQuoted(`${IDEMPOTENCY_HEADER}: ${r.idempotency_key}`)}`] : []),
    ...(r.request_body ? [`-H 'content-type: application/json'`, `--data-raw ${shellQuoted(r.request_body)}`] : []),
  ];
  return lines.join(' \\\n  ');
}

/** One request of a timeline or the log: its line, and its bodies and curl command on demand. */
export const requestItem = (
  r: RequestView,
  apiUrl: string,
  open = false,
) => html`<details id="request-${r.id}"${open ? ' open' : ''}>
<summary><span class="kind">Request</span> <code>${r.method} ${r.path}</code> ${statusBadge(String(r.status))} ${when(r.at)}</summary>
<dl class="facts">
<dt>Trace id</dt><dd><a href="/console/requests?trace_id=${encodeURIComponent(r.trace_id)}"><code>${r.trace_id}</code></a></dd>
<dt>Idempotency key</dt><dd>${r.idempotency_key ? html`<code>${r.idempotency_key}</code>` : 'none'}${r.replayed ? ' (answer replayed)' : ''}</dd>
<dt>Duration</dt><dd>${r.duration_ms} ms</dd>
</dl>
${r.request_body ? html`<p>Request body (card data masked)</p><pre tabindex="0">${pretty(r.request_body)}</pre>` : ''}
${r.response_body ? html`<p>Answer</p><pre tabindex="0">${pretty(r.response_body)}</pre>` : ''}
<p>As curl (set <code>GATEWAY_TOKEN</code> first; card data stays masked):
<button type="button" data-copy="curl-${r.id}">Copy as curl</button></p>
<pre id="curl-${r.id}" class="curl" tabindex="0">${curlOf(r, apiUrl)}</pre>
</details>`;

/** JSON indented for reading; anything else as it is. */
export const pretty = (text: string): string => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

/** What made a status change, or where it was seen: a request (linked by its trace id), the simulator, the clock, a button, a notification. */
const seenIn = (source: (typeof CHANGE_SOURCES)[number], id: string | null) => {
  const request = id ? html` <a href="/console/requests?trace_id=${encodeURIComponent(id)}">${id}</a>` : '';
  switch (source) {
    case 'request':
      return html`by the request${request}`;
    case 'simulator':
      return html`by the simulator${request}`;
    case 'console':
      return html`by a console button${request}`;
    case 'clock':
      return 'by the clock';
    case 'notification':
      return html`seen in notification <code>${id}</code>`;
  }
};

/** An attempt's outcome as a badge: the receiver's status, or why none came. */
export const answered = (a: AttemptView) => statusBadge(a.status === null ? a.outcome : String(a.status));

/**
 * A due time as a developer waits for it: how long after the sandbox's now ("in 4 min"), which is
 * also how long in real time unless the clock is moved (a move past it sends it at once).
 */
export const fromNow = (inMs: number) => {
  const s = Math.round(inMs / 1000);
  return s < 1
    ? 'now'
    : s < 90
      ? `in ${s} s`
      : s < 5400
        ? `in ${Math.round(s / 60)} min`
        : `in ${Math.round(s / 3600)} h`;
};

/** One entry of a resource's timeline. */
function timelineItem(e: TimelineEntryView, apiUrl: string, kind: ResourceKind): Fragment {
  switch (e.type) {
    case 'request':
      return html`<li>${requestItem(e.request, apiUrl)}</li>`;
    case 'state_change':
      return html`<li><span class="kind">Status</span> ${
        // Another resource's change on this timeline (an order's Pix code that expired): named by its linked id.
        e.resource_id ? html`${resourceLink(e.resource_id)}: ` : ''
      }${
        e.from
          ? html`${statusBadge(e.from)} → `
          : e.created
            ? 'created '
            : kind === 'order'
              ? html`<span class="note">no charge yet</span> → `
              : ''
      }${statusBadge(e.to)} ${when(e.at)}
<span class="note">${seenIn(e.source, e.source_id)}</span>
</li>`;
    case 'event':
      return html`<li>
<span class="kind">Event</span> <a href="/console/webhooks/${e.delivery_id}">${e.event_type ?? 'notification'} <code>${e.event_id}</code>
</a> to <code>${e.url}</code> ${when(e.at)}</li>`;
    case 'delivery_attempt': {
      const a = e.attempt;
      return html`<li>
<span class="kind">Delivery</span> attempt ${a.attempt} to <code>${a.url}</code>:
${answered(a)} in ${a.duration_ms} ms ${when(a.at)}
${a.answer_excerpt ? html`<br><span class="note">Receiver answered:</span> <code>${a.answer_excerpt}</code>` : ''}
${a.next_retry_at !== null ? html`<br><span class="note">Next retry at</span> ${when(a.next_retry_at)}` : ''}
${a.given_up ? html`<br><span class="note">Given up: ${a.given_up}</span>` : ''}
<br>
<span class="note">Signature header:</span> <code class="wrap">${a.headers['x-gateway-signature'] ?? 'none'}</code>
· <a href="/console/webhooks/${e.delivery_id}">delivery ${e.delivery_id}</a>
</li>`;
    }
  }
}

/** What a submitted code did, in words beside its badge. */
const CODE_OUTCOME_TEXT: Record<ChallengeCodeView['outcome'], string> = {
  RETRY: 'wrong code, another may be typed',
  AUTHENTICATED: 'the challenge passed',
  NOT_AUTHENTICATED: 'the challenge failed',
  MALFORMED: 'not 6 digits, not counted',
};

/**
 * The codes submitted in a 3DS challenge, oldest first: each with when, accepted or refused, and
 * what it decided. A challenge of an older data file has its count of wrong codes and no codes.
 */
function codesTried(r: ResourceView): Fragment {
  const codes = r.challenge_codes ?? [];
  const wrong = r.wrong_codes ? `${r.wrong_codes} wrong` : 'no wrong code';
  if (!codes.length) return r.wrong_codes ? `${wrong} (the codes were not kept)` : wrong;
  return html`${wrong}<ol class="codes">${codes.map(codeItem)}</ol>`;
}

const codeItem = (c: ChallengeCodeView) => html`<li><code>${c.code}</code>
<span class="status ${c.result === 'accepted' ? 's-ok' : 's-bad'}">${c.result}</span>
${statusBadge(c.outcome)} <span class="note">${CODE_OUTCOME_TEXT[c.outcome]},
${c.via === 'issuer_page' ? 'on the issuer page' : 'through the sandbox API'}</span> ${when(c.at)}</li>`;

/** A resource's page: what it is, its links, its buttons, and its timeline. */
export function resourcePage(view: TimelineView, apiUrl: string): Fragment {
  const r = view.resource;
  return html`<dl class="facts">
<dt>Kind</dt><dd>${KIND_NAMES[r.kind]}</dd>
<dt>Status</dt><dd>${statusOf(r)}</dd>
${
  r.kind === 'authentication'
    ? html`<dt>Authentication</dt><dd>${r.authentication_status ? statusBadge(r.authentication_status) : html`<span class="note">not completed</span>`}</dd>
<dt>Codes tried</dt><dd>${codesTried(r)}</dd>`
    : ''
}
${r.amount !== null ? html`<dt>Amount</dt><dd>${amountOf(r.amount)}</dd>` : ''}
${r.payment_method ? html`<dt>Method</dt><dd>${r.payment_method}</dd>` : ''}
${r.customer ? html`<dt>Customer</dt><dd>${r.customer}</dd>` : ''}
${r.reference_id ? html`<dt>reference_id</dt><dd>${r.reference_id}</dd>` : ''}
<dt>First seen</dt><dd>${when(r.created_at)}</dd>
<dt>Linked</dt><dd>${r.links.length ? r.links.map((id, i) => html`${i ? ', ' : ''}${resourceLink(id)}`) : 'nothing'}</dd>
</dl>
${actions(r)}
<h2>Timeline</h2>
${
  view.timeline.length
    ? html`<ol class="timeline">${view.timeline.map((e) => timelineItem(e, apiUrl, r.kind))}</ol>`
    : html`<p>Nothing recorded yet.</p>`
}`;
}

export const kindName = (kind: ResourceKind) => KIND_NAMES[kind];
