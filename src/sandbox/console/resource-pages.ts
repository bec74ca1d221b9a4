import { html } from 'hono/html';
import type { SandboxDeps } from '../app-env';

import type { LoggedRequest } from '../journal/request-journal';
import type { IndexedResource, ResourceKind } from '../journal/resource-index';
import type { WebhookAttempt } from '../webhooks/webhook-attempts';
import { actionButton, type Fragment, statusBadge, when } from './console-layout';

/** Each list's section path, title and what its id looks like. */
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

/** How many rows a list page shows. */
const PAGE = 25;

/** A resource's status as its list and page show it: an order without a charge has none yet. */
const statusOf = (r: IndexedResource) =>
  !r.status && r.kind === 'order' ? html`<span class="note">no charge yet</span>` : statusBadge(r.status);

export const resourceLink = (id: string) => html`<a href="/console/resources/${id}"><code>${id}</code></a>`;

/** The filters a list was asked for, from its query. */
export interface ListFilter {
  id?: string;
  reference_id?: string;
  status?: string;
  before?: number;
}

/** A list page: the filter form, the newest resources of one kind, and a link to older ones. */
export function listPage(deps: SandboxDeps, merchantId: string, section: string, filter: ListFilter): Fragment {
  const { kind } = LISTS[section]!;
  const found = deps.journal.resources.list(merchantId, kind, {
    id: filter.id || undefined,
    referenceId: filter.reference_id || undefined,
    status: filter.status || undefined,
    before: filter.before,
    limit: PAGE,
  });
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
<th scope="col">reference_id</th>
<th scope="col">Created</th>
<th scope="col">Updated</th>
</tr>
</thead>
<tbody>${found.resources.map(
        (r) =>
          html`<tr>
<td data-label="Id">${resourceLink(r.id)}</td>
<td data-label="Status">${statusOf(r)}</td>
<td data-label="reference_id">${r.referenceId ?? ''}</td>
<td data-label="Created">${when(r.createdAt)}</td>
<td data-label="Updated">${when(r.updatedAt)}</td>
</tr>`,
      )}</tbody></table></div>`
    : html`<p>Nothing yet${filter.id || filter.reference_id || filter.status ? ' matches these filters' : ''}: the list fills as the API answers.</p>`
}
${found.next ? html`<p class="pager"><a href="?${query(found.next)}">Older</a></p>` : ''}`;
}

/** The buttons of a resource, each calling the API endpoint a test or a script calls too. */
function actions(r: IndexedResource): Fragment {
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

/** One request of a timeline: its line, and its bodies on demand. */
export const requestItem = (r: LoggedRequest, open = false) => html`<details id="request-${r.id}"${open ? ' open' : ''}>
<summary><span class="kind">Request</span> <code>${r.method} ${r.path}</code> ${statusBadge(String(r.status))} ${when(r.at)}</summary>
<dl class="facts">
<dt>Trace id</dt><dd><a href="/console/requests?trace_id=${encodeURIComponent(r.traceId)}"><code>${r.traceId}</code></a></dd>
<dt>Idempotency key</dt><dd>${r.idempotencyKey ? html`<code>${r.idempotencyKey}</code>` : 'none'}${r.replayed ? ' (answer replayed)' : ''}</dd>
<dt>Duration</dt><dd>${r.durationMs} ms</dd>
</dl>
${r.requestBody ? html`<p>Request body (card data masked)</p><pre tabindex="0">${pretty(r.requestBody)}</pre>` : ''}
${r.responseBody ? html`<p>Answer</p><pre tabindex="0">${pretty(r.responseBody)}</pre>` : ''}
</details>`;

/** JSON indented for reading; anything else as it is. */
export const pretty = (text: string): string => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

/** Where a status change was seen: a request's answer (linked by its trace id), or a notification. */
const seenIn = (source: { kind: 'request' | 'notification'; id: string }) =>
  source.kind === 'request'
    ? html`seen in the answer to <a href="/console/requests?trace_id=${encodeURIComponent(source.id)}">${source.id}</a>`
    : html`seen in notification <code>${source.id}</code>`;

/** An attempt's outcome as a badge: the receiver's status, or why none came. */
export const answered = (a: WebhookAttempt) => statusBadge(a.status === undefined ? a.outcome : String(a.status));

/** A resource's page: what it is, its links, its buttons, and its timeline. */
export function resourcePage(deps: SandboxDeps, merchantId: string, r: IndexedResource): Fragment {
  const requests = deps.journal.requests.list(merchantId, { resource: r.id, limit: 200 }).requests;
  const deliveries = deps.webhooks.deliveries(merchantId, { resource: r.id, limit: 200 }).deliveries;
  const items: Array<{ at: number; order: number; view: Fragment }> = [];
  for (const q of requests) items.push({ at: q.at, order: 0, view: html`<li>${requestItem(q)}</li>` });
  for (const s of deps.journal.resources.changes(r.id))
    items.push({
      at: s.at,
      order: 1,
      view: html`<li><span class="kind">Status</span> ${s.from ? html`${statusBadge(s.from)} → ` : 'created '}${statusBadge(s.to)} ${when(s.at)}
<span class="note">${seenIn(s.source)}</span>
</li>`,
    });
  for (const d of deliveries) {
    const attempts = deps.journal.attempts.of(d.id);
    items.push({
      at: d.createdAt,
      order: 2,
      view: html`<li>
<span class="kind">Event</span> <a href="/console/webhooks/${d.id}">${d.eventType || 'notification'} <code>${d.eventId}</code>
</a> to <code>${d.url}</code> ${when(d.createdAt)}</li>`,
    });
    for (const a of attempts)
      items.push({
        at: a.at,
        order: 3,
        view: html`<li>
<span class="kind">Delivery</span> attempt ${a.attempt} to <code>${a.url}</code>:
${answered(a)} in ${a.durationMs} ms ${when(a.at)}
${a.answerExcerpt ? html`<br><span class="note">Receiver answered:</span> <code>${a.answerExcerpt}</code>` : ''}
${a.nextRetryAt !== undefined ? html`<br><span class="note">Next retry at ${when(a.nextRetryAt)}</span>` : ''}
${a.givenUp ? html`<br><span class="note">Given up: ${a.givenUp}</span>` : ''}
<br>
<span class="note">Signature header:</span> <code>${a.headers['x-gateway-signature'] ?? 'none'}</code>
· <a href="/console/webhooks/${d.id}">delivery ${d.id}</a>
</li>`,
      });
  }
  items.sort((a, b) => a.at - b.at || a.order - b.order);
  return html`<dl class="facts">
<dt>Kind</dt><dd>${KIND_NAMES[r.kind]}</dd>
<dt>Status</dt><dd>${statusOf(r)}</dd>
${r.referenceId ? html`<dt>reference_id</dt><dd>${r.referenceId}</dd>` : ''}
<dt>First seen</dt><dd>${when(r.createdAt)}</dd>
<dt>Linked</dt><dd>${r.links.length ? r.links.map((id, i) => html`${i ? ', ' : ''}${resourceLink(id)}`) : 'nothing'}</dd>
</dl>
${actions(r)}
<h2>Timeline</h2>
${items.length ? html`<ol class="timeline">${items.map((i) => i.view)}</ol>` : html`<p>Nothing recorded yet.</p>`}`;
}

export const kindName = (kind: ResourceKind) => KIND_NAMES[kind];
