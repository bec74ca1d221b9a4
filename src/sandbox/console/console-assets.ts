/**
 * The console's stylesheet and script, served from the sandbox itself (GET /console/console.css
 * and /console/console.js): no resource from outside the sandbox, and a CSP of 'self' only. Plain
 * text here rather than files of the build: the sandbox's build copies no assets, and the script
 * is a few dozen lines that only progressively enhance server-rendered pages (docs/console.md).
 */

export const CONSOLE_CSS = `
:root { color-scheme: light;
  --ink: #1b1f24;
  --muted: #57606a;
  --line: #d0d7de;
  --accent: #0b5cad;
  --bg: #f6f8fa;
  --ok: #116329;
  --bad: #a40e26;
  --warn: #7d4e00;
  }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
.skip { position: absolute; left: -9999px; top: 0; background: #fff; padding: .5rem; }
.skip:focus { left: .5rem; z-index: 10; }
header { background: var(--ink); color: #fff; padding: .5rem 1rem; display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: center; }
header a { color: #fff; }
header .brand { font-weight: 700; margin-right: .5rem; }
header nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: .25rem 1rem; margin: 0; padding: 0; }
header nav a[aria-current="page"] { text-decoration-thickness: 3px; font-weight: 600; }
.clock { margin-left: auto; display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.clock #clock-now { font-variant-numeric: tabular-nums; }
.clock form { display: flex; gap: .3rem; align-items: center; }
main { padding: 1rem; max-width: 1200px; }
h1 { font-size: 1.4rem; margin: .3rem 0 1rem; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
button, .button { font: inherit;
  padding: .35rem .75rem;
  border: 1px solid var(--line);
  border-radius: 6px;
  background: #fff;
  color: var(--ink);
  cursor: pointer;
  text-decoration: none;
  display: inline-block;
  }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
button.danger { border-color: var(--bad); color: var(--bad); }
header button { background: #fff; }
input, select { font: inherit; padding: .3rem .45rem; border: 1px solid #8c959f; border-radius: 6px; min-width: 0; }
form.filters { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-end; margin-bottom: 1rem; }
form.filters label { display: flex; flex-direction: column; font-size: .9rem; color: var(--muted); }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--bg); font-weight: 600; }
td code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .85rem; overflow-wrap: anywhere; }
.status { display: inline-block; padding: 0 .45rem; border-radius: 999px; border: 1px solid currentColor; font-size: .8rem; font-weight: 600; }
.s-ok { color: var(--ok); } .s-bad { color: var(--bad); } .s-wait { color: var(--warn); }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin: .5rem 0 1rem; }
ol.timeline { list-style: none; padding: 0; margin: 0; border-left: 3px solid var(--line); }
ol.timeline > li { margin: 0 0 .75rem; padding: .1rem 0 .1rem .9rem; position: relative; }
ol.timeline > li::before { content: "";
  position: absolute;
  left: -8px;
  top: .55rem;
  width: 13px;
  height: 13px;
  border-radius: 50%;
  background: #fff;
  border: 3px solid var(--muted);
  }
.kind { font-size: .75rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin-right: .4rem; }
time { color: var(--muted); font-size: .85rem; font-variant-numeric: tabular-nums; }
pre { background: var(--bg);
  border: 1px solid var(--line);
  border-radius: 6px;
  padding: .5rem;
  overflow-x: auto;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-size: .8rem;
  max-height: 24rem;
  }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; margin: 0 0 1rem; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.tabs { display: flex; flex-wrap: wrap; gap: .5rem; margin-bottom: 1rem; }
.tabs a[aria-current="page"] { font-weight: 700; }
.note { color: var(--muted); }
.pager { margin-top: 1rem; }
#announce:not(:empty) { position: fixed;
  bottom: 1rem;
  right: 1rem;
  background: var(--ink);
  color: #fff;
  padding: .5rem .8rem;
  border-radius: 6px;
  max-width: 90vw;
  }
@media (max-width: 700px) {
  header { padding: .5rem; }
  .clock { margin-left: 0; }
  main { padding: .75rem; }
  table.stack thead { position: absolute; left: -9999px; }
  table.stack tr { display: block; border-bottom: 2px solid var(--line); padding: .3rem 0; }
  table.stack td { display: grid; grid-template-columns: 7.5rem 1fr; border: 0; padding: .15rem .25rem; }
  table.stack td::before { content: attr(data-label); color: var(--muted); font-size: .85rem; }
}
`;

export const CONSOLE_JS = `
(() => {
  const announce = (text) => { const el = document.getElementById('announce'); el.textContent = ''; setTimeout(() => { el.textContent = text; }, 20); };
  let refreshing = null;
  let again = false;
  // Swaps in the page as the server renders it now: the live update, with no reload.
  const refresh = async () => {
    if (refreshing) { again = true; return refreshing; }
    refreshing = (async () => {
      // A page answered to a form post (a secret checked) is read again at its own address.
      const res = await fetch(document.body.dataset.refreshUrl || location.href, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
      if (!res.ok) return;
      const next = new DOMParser().parseFromString(await res.text(), 'text/html');
      const focused = document.activeElement && document.activeElement.id;
      const open = [...document.querySelectorAll('details[open][id]')].map((d) => d.id);
      for (const id of ['content', 'clock-now']) {
        const here = document.getElementById(id);
        const there = next.getElementById(id);
        if (here && there) here.replaceWith(document.adoptNode(there));
      }
      document.body.dataset.nowMs = next.body.dataset.nowMs;
      for (const id of open) { const d = document.getElementById(id); if (d) d.open = true; }
      if (focused) { const el = document.getElementById(focused); if (el) el.focus(); }
    })();
    try { await refreshing; } finally { refreshing = null; if (again) { again = false; refresh(); } }
  };
  const post = async (url, body, label) => {
    const res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let text = label + ': ' + res.status;
    if (!res.ok) {
      try { const e = await res.json(); text = label + ' refused (' + res.status + '): ' + e.error_messages.map((m) => m.description).join(' '); } catch {}
    } else text = label + ': done';
    announce(text);
    await refresh();
    return res.ok;
  };
  document.addEventListener('click', async (event) => {
    const button = event.target.closest && event.target.closest('button[data-post]');
    if (!button) return;
    event.preventDefault();
    if (button.dataset.confirm && !confirm(button.dataset.confirm)) return;
    button.disabled = true;
    const body = button.dataset.body ? JSON.parse(button.dataset.body) : undefined;
    try { await post(button.dataset.post, body, button.dataset.label || button.textContent.trim()); }
    finally { button.disabled = false; }
  });
  document.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!form.matches('form[data-advance-to]')) return;
    event.preventDefault();
    const input = form.querySelector('input');
    const target = Date.parse(input.value + ':00-03:00');
    const seconds = Math.ceil((target - Number(document.body.dataset.nowMs)) / 1000);
    if (!Number.isFinite(target) || seconds < 1) { announce('Pick a date after the sandbox\\'s time: the clock only moves forward.'); input.focus(); return; }
    await post('/sandbox/clock/advance', { seconds }, 'Clock moved to ' + input.value);
  });
  if ('EventSource' in window) {
    const events = new EventSource('/sandbox/events');
    let timer = null;
    const later = () => { clearTimeout(timer); timer = setTimeout(refresh, 150); };
    for (const type of ['request', 'status', 'delivery', 'clock', 'reset']) events.addEventListener(type, later);
    window.addEventListener('pagehide', () => events.close());
  }
})();
`;
