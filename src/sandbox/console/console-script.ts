// The console's page script (docs/console.md), bundled by rollup as a browser IIFE and carried
// inline in every console page under a CSP that allows exactly it. It only enhances pages the
// server renders whole: buttons that POST to the API's own endpoints with the console's cookie, the
// clock's date form, "Copy as curl", and live updates by server-sent events with no reload.

import type { FeedEvent } from '../journal/console-feed';

/** The live events the page follows: every one the feed publishes. */
const FEED_EVENTS = ['request', 'status', 'delivery', 'clock', 'reset'] as const satisfies ReadonlyArray<
  FeedEvent['type']
>;

/** What the sandbox answers a refused call with. */
interface ErrorAnswer {
  error_messages?: Array<{ description?: string }>;
}

/** Says what a button did in the page's live region (emptied first, so the same words are read again). */
function announce(text: string): void {
  const region = document.getElementById('announce');
  if (!region) return;
  region.textContent = '';
  setTimeout(() => {
    region.textContent = text;
  }, 20);
}

/**
 * Swaps in the page as the server renders it now: the live update, with no reload, keeping focus
 * and open details. One refresh at a time; a call during one makes one more after it.
 */
function pageRefresher(): () => Promise<void> {
  let refreshing: Promise<void> | undefined;
  let again = false;
  const refresh = async (): Promise<void> => {
    if (refreshing) {
      again = true;
      return refreshing;
    }
    refreshing = swapIn();
    try {
      await refreshing;
    } finally {
      refreshing = undefined;
      if (again) {
        again = false;
        void refresh();
      }
    }
  };
  return refresh;
}

/** A form field of the page: the text, date and select controls a person types in or picks from. */
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * The fields of `root` by a key that names the same field in the page read again: its name and its
 * place among the fields of that name (the pages render their forms the same way each time).
 */
function fieldsOf(root: Element): Map<string, Field> {
  const fields = new Map<string, Field>();
  const seen = new Map<string, number>();
  for (const field of root.querySelectorAll<Field>('input[name]:not([type=file]), select[name], textarea[name]')) {
    const n = seen.get(field.name) ?? 0;
    seen.set(field.name, n + 1);
    fields.set(`${field.name}#${n}`, field);
  }
  return fields;
}

/** Whether someone changed the field from what the server rendered in it. */
function edited(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((o) => o.selected !== o.defaultSelected);
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/**
 * Gives the fields of the page read again what someone typed or picked in the page being replaced:
 * a live update (a webhook retry, a request) must never wipe a filter or a secret half typed.
 * Returns what puts focus and caret back in the field they were in, once the new page is in place.
 */
function keepTyping(here: Element, there: Element): () => void {
  const next = fieldsOf(there);
  // A field gone from the page read again leaves focus on the content, not lost to the body.
  const focused = document.activeElement;
  let refocus =
    focused instanceof HTMLElement && focused.matches('input, select, textarea') && here.contains(focused)
      ? () => (there as HTMLElement).focus()
      : () => {};
  for (const [key, field] of fieldsOf(here)) {
    const twin = next.get(key);
    if (!twin) continue;
    if (edited(field)) {
      if (
        field instanceof HTMLInputElement &&
        twin instanceof HTMLInputElement &&
        /^(checkbox|radio)$/.test(field.type)
      )
        twin.checked = field.checked;
      else twin.value = field.value;
    }
    if (field !== focused) continue;
    // Null for a field with no caret (a date, a select).
    const start = field instanceof HTMLInputElement ? field.selectionStart : null;
    const end = field instanceof HTMLInputElement ? field.selectionEnd : null;
    refocus = () => {
      twin.focus();
      if (twin instanceof HTMLInputElement && start !== null && end !== null) twin.setSelectionRange(start, end);
    };
  }
  return refocus;
}

/**
 * With focus in a form of the content (a filter being typed), puts the page read again around that
 * form, which never leaves the page: focus, caret, an input method's word in progress and a screen
 * reader's place stay as they were. False when focus is elsewhere: the content is replaced whole.
 */
function swapAroundForm(here: Element, there: Element): boolean {
  const form = document.activeElement?.closest('form');
  if (!form || form.parentElement !== here) return false;
  const formsOf = (root: Element) => [...root.children].filter((child) => child.tagName === 'FORM');
  const twin = formsOf(there)[formsOf(here).indexOf(form)];
  if (!twin) return false;
  const nodes = [...there.childNodes];
  const at = nodes.indexOf(twin);
  for (const child of [...here.childNodes]) if (child !== form) child.remove();
  form.before(...nodes.slice(0, at).map((node) => document.adoptNode(node)));
  form.after(...nodes.slice(at + 1).map((node) => document.adoptNode(node)));
  return true;
}

/** Reads the page again and puts its content, clock and date field in place of these. */
async function swapIn(): Promise<void> {
  // A page answered to a form post (a secret checked) is read again at its own address.
  const res = await fetch(document.body.dataset.refreshUrl || location.href, {
    headers: { accept: 'text/html' },
    credentials: 'same-origin',
  });
  if (!res.ok) return;
  const next = new DOMParser().parseFromString(await res.text(), 'text/html');
  const focused = document.activeElement?.id;
  const open = [...document.querySelectorAll<HTMLDetailsElement>('details[open][id]')].map((d) => d.id);
  let refocus = () => {};
  for (const id of ['content', 'clock-now']) {
    const here = document.getElementById(id);
    const there = next.getElementById(id);
    if (!here || !there) continue;
    if (id === 'content') {
      if (swapAroundForm(here, there)) continue;
      refocus = keepTyping(here, there);
    }
    here.replaceWith(document.adoptNode(there));
  }
  document.body.dataset.nowMs = next.body.dataset.nowMs;
  // The date offered follows the clock (a day after its now), unless someone is typing one.
  const date = document.getElementById('clock-date');
  const nextDate = next.getElementById('clock-date');
  if (date instanceof HTMLInputElement && nextDate instanceof HTMLInputElement && date !== document.activeElement)
    date.value = nextDate.value;
  for (const id of open) {
    const details = document.getElementById(id);
    if (details instanceof HTMLDetailsElement) details.open = true;
  }
  if (focused) document.getElementById(focused)?.focus();
  refocus();
}

const refresh = pageRefresher();

/** POSTs to one of the sandbox's endpoints, says how it went, and shows the page as it is now. */
async function post(url: string, body: unknown, label: string): Promise<boolean> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let text = `${label}: done`;
  if (!res.ok) {
    text = `${label} refused (${res.status})`;
    try {
      const answer = (await res.json()) as ErrorAnswer;
      const said = (answer.error_messages ?? []).map((m) => m.description ?? '').join(' ');
      if (said) text += `: ${said}`;
    } catch {
      // Not a JSON answer: the status says enough.
    }
  }
  announce(text);
  await refresh();
  return res.ok;
}

