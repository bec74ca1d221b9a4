import { describe, expect } from 'vitest';
import type { AuthenticationResource } from '../../src/core/authentication-resource';
import { MALFORMED_CODES_KEPT } from '../../src/sandbox/challenge-attempts/challenge-attempt-store';
import { CODE_AUTHENTICATES, MAX_ATTEMPTS } from '../../src/sandbox/challenge/issuer-simulator';
import type { Sandbox } from '../../src/sandbox/index';
import { api } from './support/payments';
import { it } from './support/sandbox-test';
import { authData, postAuthentication, validDevice } from './support/sdk-client';

const PARENT = 'http://shop.example:8080';

/** A new authentication that requires a challenge, and its challenge token. */
async function challenge(sandbox: Sandbox, session: string): Promise<{ id: string; token: string }> {
  const res = await postAuthentication(sandbox, session, { data: authData('4000000000002503'), device: validDevice() });
  const body = (await res.json()) as AuthenticationResource;
  expect(body.status).toBe('REQUIRE_CHALLENGE');
  return { id: body.id, token: new URL(body.challenge!.url).searchParams.get('token')! };
}

/** A code typed in the issuer page's form, as the shopper's browser posts it. */
const typed = (sandbox: Sandbox, c: { id: string; token: string }, code: string) =>
  fetch(`${sandbox.challengeUrl}/challenge/acs`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams({ authentication: c.id, token: c.token, parent: PARENT, code }).toString(),
  });

/** A code decided through the sandbox's endpoint, as a test without a browser does. */
const decided = (sandbox: Sandbox, id: string, code: string) =>
  api(sandbox, 'POST', `/sandbox/3ds/authentications/${id}/challenge`, { code });

const consoleHtml = async (sandbox: Sandbox, path: string) => (await fetch(`${sandbox.apiUrl}${path}`)).text();

const sandboxNow = async (sandbox: Sandbox) => Date.parse((await api(sandbox, 'GET', '/sandbox/clock')).body.now);

describe('a 3DS challenge in the console', () => {
  it('lists each code submitted, in order, with its sandbox time, its result and what it decided', async ({
    sandbox,
    session,
  }) => {
    const c = await challenge(sandbox, session);
    const before = await sandboxNow(sandbox);
    // A card number, then a security code, typed in the code field: refused as malformed, and never kept as typed.
    expect((await decided(sandbox, c.id, '4111 1111 1111 1111')).status).toBe(400);
    expect((await typed(sandbox, c, '9731')).status).toBe(400);
    expect((await typed(sandbox, c, '111111')).status).toBe(200);
    // The last code is a minute later on the sandbox's clock: its time is the clock's, not the wall's.
    await api(sandbox, 'POST', '/sandbox/clock/advance', { seconds: 60 });
    expect((await decided(sandbox, c.id, CODE_AUTHENTICATES)).body.decision).toBe('AUTHENTICATED');

    const { body } = await api(sandbox, 'GET', `/sandbox/resources/${c.id}`);
    expect(body.resource).toMatchObject({ status: 'AUTH_FLOW_COMPLETED', authentication_status: 'AUTHENTICATED' });
    expect(body.resource.wrong_codes).toBe(1);
    const codes = body.resource.challenge_codes;
    expect(codes).toEqual([
      { code: '[digits]', at: expect.any(Number), via: 'sandbox_api', result: 'refused', outcome: 'MALFORMED' },
      { code: '••••', at: expect.any(Number), via: 'issuer_page', result: 'refused', outcome: 'MALFORMED' },
      { code: '111111', at: expect.any(Number), via: 'issuer_page', result: 'refused', outcome: 'RETRY' },
      {
        code: CODE_AUTHENTICATES,
        at: expect.any(Number),
        via: 'sandbox_api',
        result: 'accepted',
        outcome: 'AUTHENTICATED',
      },
    ]);
    expect(codes[0].at).toBeGreaterThanOrEqual(before);
    for (const i of [1, 2]) expect(codes[i].at).toBeGreaterThanOrEqual(codes[i - 1].at);
    expect(codes[3].at - codes[2].at).toBeGreaterThanOrEqual(60_000);
    // The list serialises the same view.
    const listed = await api(sandbox, 'GET', `/sandbox/resources?kind=authentication&id=${c.id}`);
    expect(listed.body.resources[0].challenge_codes).toEqual(codes);

    const html = await consoleHtml(sandbox, `/console/resources/${c.id}`);
    const items = [...html.matchAll(/<ol class="codes">([\s\S]*?)<\/ol>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(1);
    const rows = [...items[0]!.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(/<code>\[digits\]<\/code>\n<span class="status s-bad">refused<\/span>/);
    expect(rows[0]).toContain('MALFORMED');
    expect(rows[1]).toMatch(/<code>••••<\/code>\n<span class="status s-bad">refused<\/span>/);
    expect(rows[2]).toMatch(/<code>111111<\/code>\n<span class="status s-bad">refused<\/span>/);
    expect(rows[2]).toContain('RETRY');
    expect(rows[2]).toContain('on the issuer page');
    expect(rows[3]).toMatch(/<code>123456<\/code>\n<span class="status s-ok">accepted<\/span>/);
    expect(rows[3]).toContain('>AUTHENTICATED<');
    for (const [i, row] of rows.entries()) expect(row).toContain(`datetime="${new Date(codes[i].at).toISOString()}"`);
    // The card data typed is nowhere: not in the view, the page, or the request log's copy of the call.
    const log = await api(sandbox, 'GET', `/sandbox/requests?resource=${c.id}`);
    for (const text of [JSON.stringify(body), JSON.stringify(listed.body), html, JSON.stringify(log.body)]) {
      expect(text.replaceAll(' ', '')).not.toContain('4111111111111111');
      // A UUID's groups are random hex: taken out first, as test/sandbox/card-data-at-rest.test.ts does.
      expect(text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '')).not.toMatch(
        /\b9731\b/,
      );
    }
  });

  it('keeps a bounded number of codes: malformed ones up to a limit, wrong ones up to the attempts', async ({
    sandbox,
    session,
  }) => {
    const c = await challenge(sandbox, session);
    for (let i = 0; i < MALFORMED_CODES_KEPT + 5; i++)
      expect((await typed(sandbox, c, `abc${i}${'x'.repeat(100)}`)).status).toBe(400);
    for (const code of ['111111', '222222', '333333', '444444'])
      expect((await typed(sandbox, c, code)).status).toBe(200);
    const { body } = await api(sandbox, 'GET', `/sandbox/resources/${c.id}`);
    const codes = body.resource.challenge_codes as Array<{ code: string; outcome: string }>;
    expect(codes.map((k) => k.outcome)).toEqual([
      ...Array(MALFORMED_CODES_KEPT).fill('MALFORMED'),
      ...Array(MAX_ATTEMPTS - 1).fill('RETRY'),
      'NOT_AUTHENTICATED',
    ]);
    // A long code is kept cut; the fourth wrong code came after the challenge ended, so it is not a code tried.
    expect(codes[0]!.code).toBe(`abc•${'x'.repeat(28)}…`);
    expect(codes.at(-1)!.code).toBe('333333');
    expect(body.resource.authentication_status).toBe('NOT_AUTHENTICATED');
  });
});
