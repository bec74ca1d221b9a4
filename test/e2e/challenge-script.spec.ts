import {
  CHALLENGE_CARD,
  CODE,
  checkoutHtml,
  expectNoChallengeLeft,
  newSession,
  openCheckout,
  settled,
  startRun,
  submitCode,
  waitForChallenge,
} from './challenge-support';
import { expect, test } from './fixtures';

// The script-tag build fetches its challenge code (gateway-challenge.js) only when an issuer asks
// for a challenge, from beside gateway.js.

test('a frictionless authentication never loads the challenge code', async ({ page, merchant, sandbox }) => {
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
  await openCheckout(page, merchant, sandbox, { path: '/checkout-frictionless-only' });
  await startRun(page, await newSession(sandbox), { card: '4000000000002370' });
  expect(await settled(page)).toMatchObject({ ok: true, result: { status: 'AUTH_FLOW_COMPLETED' } });
  expect(loaded).toContain('/sdk/gateway.js');
  expect(loaded).not.toContain('/sdk/gateway-challenge.js');
});

test('the challenge code comes from beside gateway.js, wherever the page loaded it from', async ({
  page,
  merchant,
  sandbox,
}) => {
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(r.url()));
  // The merchant hosts the SDK itself: both files come from its origin, the API calls go to the sandbox.
  const html = checkoutHtml(sandbox).replace(
    `<script src="${sandbox.sdkUrl}"></script>`,
    `<script src="${merchant.url}/gateway.js"></script>`,
  );
  await page.goto(merchant.page('/self-hosted', { html }));
  await page.evaluate((apiUrl) => {
    const w = window as unknown as { Gateway: { setUp(o: object): void } };
    const setUp = w.Gateway.setUp;
    // startRun calls setUp without apiUrl; a self-hosted script must name the API.
    w.Gateway.setUp = (o: object) => setUp({ ...o, apiUrl });
  }, sandbox.apiUrl);
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa });
  await waitForChallenge(page);
  await submitCode(page, CODE.AUTHENTICATES);
  expect(await settled(page)).toMatchObject({
    ok: true,
    result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
  });
  expect(loaded).toContain(`${merchant.url}/gateway-challenge.js`);
  await expectNoChallengeLeft(page);
});

test('challenge code blocked by CSP script-src: CHALLENGE_FRAME_ERROR naming the file, nothing left behind', async ({
  page,
  merchant,
  sandbox,
}) => {
  // A CSP that allows gateway.js by its exact path and nothing else of the SDK's origin.
  const csp = `script-src ${sandbox.sdkUrl} 'unsafe-inline'; frame-src ${sandbox.challengeUrl}`;
  await openCheckout(page, merchant, sandbox, {
    path: '/checkout-no-challenge-script',
    headers: { 'Content-Security-Policy': csp },
  });
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa });
  const outcome = await settled(page);
  expect(outcome).toMatchObject({
    ok: false,
    error: { code: 'CHALLENGE_FRAME_ERROR', detail: { traceId: expect.stringMatching(/.{8,}/) } },
  });
  expect(!outcome.ok && outcome.error.message).toContain('gateway-challenge.js');
  await expectNoChallengeLeft(page);
});

test('a challenge code download that failed is tried again by the next challenge', async ({
  page,
  merchant,
  sandbox,
}) => {
  await page.route('**/sdk/gateway-challenge.js', (route) => route.abort('connectionreset'));
  await openCheckout(page, merchant, sandbox, { path: '/checkout-flaky-network' });
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa });
  expect(await settled(page)).toMatchObject({ ok: false, error: { code: 'CHALLENGE_FRAME_ERROR' } });

  await page.unroute('**/sdk/gateway-challenge.js');
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa });
  await waitForChallenge(page);
  await submitCode(page, CODE.AUTHENTICATES);
  expect(await settled(page)).toMatchObject({ ok: true, result: { status: 'AUTH_FLOW_COMPLETED' } });
  await expectNoChallengeLeft(page);
});

test('a gateway-challenge.js that is not the one gateway.js was built with is refused (subresource integrity)', async ({
  page,
  merchant,
  sandbox,
}) => {
  await page.route('**/sdk/gateway-challenge.js', async (route) => {
    const original = await route.fetch();
    // Same behaviour, one byte more: only the integrity check can tell.
    await route.fulfill({ response: original, body: `${await original.text()}\n` });
  });
  await openCheckout(page, merchant, sandbox, { path: '/checkout-tampered' });
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa });
  const outcome = await settled(page);
  expect(outcome).toMatchObject({ ok: false, error: { code: 'CHALLENGE_FRAME_ERROR' } });
  expect(
    await page.evaluate(() => typeof (globalThis as Record<symbol, unknown>)[Symbol.for('@gateway/sdk:challenge')]),
  ).toBe('undefined');
  await expectNoChallengeLeft(page);
});

test('a challenge-code download that stalls: the merchant can still abort, and the page can authenticate again', async ({
  page,
  merchant,
  sandbox,
}) => {
  let stalled = 0;
  // Never answered: the request hangs as a stuck network would.
  await page.route('**/sdk/gateway-challenge.js', () => {
    stalled += 1;
  });
  await openCheckout(page, merchant, sandbox, { path: '/checkout-stalled' });
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa, abortable: true });
  await expect.poll(() => stalled).toBe(1);
  await page.evaluate(() => (window as unknown as { __abort: () => void }).__abort());
  expect(await settled(page)).toMatchObject({ ok: false, error: { code: 'ABORTED' } });

  // Not ALREADY_IN_PROGRESS: the aborted run let go. A frictionless card needs no challenge code.
  await startRun(page, await newSession(sandbox), { card: '4000000000002370' });
  expect(await settled(page)).toMatchObject({ ok: true, result: { status: 'AUTH_FLOW_COMPLETED' } });
});