/** Copies the text of the element a "Copy" button names, and says so. */
async function copy(button: HTMLButtonElement): Promise<void> {
  const source = document.getElementById(button.dataset.copy ?? '');
  if (!source) return;
  try {
    await navigator.clipboard.writeText(source.textContent ?? '');
    announce('Copied as curl: set GATEWAY_TOKEN before running it.');
  } catch {
    // No clipboard (an insecure context, a refused permission): select it for Ctrl+C.
    const range = document.createRange();
    range.selectNodeContents(source);
    const selection = getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    announce('Selected: copy it with Ctrl+C.');
  }
}

document.addEventListener('click', async (event) => {
  const target = event.target instanceof Element ? event.target : undefined;
  const copyButton = target?.closest<HTMLButtonElement>('button[data-copy]');
  if (copyButton) {
    event.preventDefault();
    await copy(copyButton);
    return;
  }
  const button = target?.closest<HTMLButtonElement>('button[data-post]');
  if (!button?.dataset.post) return;
  event.preventDefault();
  if (button.dataset.confirm && !confirm(button.dataset.confirm)) return;
  button.disabled = true;
  const body: unknown = button.dataset.body ? JSON.parse(button.dataset.body) : undefined;
  try {
    await post(button.dataset.post, body, button.dataset.label || button.textContent?.trim() || 'Done');
  } finally {
    button.disabled = false;
  }
});

document.addEventListener('submit', async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches('form[data-advance-to]')) return;
  event.preventDefault();
  const input = form.querySelector('input');
  if (!input) return;
  // The field is São Paulo time, as the console shows every sandbox time.
  const target = Date.parse(`${input.value}:00-03:00`);
  const seconds = Math.ceil((target - Number(document.body.dataset.nowMs)) / 1000);
  if (!Number.isFinite(target) || seconds < 1) {
    announce("Pick a date after the sandbox's time: the clock only moves forward.");
    input.focus();
    return;
  }
  await post('/sandbox/clock/advance', { seconds }, `Clock moved to ${input.value}`);
});

if ('EventSource' in window) {
  const events = new EventSource('/sandbox/events');
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A burst of events (a request and the statuses it changed) makes one refresh.
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), 150);
  };
  for (const type of FEED_EVENTS) events.addEventListener(type, later);
  addEventListener('pagehide', () => events.close());
}
