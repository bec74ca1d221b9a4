import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  abortRun,
  CHALLENGE_CARD,
  cancelChallenge,
  challengeDialog,
  CODE,
  expectNoChallengeLeft,
  issuerFrame,
  newSession,
  openChallenge,
  openCheckout,
  runLog,
  settled,
  startRun,
  submitCode,
  waitForChallenge,
} from './challenge-support';

const CLOSE = 'Fechar e cancelar a verificação';

/** The issuer page's frame, to act as a page script of the challenge origin would. */
const acsFrame = (page: Page) => {
  const frame = page.frames().find((f) => new URL(f.url()).pathname === '/challenge/acs');
  if (!frame) throw new Error('no issuer frame');
  return frame;
};

test.describe('a checkout page', () => {
  test.beforeEach(async ({ page, merchant, sandbox }) => {
    await openCheckout(page, merchant, sandbox);
  });

  test('beforeChallenge gets brand, issuer and open after REQUIRE_CHALLENGE is reported; nothing shows until open(), a second open() is harmless', async ({
    page,
    sandbox,
  }) => {
    await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.mastercard, before: 'hold' });
    await expect.poll(async () => (await runLog(page)).before.length).toBe(1);
    const log = await runLog(page);
    expect(log.order).toEqual(['status:REQUIRE_CHALLENGE', 'before']);
    expect(log.before).toEqual([
      {
        brand: 'mastercard',
        issuer: 'Banco Fictício do Brasil',
        hasIssuerKey: true,
        keys: ['brand', 'issuer', 'open'],
      },
    ]);
    await expect(challengeDialog(page)).toHaveCount(0);
    expect(await page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(0);

    await openChallenge(page);
    await expect(challengeDialog(page)).toHaveCount(1);
    await submitCode(page, CODE.AUTHENTICATES);
    expect(await settled(page)).toMatchObject({
      ok: true,
      result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
    });
    await expectNoChallengeLeft(page);
  });

  test('beforeChallenge gets no issuer when the issuer is unknown', async ({ page, sandbox }) => {
    await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.unknownIssuer, before: 'hold' });
    await expect
      .poll(async () => (await runLog(page)).before)
      .toEqual([{ brand: 'visa', hasIssuerKey: false, keys: ['brand', 'open'] }]);
    await openChallenge(page);
    await submitCode(page, CODE.AUTHENTICATES);
    expect((await settled(page)).ok).toBe(true);
  });

  test('open() never called: CHALLENGE_NOT_OPENED at the deadline, and no dialog ever shown', async ({
    page,
    sandbox,
  }) => {
    await startRun(page, await newSession(sandbox), {
      card: CHALLENGE_CARD.visa,
      before: 'hold',
      challengeTimeout: 1000,
    });
    expect(await settled(page)).toMatchObject({
      ok: false,
      error: { name: 'GatewayError', code: 'CHALLENGE_NOT_OPENED' },
    });
    await expectNoChallengeLeft(page);
    // A late open() does nothing once the promise settled.
    await openChallenge(page);
    await expectNoChallengeLeft(page);
  });

  test('the close button cancels: CHALLENGE_CANCELED, never AUTH_FLOW_COMPLETED; focus and scroll come back', async ({
    page,
    sandbox,
  }) => {
    await page.evaluate(() => {
      scrollTo(0, 600);
      document.getElementById('pay')!.focus({ preventScroll: true });
    });
    expect(await page.evaluate(() => scrollY)).toBe(600);
    await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa });
    await waitForChallenge(page);
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
    await cancelChallenge(page, 'close-button');
    expect(await settled(page)).toMatchObject({
      ok: false,
      error: { code: 'CHALLENGE_CANCELED', detail: { traceId: expect.any(String) } },
    });
    await expectNoChallengeLeft(page);
    expect(await page.evaluate(() => ({ focused: document.activeElement?.id, y: scrollY }))).toEqual({
      focused: 'pay',
      y: 600,
    });
  });

  test('Escape on the dialog cancels', async ({ page, sandbox }) => {
    await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.elo });
    await waitForChallenge(page);
    await page.getByRole('button', { name: CLOSE }).focus();
    await page.keyboard.press('Escape');
    expect(await settled(page)).toMatchObject({ ok: false, error: { code: 'CHALLENGE_CANCELED' } });
    await expectNoChallengeLeft(page);
  });

  test('Escape in the issuer page cancels too, and the issuer cancel button as well', async ({ page, sandbox }) => {
    const session = await newSession(sandbox);
    await startRun(page, session, { card: CHALLENGE_CARD.visa });
    const code = issuerFrame(page).locator('#code');
    // The SDK hands focus to the issuer page's code field once it is ready.
    await expect(code).toBeFocused();
    await cancelChallenge(page, 'escape');
    expect(await settled(page)).toMatchObject({ ok: false, error: { code: 'CHALLENGE_CANCELED' } });
    await expectNoChallengeLeft(page);

    await startRun(page, session, { card: CHALLENGE_CARD.visa });
    await cancelChallenge(page, 'issuer-cancel');
    expect(await settled(page)).toMatchObject({ ok: false, error: { code: 'CHALLENGE_CANCELED' } });
    await expectNoChallengeLeft(page);
  });

  test('the merchant aborts with the signal: ABORTED and the dialog closes', async ({ page, sandbox }) => {
    await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa, abortable: true });
    await waitForChallenge(page);
    await abortRun(page);
    expect(await settled(page)).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
    await expectNoChallengeLeft(page);
  });

  test('the shopper takes longer than challengeTimeout: CHALLENGE_TIMEOUT', async ({ page, sandbox }) => {
    await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa, challengeTimeout: 1000 });
    expect(await settled(page)).toMatchObject({ ok: false, error: { code: 'CHALLENGE_TIMEOUT' } });
    await expectNoChallengeLeft(page);
  });

  test('a second authenticate3DS while a challenge is open: ALREADY_IN_PROGRESS, and still one dialog', async ({
    page,
    sandbox,
  }) => {
    const session = await newSession(sandbox);
    await startRun(page, session, { card: CHALLENGE_CARD.visa });
    await waitForChallenge(page);
    const second = await page.evaluate(async () => {
      const G = (window as unknown as { Gateway: { authenticate3DS(r: object): Promise<unknown> } }).Gateway;
      const first = (window as unknown as { __settled: unknown }).__settled;
      const data = {
        customer: {
          name: 'Ana Souza',
          email: 'ana@example.com',
          phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
        },
        paymentMethod: {
          type: 'CREDIT_CARD',
          installments: 1,
          card: { number: '4000000000002503', expMonth: 12, expYear: 2099, holder: { name: 'Ana Souza' } },
        },
        amount: { value: 1000, currency: 'BRL' },
        billingAddress: {
          street: 'Rua A',
          number: '1',
          city: 'São Paulo',
          regionCode: 'SP',
          country: 'BRA',
          postalCode: '01310100',
        },
      };
      try {
        await G.authenticate3DS({ data, dataOnly: false });
        return 'resolved';
      } catch (e) {
        return {
          code: (e as { code: string }).code,
          firstStillPending: first === (window as unknown as { __settled: unknown }).__settled,
        };
      }
    });
    expect(second).toEqual({ code: 'ALREADY_IN_PROGRESS', firstStillPending: true });
    await expect(challengeDialog(page)).toHaveCount(1);
    await submitCode(page, CODE.AUTHENTICATES);
    expect((await settled(page)).ok).toBe(true);
  });

  test('a forged "ended" from the challenge origin cannot complete an authentication the API does not show completed', async ({
    page,
    sandbox,
  }) => {
    await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa });
    await waitForChallenge(page);
    // The issuer page claims the end without any code typed: the host relays it, the SDK asks the API.
    await acsFrame(page).evaluate(() => parent.postMessage({ type: 'gateway:acs-ended' }, location.origin));
    const outcome = await settled(page);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'CHALLENGE_NOT_COMPLETED' } });
    expect(JSON.stringify(outcome)).not.toContain('AUTH_FLOW_COMPLETED');
    await expectNoChallengeLeft(page);
  });

  test('a page on another origin posting to the host cannot end or cancel the challenge', async ({ page, sandbox }) => {
    await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa });
    await waitForChallenge(page);
    // The merchant page (another origin) posts the issuer's messages straight to the host frame.
    await page.evaluate(() => {
      const host = document.querySelector('div')!.shadowRoot!.querySelector('iframe')!.contentWindow!;
      for (const type of ['gateway:acs-ended', 'gateway:acs-cancel']) host.postMessage({ type }, '*');
    });
    await submitCode(page, CODE.AUTHENTICATES);
    expect(await settled(page)).toMatchObject({ ok: true, result: { status: 'AUTH_FLOW_COMPLETED' } });
  });
});

