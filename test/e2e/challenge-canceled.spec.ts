import type { Page } from '@playwright/test';
import type { Sandbox } from '../../dist/sandbox/index.js';
import {
  CHALLENGE_CARD,
  CODE,
  expectNoChallengeLeft,
  issuerFrame,
  newSession,
  openCheckout,
  settled,
  startRun,
} from './challenge-support';
import { expect, test } from './fixtures';

const CLOSE = 'Fechar e cancelar a verificação';

/** The authentication the page's SDK creates, with its challenge token (from the API's answer). */
async function created(page: Page): Promise<{ id: string; token: string }> {
  const res = await page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/checkout-sdk/3ds/authentications',
  );
  const body = (await res.json()) as { id: string; status: string; challenge: { url: string } };
  expect(body.status).toBe('REQUIRE_CHALLENGE');
  return { id: body.id, token: new URL(body.challenge.url).searchParams.get('token')! };
}

/** The authentication as the API tells it. */
async function read(sandbox: Sandbox, session: string, id: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${sandbox.apiUrl}/checkout-sdk/3ds/authentications/${id}`, {
    headers: { 'X-Gateway-Session': session },
  });
  return (await res.json()) as Record<string, unknown>;
}

/** Someone holding the challenge URL posts the right code to the issuer page, outside the shopper's frame. */
function postCode(sandbox: Sandbox, parent: string, id: string, token: string): Promise<Response> {
  return fetch(`${sandbox.challengeUrl}/challenge/acs`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams({ authentication: id, token, parent, code: CODE.AUTHENTICATES }).toString(),
  });
}

/** The merchant's server orders with the id (the page authenticated R$ 150,00 with the card, expiry 12/2099). */
async function order(
  sandbox: Sandbox,
  id: string,
): Promise<{ status: number; body: { error_messages?: Array<{ description: string }> } }> {
  const res = await fetch(`${sandbox.apiUrl}/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      reference_id: 'pedido-cancelado',
      customer: {
        name: 'Maria Silva',
        email: 'maria@example.com.br',
        tax_id: '12345678909',
        phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
      },
      items: [{ reference_id: 'sku-1', name: 'Tênis', quantity: 1, unit_amount: 15_000 }],
      charges: [
        {
          reference_id: 'cobranca',
          amount: { value: 15_000, currency: 'BRL' },
          payment_method: {
            type: 'CREDIT_CARD',
            installments: 1,
            capture: true,
            card: {
              number: CHALLENGE_CARD.visa,
              exp_month: '12',
              exp_year: '2099',
              security_code: '123',
              holder: { name: 'Maria Silva' },
            },
            authentication_method: { type: 'THREEDS', id },
          },
        },
      ],
    }),
  });
  return { status: res.status, body: await res.json() };
}

test.describe('a challenge that did not finish', () => {
  test.beforeEach(async ({ page, merchant, sandbox }) => {
    await openCheckout(page, merchant, sandbox);
  });

  test('canceled with the close button: CANCELED at the API, and the code posted afterwards neither completes it nor pays', async ({
    page,
    sandbox,
  }) => {
    const session = await newSession(sandbox);
    const auth = created(page);
    await startRun(page, session, { card: CHALLENGE_CARD.visa });
    const { id, token } = await auth;
    await expect(issuerFrame(page).locator('#code')).toBeVisible();
    await page.getByRole('button', { name: CLOSE }).click();
    expect(await settled(page)).toMatchObject({ ok: false, error: { code: 'CHALLENGE_CANCELED' } });
    await expectNoChallengeLeft(page);
    // The SDK settled only after the API recorded the cancel: no window for a late code.
    expect(await read(sandbox, session, id)).toMatchObject({
      status: 'CANCELED',
      reason: 'CHALLENGE_CANCELED',
      authentication_status: null,
    });

    const late = await postCode(sandbox, new URL(page.url()).origin, id, token);
    expect(await late.text()).toContain('Esta verificação foi cancelada.');
    expect(await read(sandbox, session, id)).toMatchObject({ status: 'CANCELED' });
    const paid = await order(sandbox, id);
    expect(paid.status).toBe(422);
    expect(paid.body.error_messages![0]!.description).toContain('status CANCELED');
  });

  test('timed out: CHALLENGE_TIMEOUT in the SDK, CANCELED with reason CHALLENGE_TIMEOUT at the API, never payable', async ({
    page,
    sandbox,
  }) => {
    // The page's time stands still until the challenge shows, then runs out: on a busy machine
    // 1.5 s of real time could pass before the challenge frame even answered.
    await page.clock.install();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const session = await newSession(sandbox);
    const auth = created(page);
    await startRun(page, session, { card: CHALLENGE_CARD.visa, challengeTimeout: 1500 });
    const { id, token } = await auth;
    await expect(issuerFrame(page).locator('#code')).toBeVisible();
    expect(await read(sandbox, session, id)).toMatchObject({ status: 'REQUIRE_CHALLENGE' });
    await page.clock.runFor(1500);
    expect(await settled(page)).toMatchObject({ ok: false, error: { code: 'CHALLENGE_TIMEOUT' } });
    await expectNoChallengeLeft(page);
    expect(await read(sandbox, session, id)).toMatchObject({ status: 'CANCELED', reason: 'CHALLENGE_TIMEOUT' });
    await postCode(sandbox, new URL(page.url()).origin, id, token);
    expect((await order(sandbox, id)).status).toBe(422);
  });

  test('a code the issuer accepted before the cancel arrived: the SDK resolves with the completed authentication, as the API says', async ({
    page,
    sandbox,
  }) => {
    const session = await newSession(sandbox);
    const auth = created(page);
    await startRun(page, session, { card: CHALLENGE_CARD.visa });
    const { id, token } = await auth;
    await expect(issuerFrame(page).locator('#code')).toBeVisible();
    // The issuer completes it while the shopper's frame still shows the form (as a code submitted
    // just before the close would); then the shopper closes.
    expect((await postCode(sandbox, new URL(page.url()).origin, id, token)).status).toBe(200);
    await page.getByRole('button', { name: CLOSE }).click();
    expect(await settled(page)).toMatchObject({
      ok: true,
      result: { status: 'AUTH_FLOW_COMPLETED', id, authenticationStatus: 'AUTHENTICATED' },
    });
    await expectNoChallengeLeft(page);
    expect(await read(sandbox, session, id)).toMatchObject({ status: 'AUTH_FLOW_COMPLETED', reason: null });
    expect((await order(sandbox, id)).status).toBe(201);
  });
});
