import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { METHOD_NOTIFIED_MESSAGE } from '../../src/core/three-ds-method';
import { METHOD_TIMEOUT_MS, runMethod } from '../../src/sdk/challenge/run-method';
import { readDeviceInfo } from '../../src/sdk/read-device-info';

const METHOD = {
  url: 'http://127.0.0.1:4011/challenge/acs/method',
  three_ds_server_trans_id: '6f1c2a5e-8d5b-4c1e-9a7f-0b2d3c4e5f60',
  three_ds_method_data: 'eyJ0aHJlZURTU2VydmVyVHJhbnNJRCI6IjZmMWMifQ',
  notification_url: 'http://127.0.0.1:4011/challenge/method-notification',
};
const error = (code: string, message: string) => Object.assign(new Error(message), { code });
const outcome = (p: Promise<unknown>) =>
  p.then(
    (value) => ({ value }),
    (e: { code: string }) => ({ code: e.code }),
  );
const frame = () => document.querySelector<HTMLIFrameElement>('iframe[data-gateway=method]');
const notify = (
  source: Window | null,
  origin = 'http://127.0.0.1:4011',
  data: unknown = { type: METHOD_NOTIFIED_MESSAGE, threeDSServerTransID: METHOD.three_ds_server_trans_id },
) => window.dispatchEvent(new MessageEvent('message', { data, origin, source }));

let submitted: HTMLFormElement[];
beforeEach(() => {
  vi.useFakeTimers();
  submitted = [];
  // jsdom does not navigate: record what would be posted.
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the 3DS Method step', () => {
  it('form-posts threeDSMethodData to the method URL in a hidden iframe, and says Y when its notification page tells', async () => {
    const running = outcome(runMethod({ method: METHOD, error }));
    const f = frame()!;
    expect(f.hidden).toBe(true);
    expect(submitted).toHaveLength(1);
    const form = submitted[0]!;
    expect(form.method).toBe('post');
    expect(form.action).toBe(METHOD.url);
    expect(form.target).toBe(f.name);
    expect(new FormData(form).get('threeDSMethodData')).toBe(METHOD.three_ds_method_data);
    expect(form.isConnected).toBe(false);
    notify(f.contentWindow);
    expect(await running).toEqual({ value: 'Y' });
    expect(frame()).toBeNull();
  });

  it('ignores messages from another origin, another window, another transaction or of another type; N after 10 s', async () => {
    const running = outcome(runMethod({ method: METHOD, error }));
    const f = frame()!;
    notify(f.contentWindow, 'http://evil.example');
    notify(window);
    notify(f.contentWindow, undefined, { type: METHOD_NOTIFIED_MESSAGE, threeDSServerTransID: 'other' });
    notify(f.contentWindow, undefined, { type: 'other', threeDSServerTransID: METHOD.three_ds_server_trans_id });
    notify(f.contentWindow, undefined, null);
    await vi.advanceTimersByTimeAsync(METHOD_TIMEOUT_MS - 1);
    expect(frame()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(await running).toEqual({ value: 'N' });
    expect(frame()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects ABORTED at once when the merchant aborts, the frame gone; a late notification changes nothing', async () => {
    const controller = new AbortController();
    const running = outcome(runMethod({ method: METHOD, signal: controller.signal, error }));
    const f = frame()!;
    controller.abort();
    expect(frame()).toBeNull();
    notify(f.contentWindow);
    expect(await running).toEqual({ code: 'ABORTED' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an already aborted signal rejects without a frame; a method URL that is not http(s) is INVALID_RESPONSE', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await outcome(runMethod({ method: METHOD, signal: controller.signal, error }))).toEqual({ code: 'ABORTED' });
    expect(await outcome(runMethod({ method: { ...METHOD, url: 'javascript:alert(1)' }, error }))).toEqual({
      code: 'INVALID_RESPONSE',
    });
    expect(frame()).toBeNull();
    expect(submitted).toHaveLength(0);
  });
});

describe('the EMV browser data the SDK sends', () => {
  it('maps the color depth, caps the user agent at 2048, and chooses the window size from the viewport', () => {
    vi.spyOn(window.screen, 'colorDepth', 'get').mockReturnValue(30);
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('U'.repeat(3000));
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(375);
    const narrow = readDeviceInfo();
    expect(narrow).toMatchObject({ colorDepth: 24, javascriptEnabled: true, challengeWindowSize: '05' });
    expect(narrow.userAgent).toHaveLength(2048);
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1280);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(720);
    expect(readDeviceInfo().challengeWindowSize).toBe('03');
  });
});
