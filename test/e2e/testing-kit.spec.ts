// The public testing entry (@gateway/sdk/testing, built) against the real SDK dialog and sandbox
// pages: if the helpers and the data-gateway hooks drift apart, these fail.
import type { Page } from '@playwright/test';
import {
  CHALLENGE_HOOKS,
  cancelChallenge,
  challengeDialog,
  enterWrongCode,
  failChallenge,
  issuerFrame,
  passChallenge,
  submitChallengeCode,
  test as kit,
  waitForChallenge,
  type CancelBy,
} from '../../dist/testing/index.js';
import { CHALLENGE_CARD, expectNoChallengeLeft, openCheckout, settled, startRun } from './challenge-support';
import { expect } from './fixtures';
import { MerchantServer } from './merchant-server';
import { authData, validDevice } from '../support/request-bodies.mjs';

const test = kit.extend<object, { merchant: MerchantServer }>({
  merchant: [
    async ({}, use) => {
      const server = await new MerchantServer().start();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

test.beforeEach(async ({ page, merchant, gateway }) => {
  await openCheckout(page, merchant, gateway.sandbox);
});

/** Whether the page's authenticate3DS has settled by now (no waiting). */
const hasSettled = (page: Page) =>
  // race() subscribes to the run's own promise first: when it has settled, its value wins.
  page.evaluate(
    async () =>
      (await Promise.race([
        (window as unknown as { __settled: Promise<unknown> }).__settled,
        Promise.resolve('pending'),
      ])) !== 'pending',
  );

test('the fixture gives the worker sandbox: URLs, token, clock and a second merchant', async ({ gateway }) => {
  expect(gateway.sdkUrl).toBe(`${gateway.apiUrl}/sdk/gateway.js`);
  expect(gateway.challengeUrl).not.toBe(gateway.apiUrl);
  expect(gateway.secondMerchant.token).not.toBe(gateway.token);
  for (const token of [gateway.token, gateway.secondMerchant.token])
    expect(await gateway.newSession(token)).toEqual(expect.any(String));
  const before = gateway.clock.now().getTime();
  gateway.clock.advance(1000);
  expect(gateway.clock.now().getTime()).toBeGreaterThanOrEqual(before + 1000);
});

test('waitForChallenge returns the brand and issuer; each hook matches exactly one element', async ({
  page,
  gateway,
}) => {
  await startRun(page, await gateway.newSession(), { card: CHALLENGE_CARD.visa });
  expect(await waitForChallenge(page)).toEqual({ brand: 'visa', issuer: 'Banco Exemplo' });
  await expect(challengeDialog(page)).toHaveCount(1);
  await expect(challengeDialog(page).locator(CHALLENGE_HOOKS.closeButton)).toHaveCount(1);
  await expect(page.locator(CHALLENGE_HOOKS.frame)).toBeVisible();
  for (const hook of [CHALLENGE_HOOKS.code, CHALLENGE_HOOKS.submit, CHALLENGE_HOOKS.cancel])
    await expect(issuerFrame(page).locator(hook)).toHaveCount(1);
  await expect(issuerFrame(page).locator('html')).toHaveAttribute(CHALLENGE_HOOKS.attemptsLeftAttribute, '3');
  await passChallenge(page);
});

test('an issuer the sandbox does not know: issuer undefined', async ({ page, gateway }) => {
  await startRun(page, await gateway.newSession(), { card: CHALLENGE_CARD.unknownIssuer });
  expect(await waitForChallenge(page)).toEqual({ brand: 'visa', issuer: undefined });
  await passChallenge(page);
});

test('passChallenge returns once the SDK settled AUTHENTICATED', async ({ page, gateway }) => {
  await startRun(page, await gateway.newSession(), { card: CHALLENGE_CARD.mastercard });
  await passChallenge(page);
  expect(await hasSettled(page)).toBe(true);
  expect(await settled(page)).toMatchObject({
    ok: true,
    result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
  });
  await expectNoChallengeLeft(page);
});

test('failChallenge returns once the SDK settled NOT_AUTHENTICATED', async ({ page, gateway }) => {
  await startRun(page, await gateway.newSession(), { card: CHALLENGE_CARD.elo });
  await failChallenge(page);
  expect(await hasSettled(page)).toBe(true);
  expect(await settled(page)).toMatchObject({
    ok: true,
    result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'NOT_AUTHENTICATED' },
  });
});

test('enterWrongCode: retries while attempts are left, then the challenge fails', async ({ page, gateway }) => {
  await startRun(page, await gateway.newSession(), { card: CHALLENGE_CARD.visa });
  expect(await enterWrongCode(page, 2)).toBe('retry');
  expect(await hasSettled(page)).toBe(false);
  await expect(issuerFrame(page).getByRole('alert')).toHaveText('Código incorreto. Resta 1 tentativa.');
  expect(await enterWrongCode(page)).toBe('settled');
  expect(await settled(page)).toMatchObject({ ok: true, result: { authenticationStatus: 'NOT_AUTHENTICATED' } });
});

test('a wrong code then the right one passes; a code that is not 6 digits is refused before typing', async ({
  page,
  gateway,
}) => {
  await startRun(page, await gateway.newSession(), { card: CHALLENGE_CARD.visa });
  await expect(submitChallengeCode(page, '12')).rejects.toThrow('6 digits');
  expect(await enterWrongCode(page)).toBe('retry');
  expect(await submitChallengeCode(page, '123456')).toBe('settled');
  expect(await settled(page)).toMatchObject({ ok: true, result: { authenticationStatus: 'AUTHENTICATED' } });
});

for (const by of ['close-button', 'escape', 'issuer-cancel'] as CancelBy[]) {
  test(`cancelChallenge by ${by}: returns once the SDK rejected CHALLENGE_CANCELED`, async ({ page, gateway }) => {
    await startRun(page, await gateway.newSession(), { card: CHALLENGE_CARD.visa });
    await cancelChallenge(page, by);
    expect(await hasSettled(page)).toBe(true);
    expect(await settled(page)).toMatchObject({ ok: false, error: { code: 'CHALLENGE_CANCELED' } });
    await expectNoChallengeLeft(page);
  });
}

test('decideChallenge decides without the UI; only the merchant that owns the authentication may', async ({
  gateway,
}) => {
  const create = async (token: string) => {
    const res = await fetch(`${gateway.apiUrl}/checkout-sdk/3ds/authentications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Gateway-Session': await gateway.newSession(token) },
      body: JSON.stringify({ data: authData(CHALLENGE_CARD.visa), device: validDevice() }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const id = await create(gateway.token);
  expect(await gateway.decideChallenge(id, '111111')).toMatchObject({ decision: 'RETRY', attemptsLeft: 2 });
  expect(await gateway.decideChallenge(id, '123456')).toMatchObject({
    decision: 'AUTHENTICATED',
    authentication: { id, status: 'AUTH_FLOW_COMPLETED' },
  });
  const other = await create(gateway.secondMerchant.token);
  await expect(gateway.decideChallenge(other, '123456')).rejects.toThrow('404');
});
