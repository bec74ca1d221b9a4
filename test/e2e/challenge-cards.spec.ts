import { expect, test } from './fixtures';
import {
  CHALLENGE_CARD,
  CODE,
  challengeDialog,
  expectNoChallengeLeft,
  issuerFrame,
  newSession,
  openCheckout,
  runLog,
  settled,
  startRun,
  submitCode,
  waitForChallenge,
} from './challenge-support';

test.beforeEach(async ({ page, merchant, sandbox }) => {
  await openCheckout(page, merchant, sandbox);
});

// The 3DS test set's nine cards (docs/rules.md), credit and debit: challenge cards end AUTH_FLOW_COMPLETED once the shopper types the code.
const TEST_SET_CARDS: ReadonlyArray<
  readonly [string, string, 'challenge' | { status: string; authenticationStatus?: string }]
> = [
  ['visa not eligible', '4000000000002719', { status: 'AUTH_NOT_SUPPORTED' }],
  ['mastercard not eligible', '5200000000001021', { status: 'AUTH_NOT_SUPPORTED' }],
  ['elo not eligible', '6505050000001026', { status: 'AUTH_NOT_SUPPORTED' }],
  ['visa with challenge', CHALLENGE_CARD.visa, 'challenge'],
  ['mastercard with challenge', CHALLENGE_CARD.mastercard, 'challenge'],
  ['elo with challenge', CHALLENGE_CARD.elo, 'challenge'],
  ['visa frictionless', '4000000000002370', { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' }],
  [
    'mastercard frictionless',
    '5200000000001104',
    { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
  ],
  ['elo frictionless', '6505050000001109', { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' }],
];

for (const type of ['CREDIT_CARD', 'DEBIT_CARD'] as const) {
  for (const [name, card, expected] of TEST_SET_CARDS) {
    test(`${type} ${name} (${card}) gives the documented status`, async ({ page, sandbox }) => {
      await startRun(page, await newSession(sandbox), { card, type });
      if (expected === 'challenge') {
        await waitForChallenge(page);
        await submitCode(page, CODE.AUTHENTICATES);
      }
      const outcome = await settled(page);
      if (expected === 'challenge') {
        expect(outcome).toEqual({
          ok: true,
          result: {
            status: 'AUTH_FLOW_COMPLETED',
            id: expect.stringMatching(/^3DS_[0-9a-f-]{36}$/),
            authenticationStatus: 'AUTHENTICATED',
            traceId: expect.any(String),
          },
        });
        expect((await runLog(page)).statuses).toEqual(['REQUIRE_CHALLENGE']);
      } else {
        expect(outcome.ok).toBe(true);
        expect(outcome.ok && outcome.result).toMatchObject(expected);
        expect((await runLog(page)).statuses).toEqual([]);
      }
      await expectNoChallengeLeft(page);
    });
  }
}

test('the failing code ends the challenge NOT_AUTHENTICATED: the flow completed, the issuer did not authenticate', async ({
  page,
  sandbox,
}) => {
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa });
  await submitCode(page, CODE.FAILS);
  expect(await settled(page)).toMatchObject({
    ok: true,
    result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'NOT_AUTHENTICATED' },
  });
  await expectNoChallengeLeft(page);
});

test('a wrong code may be retried: two wrong codes and then the right one authenticate', async ({ page, sandbox }) => {
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.mastercard });
  const acs = issuerFrame(page);
  await submitCode(page, CODE.WRONG);
  await expect(acs.getByRole('alert')).toHaveText('Código incorreto. Restam 2 tentativas.');
  await submitCode(page, CODE.WRONG);
  await expect(acs.getByRole('alert')).toHaveText('Código incorreto. Resta 1 tentativa.');
  await expect(challengeDialog(page)).toBeVisible();
  await submitCode(page, CODE.AUTHENTICATES);
  expect(await settled(page)).toMatchObject({
    ok: true,
    result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
  });
});

test('three wrong codes end the challenge NOT_AUTHENTICATED', async ({ page, sandbox }) => {
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.elo });
  const alert = issuerFrame(page).getByRole('alert');
  // Each answer is a new issuer page: wait for it before typing again.
  await submitCode(page, CODE.WRONG);
  await expect(alert).toContainText('Restam 2');
  await submitCode(page, CODE.WRONG);
  await expect(alert).toContainText('Resta 1');
  await submitCode(page, CODE.WRONG);
  expect(await settled(page)).toMatchObject({
    ok: true,
    result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'NOT_AUTHENTICATED' },
  });
  await expectNoChallengeLeft(page);
});

test('sandbox card: a challenge the issuer ends NOT_AUTHENTICATED even with the right code', async ({
  page,
  sandbox,
}) => {
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.forcedNotAuthenticated });
  await submitCode(page, CODE.AUTHENTICATES);
  expect(await settled(page)).toMatchObject({
    ok: true,
    result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'NOT_AUTHENTICATED' },
  });
});

test('sandbox card: a challenge with an issuer unknown to the database completes like the others', async ({
  page,
  sandbox,
}) => {
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.unknownIssuer, type: 'DEBIT_CARD' });
  await expect(issuerFrame(page).locator('.issuer')).toHaveText('Seu banco');
  await submitCode(page, CODE.AUTHENTICATES);
  expect(await settled(page)).toMatchObject({
    ok: true,
    result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
  });
});

test('sandbox cards without a challenge: denied, frictionless not authenticated, and a backend failure', async ({
  page,
  sandbox,
}) => {
  const session = await newSession(sandbox);
  await startRun(page, session, { card: '4000000000003006' });
  expect(await settled(page)).toEqual({
    ok: true,
    result: { status: 'CHANGE_PAYMENT_METHOD', traceId: expect.any(String) },
  });
  await startRun(page, session, { card: '4000000000003204' });
  expect(await settled(page)).toMatchObject({
    ok: true,
    result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'NOT_AUTHENTICATED' },
  });
  await startRun(page, session, { card: '4000000000005001' });
  expect(await settled(page)).toMatchObject({
    ok: false,
    error: { code: 'SERVER_ERROR', detail: { httpStatus: 500 } },
  });
  await expectNoChallengeLeft(page);
});

test('the issuer page shows the purchase, and English when setUp asks for it', async ({ page, sandbox }) => {
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa, locale: 'en' });
  const acs = issuerFrame(page);
  await expect(acs.locator('h1')).toHaveText("Confirm it's you");
  await expect(acs.locator('main')).toContainText('Purchase of R$150.00 on card Visa ending in 2503.');
  await expect(acs.locator('.issuer')).toHaveText('Banco Exemplo');
  await expect(page.getByRole('dialog', { name: 'Confirm the purchase with your bank' })).toBeVisible();
  await submitCode(page, CODE.AUTHENTICATES);
  expect((await settled(page)).ok).toBe(true);
});
