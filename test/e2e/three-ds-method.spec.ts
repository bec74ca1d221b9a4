import type { Page } from '@playwright/test';
import type { Sandbox } from '../../dist/sandbox/index.js';
import {
  abortRun,
  CHALLENGE_CARD,
  CODE,
  expectNoChallengeLeft,
  newSession,
  openCheckout,
  runLog,
  settled,
  startRun,
  submitCode,
  waitForChallenge,
} from './challenge-support';
import { expect, test } from './fixtures';

/** The 3DS Method cards (docs/three-ds-flow.md). */
const METHOD_CARD = {
  visa: '4000000000004004',
  mastercard: '5200000000001401',
  silent: '4000000000004103',
  thenChallenge: '4000000000004202',
} as const;

/** The merchant's server reading the authentication with its bearer token. */
async function merchantRead(sandbox: Sandbox, id: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${sandbox.apiUrl}/3ds/authentications/${id}`, {
    headers: { Authorization: `Bearer ${sandbox.token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** What the browser posted, in order: API calls and the method frame's form posts, by path. */
function recordPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(`${new URL(r.url()).origin} ${new URL(r.url()).pathname}`);
  });
  return posts;
}

const methodFrame = (page: Page) => page.locator('iframe[data-gateway=method]');

test.describe('the 3DS Method in Chromium, over three origins', () => {
  test.beforeEach(async ({ page, merchant, sandbox }) => {
    // The SDK's clock, under the test's control: the 10 s method wait is fast-forwarded, never waited.
    await page.clock.install();
    await openCheckout(page, merchant, sandbox);
  });

  for (const [card, brand, eci] of [
    [METHOD_CARD.visa, 'visa', '05'],
    [METHOD_CARD.mastercard, 'mastercard', '02'],
  ] as const) {
    test(`${card} (${brand}): the method completes, frictionless and authenticated, no challenge, the frame gone`, async ({
      page,
      sandbox,
    }) => {
      const posts = recordPosts(page);
      const methodData = (path: string) =>
        page
          .waitForRequest((r) => r.url().endsWith(path))
          .then((r) => {
            const encoded = new URLSearchParams(r.postData() ?? '').get('threeDSMethodData') ?? '';
            return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Record<string, unknown>;
          });
      const sent = methodData('/challenge/acs/method');
      const notified = methodData('/challenge/method-notification');
      await startRun(page, await newSession(sandbox), { card });
      const outcome = await settled(page);
      expect(outcome).toMatchObject({
        ok: true,
        result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
      });
      expect((await runLog(page)).statuses).toEqual([]);
      await expectNoChallengeLeft(page);
      const id = outcome.ok ? outcome.result.id! : '';
      expect(posts).toEqual([
        `${sandbox.apiUrl} /checkout-sdk/3ds/authentications`,
        `${sandbox.challengeUrl} /challenge/acs/method`,
        `${sandbox.challengeUrl} /challenge/method-notification`,
        `${sandbox.apiUrl} /checkout-sdk/3ds/authentications/${id}/continue`,
      ]);
      // EMV 3DS: the ACS posts threeDSMethodData holding the transaction id alone, not the data it got.
      expect(await notified).toEqual({ threeDSServerTransID: (await sent).threeDSServerTransID });
      expect(await merchantRead(sandbox, id)).toMatchObject({
        brand,
        method_completion: 'Y',
        trans_status: 'Y',
        eci,
        liability_shift: true,
        challenge_window_size: '03',
      });
    });
  }

  test("4000000000004103: the issuer never notifies; after the SDK's 10 s (fast-forwarded) it sends N and gets a challenge", async ({
    page,
    sandbox,
  }) => {
    // Listened for before the run starts, so a fast method page cannot be missed.
    const methodPage = page.waitForResponse((r) => r.url().endsWith('/challenge/acs/method'));
    await startRun(page, await newSession(sandbox), { card: METHOD_CARD.silent });
    await methodPage;
    await expect(methodFrame(page)).toHaveCount(1);
    await page.clock.fastForward(10_000);
    await waitForChallenge(page);
    await expect(methodFrame(page)).toHaveCount(0);
    await submitCode(page, CODE.AUTHENTICATES);
    const outcome = await settled(page);
    expect(outcome).toMatchObject({
      ok: true,
      result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
    });
    expect((await runLog(page)).statuses).toEqual(['REQUIRE_CHALLENGE']);
    await expectNoChallengeLeft(page);
    expect(await merchantRead(sandbox, outcome.ok ? outcome.result.id! : '')).toMatchObject({
      method_completion: 'N',
      trans_status: 'Y',
    });
  });

  test('4000000000004202: the method completes, then the challenge (opened with a creq, ended with a cres), in one payment', async ({
    page,
    sandbox,
  }) => {
    const posts = recordPosts(page);
    await startRun(page, await newSession(sandbox), { card: METHOD_CARD.thenChallenge });
    await waitForChallenge(page);
    await expect(methodFrame(page)).toHaveCount(0);
    await submitCode(page, CODE.AUTHENTICATES);
    const outcome = await settled(page);
    expect(outcome).toMatchObject({
      ok: true,
      result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
    });
    await expectNoChallengeLeft(page);
    expect(await merchantRead(sandbox, outcome.ok ? outcome.result.id! : '')).toMatchObject({
      method_completion: 'Y',
      trans_status: 'Y',
      eci: '05',
    });
    const id = outcome.ok ? outcome.result.id! : '';
    expect(posts).toEqual([
      `${sandbox.apiUrl} /checkout-sdk/3ds/authentications`,
      `${sandbox.challengeUrl} /challenge/acs/method`,
      `${sandbox.challengeUrl} /challenge/method-notification`,
      `${sandbox.apiUrl} /checkout-sdk/3ds/authentications/${id}/continue`,
      // The host page's creq opens the issuer page; the code; the issuer's cres to the notification URL.
      `${sandbox.challengeUrl} /challenge/acs`,
      `${sandbox.challengeUrl} /challenge/acs`,
      `${sandbox.challengeUrl} /challenge/notification`,
    ]);
  });

  test('an abort during the method rejects ABORTED at once (the clock stands still) and removes the frame', async ({
    page,
    sandbox,
  }) => {
    const posts = recordPosts(page);
    const methodPage = page.waitForResponse((r) => r.url().endsWith('/challenge/acs/method'));
    await startRun(page, await newSession(sandbox), { card: METHOD_CARD.silent, abortable: true });
    await methodPage;
    // No timer can fire while the clock is paused: only the abort can end the wait.
    await page.clock.pauseAt(Date.now() + 1_000);
    await abortRun(page);
    expect(await settled(page)).toMatchObject({ ok: false, error: { name: 'GatewayError', code: 'ABORTED' } });
    await expectNoChallengeLeft(page);
    expect(posts.filter((p) => p.endsWith('/continue'))).toEqual([]);
  });
});

