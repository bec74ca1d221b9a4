import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChallengeModule } from '../../src/sdk/challenge/run-challenge';
import { ErrorCode, GatewayError, setUp } from '../../src/sdk/index';
import { getConfig } from '../../src/sdk/config';

// The loader is what the network decides: each test settles it (or not) by hand.
const loader = vi.hoisted(() => ({ settle: { resolve: (_: unknown) => {}, reject: (_: unknown) => {} } }));
vi.mock('../../src/sdk/challenge/import-challenge-module', () => ({
  loadChallenge: () =>
    new Promise((resolve, reject) => {
      loader.settle = { resolve, reject };
    }),
}));
const { loadChallengeModule, CHALLENGE_CODE_TIMEOUT_MS } = await import('../../src/sdk/load-challenge-module');

const module: ChallengeModule = { runChallenge: vi.fn(), runMethod: vi.fn() };
const outcome = (p: Promise<unknown>) =>
  p.then(
    (value) => ({ value }),
    (error: GatewayError) => ({ error }),
  );

beforeEach(() => {
  vi.useFakeTimers();
  setUp({ session: 'sess_test_0001', env: 'SANDBOX', apiUrl: 'http://127.0.0.1:4999' });
});
afterEach(() => vi.useRealTimers());

describe('loadChallengeModule', () => {
  it('gives the challenge module once it has loaded, and leaves no timer', async () => {
    const got = loadChallengeModule(getConfig()!, undefined, 'trace-0001');
    loader.settle.resolve(module);
    expect(await got).toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a download that stalls: CHALLENGE_FRAME_ERROR after the deadline, never a hang', async () => {
    const got = outcome(loadChallengeModule(getConfig()!, undefined, 'trace-0001'));
    await vi.advanceTimersByTimeAsync(CHALLENGE_CODE_TIMEOUT_MS - 1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const { error } = (await got) as { error: GatewayError };
    expect(error).toBeInstanceOf(GatewayError);
    expect(error.code).toBe(ErrorCode.CHALLENGE_FRAME_ERROR);
    expect(error.detail.traceId).toBe('trace-0001');
    expect(error.message).toContain('gateway-challenge.js');
  });

  it('a download that fails: CHALLENGE_FRAME_ERROR at once', async () => {
    const got = outcome(loadChallengeModule(getConfig()!, undefined, 'trace-0001'));
    const loadError = new Error('net::ERR_CONNECTION_RESET');
    loader.settle.reject(loadError);
    const { error } = (await got) as { error: GatewayError };
    expect(error.code).toBe(ErrorCode.CHALLENGE_FRAME_ERROR);
    expect(error.cause).toBe(loadError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the merchant aborts while the code is loading: ABORTED at once, nothing left armed', async () => {
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    const got = outcome(loadChallengeModule(getConfig()!, controller.signal, 'trace-0001'));
    controller.abort();
    expect(((await got) as { error: GatewayError }).error.code).toBe(ErrorCode.ABORTED);
    expect(vi.getTimerCount()).toBe(0);
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
    loader.settle.resolve(module);
  });

  it('a signal aborted before: ABORTED without waiting', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(
      ((await outcome(loadChallengeModule(getConfig()!, controller.signal, 'trace-0001'))) as { error: GatewayError })
        .error.code,
    ).toBe(ErrorCode.ABORTED);
    expect(vi.getTimerCount()).toBe(0);
  });
});
