import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthenticationResource } from '../../src/core/authentication-resource';
import type { ChallengeHostMethods, ChallengeParentMethods } from '../../src/core/challenge-protocol';
import {
  DEFAULT_CHALLENGE_TIMEOUT_MS,
  END_NOTICE_TIMEOUT_MS,
  FRAME_ANSWER_TIMEOUT_MS,
  FRAME_READY_TIMEOUT_MS,
  runChallenge,
} from '../../src/sdk/challenge/run-challenge';
import { challengeRun } from '../../src/sdk/build-challenge-run';
import { getConfig, setUp, type Config } from '../../src/sdk/config';
import { authenticate3DS, ErrorCode } from '../../src/sdk/index';
import type { AuthenticationRequest, ChallengeInfo } from '../../src/sdk/types';
import type { RequestOptions } from '../../src/sdk/validate-request';
import { authentication, json, stubFetch } from './support/fake-api';
import { validRequest } from './support/requests';
import { rejection } from './support/rejection';

// jsdom has no MessageChannel, so penpal cannot shake hands here (the e2e suite runs the real
// one in Chromium). The fake records what the SDK connects to and hands the test the methods
// the SDK exposes, so the test plays the challenge host.
const penpal = vi.hoisted(() => ({
  connections: [] as Array<{
    methods: ChallengeParentMethods;
    remoteWindow: unknown;
    allowedOrigins: unknown;
    destroy: () => void;
    handshake(child?: Partial<ChallengeHostMethods>): void;
    remote: { focus: () => void };
  }>,
}));
vi.mock('penpal', () => ({
  WindowMessenger: class {
    constructor(readonly options: { remoteWindow: unknown; allowedOrigins: unknown }) {}
  },
  connect: ({
    messenger,
    methods,
  }: {
    messenger: { options: { remoteWindow: unknown; allowedOrigins: unknown } };
    methods: ChallengeParentMethods;
  }) => {
    let handshake = (_child?: object) => {};
    // What the host page offers the SDK (ChallengeHostMethods), once the handshake is done.
    const remote = { focus: vi.fn() };
    const promise = new Promise<object>((resolve) => (handshake = (child = {}) => resolve({ ...remote, ...child })));
    const connection = { methods, ...messenger.options, destroy: vi.fn(), handshake, remote };
    penpal.connections.push(connection);
    return { promise, destroy: connection.destroy };
  },
}));

const API = 'http://127.0.0.1:4999';
const CHALLENGE_ORIGIN = 'http://127.0.0.1:5001';
const ID = '3DS_6f1c2a5e-8d5b-4c1e-9a7f-0b2d3c4e5f60';

const pending = (overrides: Partial<AuthenticationResource> = {}) =>
  authentication({
    status: 'REQUIRE_CHALLENGE',
    authentication_status: null,
    challenge: {
      url: `${CHALLENGE_ORIGIN}/challenge/host?authentication=${ID}&token=tok_abcdefghijklmnop`,
      origin: CHALLENGE_ORIGIN,
      expires_at: '2030-01-01T00:10:00.000-03:00',
    },
    ...overrides,
  });

const config = (): Config => getConfig()!;
const start = (options: RequestOptions = {}, a: AuthenticationResource = pending()) =>
  runChallenge(challengeRun(a, config(), options, 'trace-0001'));

const shadow = () => [...document.body.children].find((e) => e.shadowRoot)?.shadowRoot ?? null;
const dialog = () => shadow()?.querySelector('dialog') ?? null;
const frame = () => shadow()?.querySelector('iframe') ?? null;
const closeButton = () => shadow()?.querySelector('button') ?? null;
const host = () => {
  const c = penpal.connections.at(-1);
  if (!c) throw new Error('no penpal connection');
  return c;
};

/** Fails unless nothing of the challenge is left: no overlay, no scroll lock, connection destroyed. */
function expectCleanedUp(): void {
  expect(shadow()).toBeNull();
  expect(document.querySelectorAll('iframe, dialog')).toHaveLength(0);
  expect(document.documentElement.style.overflow).toBe('');
  for (const c of penpal.connections) expect(c.destroy).toHaveBeenCalledTimes(1);
}

/** Errors the SDK reports to the page: in a browser a microtask that throws lands in window.onerror. */
function catchReportedErrors(): unknown[] {
  const reported: unknown[] = [];
  vi.stubGlobal('queueMicrotask', (task: () => void) => {
    try {
      task();
    } catch (error) {
      reported.push(error);
    }
  });
  return reported;
}