test.describe('the challenge window size', () => {
  for (const [width, height, size, frame] of [
    [375, 667, '05', { width: 375 }],
    [1280, 720, '03', { width: 500, height: 600 }],
  ] as const) {
    test(`at ${width} px the SDK asks for ${size} and the dialog takes that size`, async ({
      page,
      merchant,
      sandbox,
    }) => {
      await page.setViewportSize({ width, height });
      await openCheckout(page, merchant, sandbox);
      await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa });
      await waitForChallenge(page);
      await expect(page.locator('dialog[data-gateway=challenge]')).toHaveAttribute('data-gateway-window-size', size);
      // Kept for a person to look at what the shopper sees at this width (test-results/ is not committed).
      await page.screenshot({ path: `test-results/three-ds-method/window-${width}.png` });
      const box = (await page.locator('iframe[data-gateway=frame]').boundingBox())!;
      expect(Math.round(box.width)).toBe(frame.width);
      if ('height' in frame) expect(Math.round(box.height)).toBe(frame.height);
      await submitCode(page, CODE.AUTHENTICATES);
      const outcome = await settled(page);
      expect(await merchantRead(sandbox, outcome.ok ? outcome.result.id! : '')).toMatchObject({
        challenge_window_size: size,
        method_completion: 'U',
      });
    });
  }
});
