import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  abortRun,
  cancelChallenge,
  CHALLENGE_CARD,
  CODE,
  newSession,
  openCheckout,
  settled,
  startRun,
  submitCode,
  waitForChallenge,
} from './challenge-support';

/** What stays in the page between runs. */
interface Footprint {
  /** Registered listeners, counted by the wrapper around add/removeEventListener. */
  listeners: number;
  iframes: number;
  dialogs: number;
  /** After a forced GC: DOM nodes and documents alive in the renderer (detached ones included). */
  nodes: number;
  documents: number;
  /** After a forced GC: JS event listeners alive in the renderer. */
  jsEventListeners: number;
}

async function footprint(page: Page, cdp: CDPSession): Promise<Footprint> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const counters = await cdp.send('Memory.getDOMCounters');
  const inPage = await page.evaluate(() => ({
    listeners: (window as unknown as { __listenerCount(): number }).__listenerCount(),
    iframes:
      document.querySelectorAll('iframe').length +
      [...document.querySelectorAll('body > div')].filter((d) => d.shadowRoot).length,
    dialogs: document.querySelectorAll('dialog').length,
  }));
  return {
    ...inPage,
    nodes: counters.nodes,
    documents: counters.documents,
    jsEventListeners: counters.jsEventListeners,
  };
}

/** One challenge, ended the way `i` picks: passed, canceled with the close button, or aborted. */
async function oneRun(page: Page, session: string, i: number): Promise<void> {
  await startRun(page, session, { card: CHALLENGE_CARD.visa, abortable: true });
  await waitForChallenge(page);
  const end = i % 3;
  if (end === 0) await submitCode(page, CODE.AUTHENTICATES);
  else if (end === 1) await cancelChallenge(page, 'close-button');
  else await abortRun(page);
  const outcome = await settled(page);
  expect(outcome.ok ? outcome.result.status : outcome.error.code).toBe(
    ['AUTH_FLOW_COMPLETED', 'CHALLENGE_CANCELED', 'ABORTED'][end],
  );
}

/** Runs that warm the page's caches, then the runs measured. */
const WARM_UP = 6;
const RUNS = 100;

test(`${RUNS} challenges in a row leave no iframe, no dialog, no extra listener and no detached nodes`, async ({
  page,
  merchant,
  sandbox,
}) => {
  // One run is about half a second alone and several on a busy 2-core machine (5.6 min for all
  // of them once): the budget is per run and only catches a hang.
  test.setTimeout((WARM_UP + RUNS) * 15_000);
  // Installed before the SDK: counts listeners registered and not removed, in the merchant page.
  await page.addInitScript(() => {
    if (window !== window.top) return;
    const live = new Map<EventTarget, Set<string>>();
    const ids = new WeakMap<object, number>();
    let next = 0;
    const key = (type: string, fn: unknown, options?: boolean | EventListenerOptions) => {
      if (!ids.has(fn as object)) ids.set(fn as object, next++);
      return `${type}|${ids.get(fn as object)}|${typeof options === 'boolean' ? options : !!options?.capture}`;
    };
    const add = EventTarget.prototype.addEventListener;
    const remove = EventTarget.prototype.removeEventListener;
    EventTarget.prototype.addEventListener = function (
      this: EventTarget,
      type: string,
      fn: EventListenerOrEventListenerObject | null,
      options?: boolean | AddEventListenerOptions,
    ) {
      if (fn) {
        const set = live.get(this) ?? new Set<string>();
        set.add(key(type, fn, options));
        live.set(this, set);
      }
      return add.call(this, type, fn, options);
    };
    EventTarget.prototype.removeEventListener = function (
      this: EventTarget,
      type: string,
      fn: EventListenerOrEventListenerObject | null,
      options?: boolean | EventListenerOptions,
    ) {
      const set = live.get(this);
      if (fn && set) {
        set.delete(key(type, fn, options));
        // Keeping the target once its last listener is gone would itself hold detached nodes.
        if (!set.size) live.delete(this);
      }
      return remove.call(this, type, fn, options);
    };
    (window as unknown as { __listenerCount(): number }).__listenerCount = () =>
      [...live.values()].reduce((n, s) => n + s.size, 0);
  });
  await openCheckout(page, merchant, sandbox);
  const cdp = await page.context().newCDPSession(page);
  const session = await newSession(sandbox);

  // Warm up: first runs compile code and fill caches that then stay.
  for (let i = 0; i < WARM_UP; i++) await oneRun(page, session, i);
  const before = await footprint(page, cdp);
  for (let i = 0; i < RUNS; i++) await oneRun(page, session, i);
  const after = await footprint(page, cdp);

  test.info().annotations.push({ type: 'footprint', description: JSON.stringify({ before, after }) });
  expect({ listeners: after.listeners, iframes: after.iframes, dialogs: after.dialogs }).toEqual({
    listeners: before.listeners,
    iframes: 0,
    dialogs: 0,
  });
  // One leaked dialog is eleven nodes (shadow root included) and a frame document: even a single
  // leaked run over a hundred would show.
  expect(after.nodes - before.nodes).toBeLessThan(11);
  expect(after.documents).toBeLessThanOrEqual(before.documents);
  expect(after.jsEventListeners).toBeLessThanOrEqual(before.jsEventListeners);
});