let listeners: Map<string, number>;
const balance = () => [...listeners.values()].reduce((a, b) => a + b, 0);

beforeEach(() => {
  penpal.connections.length = 0;
  setUp({ session: 'sess_test_0001', env: 'SANDBOX', apiUrl: API });
  // jsdom has no modal dialogs: a minimal stand-in with the browser's open/close semantics.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  vi.stubGlobal('scrollTo', vi.fn());
  listeners = new Map();
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  vi.spyOn(EventTarget.prototype, 'addEventListener').mockImplementation(function (
    this: EventTarget,
    type,
    fn,
    options,
  ) {
    listeners.set(type, (listeners.get(type) ?? 0) + 1);
    return add.call(this, type, fn, options);
  });
  vi.spyOn(EventTarget.prototype, 'removeEventListener').mockImplementation(function (
    this: EventTarget,
    type,
    fn,
    options,
  ) {
    listeners.set(type, (listeners.get(type) ?? 0) - 1);
    return remove.call(this, type, fn, options);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('opening the challenge', () => {
  it('reports REQUIRE_CHALLENGE, then calls beforeChallenge with brand, issuer and open; nothing shows before open()', async () => {
    const order: string[] = [];
    let info: ChallengeInfo | undefined;
    const run = start({
      onStatusChange: (s) => order.push(`status:${s}`),
      beforeChallenge: (i) => {
        order.push('before');
        info = i;
      },
    });
    expect(order).toEqual(['status:REQUIRE_CHALLENGE', 'before']);
    expect(Object.keys(info!).sort()).toEqual(['brand', 'issuer', 'open']);
    expect(info).toMatchObject({ brand: 'visa', issuer: 'Banco Exemplo' });
    expect(dialog()).toBeNull();
    expect(penpal.connections).toHaveLength(0);

    info!.open();
    info!.open();
    expect(document.body.querySelectorAll(':scope > div')).toHaveLength(1);
    expect(penpal.connections).toHaveLength(1);
    closeButton()!.click();
    expect((await rejection(run)).code).toBe(ErrorCode.CHALLENGE_CANCELED);
  });

  it('gives beforeChallenge no issuer key when the issuer is unknown', async () => {
    let info: ChallengeInfo | undefined;
    const run = start({ beforeChallenge: (i) => (info = i) }, pending({ issuer: null, brand: 'elo' }));
    expect(Object.keys(info!).sort()).toEqual(['brand', 'open']);
    expect(info!.brand).toBe('elo');
    info!.open();
    host().methods.cancel();
    await rejection(run);
  });

  it('without beforeChallenge opens at once: a labelled modal dialog, a close button, the frame behind a loading state', async () => {
    const run = start();
    const d = dialog()!;
    expect(d.open).toBe(true);
    const labelledBy = d.getAttribute('aria-labelledby')!;
    expect(shadow()!.getElementById(labelledBy)!.textContent).toBe('Confirme a compra com o seu banco');
    expect(closeButton()!.getAttribute('aria-label')).toBe('Fechar e cancelar a verificação');
    expect(closeButton()!.type).toBe('button');
    expect(shadow()!.querySelector('[role=status]')!.textContent).toBe('Carregando a verificação do seu banco…');
    const f = frame()!;
    expect(f.hidden).toBe(true);
    expect(f.title).toBe('Confirme a compra com o seu banco');
    expect(f.getAttribute('allow')).toBe('payment; publickey-credentials-get');
    const src = new URL(f.src);
    expect(src.origin).toBe(CHALLENGE_ORIGIN);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      authentication: ID,
      token: 'tok_abcdefghijklmnop',
      parent: location.origin,
      locale: 'pt-BR',
    });
    expect(document.documentElement.style.overflow).toBe('hidden');

    // penpal talks to exactly the challenge origin, through the frame's window.
    expect(host().allowedOrigins).toEqual([CHALLENGE_ORIGIN]);
    expect(host().remoteWindow).toBe(f.contentWindow);

    host().methods.ready();
    expect(shadow()!.querySelector('[role=status]')).toBeNull();
    expect(f.hidden).toBe(false);
    host().methods.cancel();
    await rejection(run);
    expectCleanedUp();
  });

  it('when the issuer page is ready, the frame gets focus and the host page is asked to focus the code field', async () => {
    const run = start();
    host().handshake();
    expect(host().remote.focus).not.toHaveBeenCalled();
    host().methods.ready();
    expect(shadow()!.activeElement).toBe(frame());
    await vi.waitFor(() => expect(host().remote.focus).toHaveBeenCalledTimes(1));
    host().methods.cancel();
    await rejection(run);
    expectCleanedUp();
  });

  it('without constructed stylesheets (jsdom, Safari < 16.4): no <style> element (a strict CSP refuses it), the layout set through element styles', async () => {
    expect('adoptedStyleSheets' in ShadowRoot.prototype).toBe(false);
    const run = start();
    expect(shadow()!.querySelector('style')).toBeNull();
    expect(dialog()!.getAttribute('style')).toContain('width: 500px');
    expect([dialog()!.style.height, frame()!.style.width, frame()!.style.borderWidth]).toEqual([
      '650px',
      '100%',
      '0px',
    ]);
    host().methods.cancel();
    await rejection(run);
    expectCleanedUp();
  });

  it('speaks English when setUp asks for it, to the shopper and to the challenge pages', async () => {
    setUp({ session: 'sess_test_0001', env: 'SANDBOX', apiUrl: API, locale: 'en' });
    const run = start();
    expect(shadow()!.getElementById(dialog()!.getAttribute('aria-labelledby')!)!.textContent).toBe(
      'Confirm the purchase with your bank',
    );
    expect(closeButton()!.getAttribute('aria-label')).toBe('Close and cancel the verification');
    expect(new URL(frame()!.src).searchParams.get('locale')).toBe('en');
    closeButton()!.click();
    await rejection(run);
  });

  it('refuses a challenge URL that is missing or not on the challenge origin, with nothing shown', async () => {
    const bad = [
      null,
      { url: 'https://evil.example/challenge/host', origin: CHALLENGE_ORIGIN, expires_at: '' },
      { url: 'javascript:alert(1)', origin: 'null', expires_at: '' },
    ];
    for (const challenge of bad) {
      const error = await rejection(start({}, pending({ challenge })));
      expect(error.code).toBe(ErrorCode.INVALID_RESPONSE);
      expect(error.detail.traceId).toBe('trace-0001');
    }
    expect(penpal.connections).toHaveLength(0);
    expectCleanedUp();
  });

  it('fails with CHALLENGE_FRAME_ERROR, leaving nothing, when the browser cannot show a modal dialog', async () => {
    HTMLDialogElement.prototype.showModal = () => {
      throw new DOMException('nope', 'InvalidStateError');
    };
    expect((await rejection(start())).code).toBe(ErrorCode.CHALLENGE_FRAME_ERROR);
    expectCleanedUp();
  });
});

describe('the end of the challenge', () => {
  it('reads the authentication from the API when the host says it ended, resolves with it, and cleans up', async () => {
    const done = authentication();
    const fetch = stubFetch(() => json(done));
    const button = document.body.appendChild(document.createElement('button'));
    button.focus();
    const run = start();
    host().methods.ready();
    host().methods.ended();
    await expect(run).resolves.toEqual(done);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init = {}] = fetch.mock.calls[0]!;
    expect(url).toBe(`${API}/checkout-sdk/3ds/authentications/${ID}`);
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>)['X-Gateway-Session']).toBe('sess_test_0001');
    expectCleanedUp();
    expect(document.activeElement).toBe(button);
    expect(globalThis.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('never resolves on the frame\'s word: a forged "ended" the API does not confirm is CHALLENGE_NOT_COMPLETED', async () => {
    stubFetch(() => json(pending({ challenge: null })));
    const run = start();
    host().methods.ended();
    const error = await rejection(run);
    expect(error.code).toBe(ErrorCode.CHALLENGE_NOT_COMPLETED);
    expect(error.message).toContain('REQUIRE_CHALLENGE');
    expectCleanedUp();
  });

  it('asks the API once however often the frame says it ended, and not at all once settled', async () => {
    const fetch = stubFetch(() => json(authentication()));
    const run = start();
    host().methods.ended();
    host().methods.ended();
    await run;
    host().methods.ended();
    host().methods.ready();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('uses the session of the latest setUp, and passes an API failure on', async () => {
    const fetch = stubFetch(() =>
      json({ error_messages: [{ code: '40102', description: 'expired', parameter_name: 'X-Gateway-Session' }] }, 401),
    );
    const run = start();
    setUp({ session: 'sess_renewed_0002', env: 'SANDBOX', apiUrl: API });
    host().methods.ended();
    expect((await rejection(run)).code).toBe(ErrorCode.SESSION_EXPIRED);
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>)['X-Gateway-Session']).toBe('sess_renewed_0002');
    expectCleanedUp();
  });

  it('removes every listener it added, whatever the end', async () => {
    stubFetch(() => json(authentication()));
    const controller = new AbortController();
    const ends: Array<() => void> = [
      () => host().methods.ended(),
      () => closeButton()!.click(),
      () => controller.abort(),
      () => dialog()!.dispatchEvent(new Event('cancel', { cancelable: true })),
    ];
    for (const end of ends) {
      const run = start({ signal: controller.signal.aborted ? undefined : controller.signal });
      frame()!.dispatchEvent(new Event('load'));
      end();
      await run.catch(() => {});
      expectCleanedUp();
    }
    expect(balance()).toBe(0);
  });
});

describe('ends the shopper or the merchant chooses', () => {
  it("the close button: the host records the cancel first, then the API's CANCELED gives CHALLENGE_CANCELED", async () => {
    const order: string[] = [];
    const fetch = stubFetch(() => {
      order.push('read');
      return json(authentication({ status: 'CANCELED', authentication_status: null, reason: 'CHALLENGE_CANCELED' }));
    });
    const run = start();
    host().handshake({ end: async (reason) => void order.push(`end:${reason}`) });
    await Promise.resolve();
    closeButton()!.click();
    // A late "ended" from the frame cannot turn the cancel into a result.
    host().methods.ended();
    const error = await rejection(run);
    expect(error.code).toBe(ErrorCode.CHALLENGE_CANCELED);
    expect(error.detail.traceId).toBe('trace-0001');
    expect(order).toEqual(['end:CHALLENGE_CANCELED', 'read']);
    expect(String(fetch.mock.calls[0]![0])).toBe(`${API}/checkout-sdk/3ds/authentications/${ID}`);
    expectCleanedUp();
  });

  it('a code the issuer accepted before the cancel arrived stands: the SDK resolves with the completed authentication', async () => {
    stubFetch(() => json(authentication()));
    const end = vi.fn(async () => {});
    const run = start();
    host().handshake({ end });
    await Promise.resolve();
    closeButton()!.click();
    await expect(run).resolves.toMatchObject({ id: ID, status: 'AUTH_FLOW_COMPLETED' });
    expect(end).toHaveBeenCalledWith('CHALLENGE_CANCELED');
    expectCleanedUp();
  });

  it('a host that never answers the cancel, or an API that fails, still ends in CHALLENGE_CANCELED', async () => {
    vi.useFakeTimers();
    stubFetch(() => json({ error_messages: [] }, 503));
    const run = rejection(start());
    host().handshake({ end: () => new Promise<void>(() => {}) });
    await Promise.resolve();
    closeButton()!.click();
    await vi.advanceTimersByTimeAsync(END_NOTICE_TIMEOUT_MS);
    expect((await run).code).toBe(ErrorCode.CHALLENGE_CANCELED);
    expectCleanedUp();
  });

  it("Escape (the dialog's cancel event): CHALLENGE_CANCELED, and the browser is kept from closing it alone", async () => {
    const run = start();
    const cancel = new Event('cancel', { cancelable: true });
    dialog()!.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect((await rejection(run)).code).toBe(ErrorCode.CHALLENGE_CANCELED);
    expectCleanedUp();
  });

  it('the dialog closed by anything else, or the host reporting a cancel: CHALLENGE_CANCELED', async () => {
    let run = start();
    dialog()!.close();
    expect((await rejection(run)).code).toBe(ErrorCode.CHALLENGE_CANCELED);
    run = start();
    host().methods.cancel();
    expect((await rejection(run)).code).toBe(ErrorCode.CHALLENGE_CANCELED);
    expectCleanedUp();
  });

  it('the signal aborted before: ABORTED at once, nothing reported or shown', async () => {
    const onStatusChange = vi.fn();
    const error = await rejection(start({ signal: AbortSignal.abort(), onStatusChange }));
    expect(error.code).toBe(ErrorCode.ABORTED);
    expect(onStatusChange).not.toHaveBeenCalled();
    expectCleanedUp();
  });

  it('the signal aborted during the challenge, or while beforeChallenge waits: ABORTED and the UI closes', async () => {
    let controller = new AbortController();
    let run = start({ signal: controller.signal });
    host().methods.ready();
    controller.abort();
    expect((await rejection(run)).code).toBe(ErrorCode.ABORTED);
    expectCleanedUp();

    controller = new AbortController();
    let open = () => {};
    run = start({ signal: controller.signal, beforeChallenge: (i) => (open = i.open) });
    controller.abort();
    open();
    expect((await rejection(run)).code).toBe(ErrorCode.ABORTED);
    expectCleanedUp();
  });
});

describe('deadlines', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('CHALLENGE_TIMEOUT after challengeTimeout, 10 minutes by default; the host records it at the API first', async () => {
    stubFetch(() =>
      json(authentication({ status: 'CANCELED', authentication_status: null, reason: 'CHALLENGE_TIMEOUT' })),
    );
    const end = vi.fn(async () => {});
    const run = start();
    host().handshake({ end });
    host().methods.ready();
    const outcome = rejection(run);
    await vi.advanceTimersByTimeAsync(DEFAULT_CHALLENGE_TIMEOUT_MS - 1);
    expect(dialog()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect((await outcome).code).toBe(ErrorCode.CHALLENGE_TIMEOUT);
    expect(end).toHaveBeenCalledWith('CHALLENGE_TIMEOUT');
    expectCleanedUp();
    expect(DEFAULT_CHALLENGE_TIMEOUT_MS).toBe(600_000);

    const short = rejection(start({ challengeTimeout: 5000 }));
    host().methods.ready();
    await vi.advanceTimersByTimeAsync(5000);
    expect((await short).code).toBe(ErrorCode.CHALLENGE_TIMEOUT);
  });

  it('CHALLENGE_NOT_OPENED when beforeChallenge does not call open() within challengeTimeout; a late open() does nothing', async () => {
    let open = () => {};
    const outcome = rejection(start({ challengeTimeout: 3000, beforeChallenge: (i) => (open = i.open) }));
    await vi.advanceTimersByTimeAsync(3000);
    const error = await outcome;
    expect(error.code).toBe(ErrorCode.CHALLENGE_NOT_OPENED);
    expect(error.message).toContain('open()');
    open();
    expectCleanedUp();
    expect(penpal.connections).toHaveLength(0);
  });

  it('the challenge timeout counts from open(), not from beforeChallenge', async () => {
    let open = () => {};
    const outcome = rejection(start({ challengeTimeout: 3000, beforeChallenge: (i) => (open = i.open) }));
    await vi.advanceTimersByTimeAsync(2000);
    open();
    host().methods.ready();
    await vi.advanceTimersByTimeAsync(2999);
    expect(dialog()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect((await outcome).code).toBe(ErrorCode.CHALLENGE_TIMEOUT);
  });

  it("the API's challenge window caps both deadlines, so the SDK gives up with its own code before the issuer would refuse", async () => {
    // created_at 00:00:00, the API accepts the code until 00:01:00: one minute, not ten.
    const oneMinute = pending({ challenge: { ...pending().challenge!, expires_at: '2030-01-01T00:01:00.000-03:00' } });
    const timedOut = rejection(start({}, oneMinute));
    host().methods.ready();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(dialog()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect((await timedOut).code).toBe(ErrorCode.CHALLENGE_TIMEOUT);

    const notOpened = rejection(start({ beforeChallenge: () => {} }, oneMinute));
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await notOpened).code).toBe(ErrorCode.CHALLENGE_NOT_OPENED);
    expectCleanedUp();
  });

  it('an abort from inside onStatusChange ends the run there: no beforeChallenge, no dialog, no timer left', async () => {
    const controller = new AbortController();
    const before = vi.fn();
    const error = await rejection(
      start({ signal: controller.signal, onStatusChange: () => controller.abort(), beforeChallenge: before }),
    );
    expect(error.code).toBe(ErrorCode.ABORTED);
    expect(before).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    expect(balance()).toBe(0);
    expectCleanedUp();
  });

  it('a beforeChallenge that throws before open(): CHALLENGE_NOT_OPENED at once, and the error still reaches the page', async () => {
    const reported = catchReportedErrors();
    const bug = new Error('merchant bug');
    const error = await rejection(
      start({
        beforeChallenge: () => {
          throw bug;
        },
      }),
    );
    expect(error.code).toBe(ErrorCode.CHALLENGE_NOT_OPENED);
    expect(reported).toEqual([bug]);
    expectCleanedUp();
  });

  it('an onStatusChange that throws does not stop the challenge', async () => {
    const reported = catchReportedErrors();
    const run = start({
      onStatusChange: () => {
        throw new Error('status bug');
      },
    });
    expect(dialog()).not.toBeNull();
    expect(reported).toHaveLength(1);
    closeButton()!.click();
    await rejection(run);
  });

  it('CHALLENGE_FRAME_ERROR when the frame loads but the host never answers (error page, blocked frame)', async () => {
    const outcome = rejection(start());
    frame()!.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(FRAME_ANSWER_TIMEOUT_MS);
    const error = await outcome;
    expect(error.code).toBe(ErrorCode.CHALLENGE_FRAME_ERROR);
    expect(error.message).toContain(CHALLENGE_ORIGIN);
    expectCleanedUp();
  });

  it('no frame error once the host has answered, however late its page finishes loading', async () => {
    const run = start();
    host().handshake();
    await vi.advanceTimersByTimeAsync(0);
    frame()!.dispatchEvent(new Event('load'));
    host().methods.ready();
    await vi.advanceTimersByTimeAsync(FRAME_READY_TIMEOUT_MS * 2);
    expect(dialog()!.open).toBe(true);
    closeButton()!.click();
    expect((await rejection(run)).code).toBe(ErrorCode.CHALLENGE_CANCELED);
  });

  it('CHALLENGE_FRAME_ERROR when the issuer page is not ready within 10 s (nothing loads at all)', async () => {
    const outcome = rejection(start());
    host().handshake();
    await vi.advanceTimersByTimeAsync(FRAME_READY_TIMEOUT_MS);
    expect((await outcome).code).toBe(ErrorCode.CHALLENGE_FRAME_ERROR);
    expect(FRAME_READY_TIMEOUT_MS).toBe(10_000);
  });

  it('CHALLENGE_FRAME_ERROR at once on a CSP violation for the challenge origin, and only for it', async () => {
    const outcome = rejection(start());
    const violation = (blockedURI: string) =>
      Object.assign(new Event('securitypolicyviolation'), { blockedURI, effectiveDirective: 'frame-src' });
    // Same host, a port that merely starts with the challenge port: not the challenge origin.
    document.dispatchEvent(violation(`${CHALLENGE_ORIGIN}1/challenge/host`));
    document.dispatchEvent(violation('https://ads.example/x'));
    expect(dialog()).not.toBeNull();
    document.dispatchEvent(violation(`${CHALLENGE_ORIGIN}/challenge/host?authentication=x`));
    const error = await outcome;
    expect(error.code).toBe(ErrorCode.CHALLENGE_FRAME_ERROR);
    expect(error.message).toContain('blocked');
    expectCleanedUp();
  });
});

describe('authenticate3DS with a challenge', () => {
  const request = (extra: Partial<AuthenticationRequest> = {}) =>
    ({ ...validRequest(), ...extra }) as unknown as AuthenticationRequest;

  it('posts, shows the challenge, reads the final state and resolves with status, id and authenticationStatus', async () => {
    const fetch = stubFetch((_url, init) =>
      json(
        init.method === 'POST' ? pending() : authentication({ authentication_status: 'NOT_AUTHENTICATED' }),
        init.method === 'POST' ? 201 : 200,
      ),
    );
    const run = authenticate3DS(request());
    await vi.waitFor(() => expect(penpal.connections).toHaveLength(1));
    host().methods.ended();
    await expect(run).resolves.toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
      id: ID,
      authenticationStatus: 'NOT_AUTHENTICATED',
    });
    expect(fetch.mock.calls.map(([, init]) => init?.method)).toEqual(['POST', 'GET']);
    expectCleanedUp();
  });

  it('a second call while the challenge is open: ALREADY_IN_PROGRESS, and one dialog only', async () => {
    stubFetch(() => json(pending(), 201));
    const first = authenticate3DS(request());
    await vi.waitFor(() => expect(dialog()).not.toBeNull());
    expect((await rejection(authenticate3DS(request()))).code).toBe(ErrorCode.ALREADY_IN_PROGRESS);
    expect(document.body.querySelectorAll(':scope > div')).toHaveLength(1);
    closeButton()!.click();
    expect((await rejection(first)).code).toBe(ErrorCode.CHALLENGE_CANCELED);
    // Settled: the next call may run.
    stubFetch(() => json(authentication({ status: 'AUTH_NOT_SUPPORTED', authentication_status: null })));
    await expect(authenticate3DS(request())).resolves.toEqual({
      status: 'AUTH_NOT_SUPPORTED',
      traceId: expect.any(String),
    });
  });
});