test('the challenge frame fails to load (network error): CHALLENGE_FRAME_ERROR within seconds, not a hang', async ({
  page,
  merchant,
  sandbox,
}) => {
  await page.route(`${sandbox.challengeUrl}/challenge/host**`, (route) => route.abort('connectionrefused'));
  await openCheckout(page, merchant, sandbox, { path: '/checkout-offline' });
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa });
  const outcome = await settled(page);
  expect(outcome).toMatchObject({ ok: false, error: { code: 'CHALLENGE_FRAME_ERROR' } });
  expect(!outcome.ok && outcome.error.message).toContain('never answered');
  await expectNoChallengeLeft(page);
});

test('a CSP frame-src that leaves out the challenge origin blocks the frame: CHALLENGE_FRAME_ERROR naming the origin to allow', async ({
  page,
  merchant,
  sandbox,
}) => {
  await openCheckout(page, merchant, sandbox, {
    path: '/checkout-frame-src',
    headers: { 'Content-Security-Policy': "frame-src 'self'" },
  });
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa });
  const outcome = await settled(page);
  expect(outcome).toMatchObject({ ok: false, error: { code: 'CHALLENGE_FRAME_ERROR' } });
  // Told apart from a slow network by the violation event, at once.
  expect(!outcome.ok && outcome.error.message).toContain(`was blocked: allow ${sandbox.challengeUrl} in CSP frame-src`);
  await expectNoChallengeLeft(page);
});
