import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import type { AuthenticationResource } from '../../src/core/authentication-resource';
import { readPageScript } from '../../src/sandbox/challenge/challenge-assets';
import { CODE_AUTHENTICATES, CODE_FAILS, decideCode, MAX_ATTEMPTS } from '../../src/sandbox/challenge/issuer-simulator';
import { authData, createSession, getAuthentication, postAuthentication, validDevice } from './support/sdk-client';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

const PARENT = 'http://shop.example:8080';
type ErrorBody = { error_messages: Array<{ code: string; description: string; parameter_name: string }> };

/** A new authentication that requires a challenge, and the parameters of its challenge URL. */
async function challenge(
  sandbox: Sandbox,
  session: string,
  number = '4000000000002503',
  value = 10_000,
): Promise<{ id: string; token: string; url: URL }> {
  const res = await postAuthentication(sandbox, session, { data: authData(number, { value }), device: validDevice() });
  const body = (await res.json()) as AuthenticationResource;
  expect(body.status).toBe('REQUIRE_CHALLENGE');
  const url = new URL(body.challenge!.url);
  return { id: body.id, token: url.searchParams.get('token')!, url };
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * A challenge page carries its script and stylesheet inline, one of each, and nothing else runs or
 * styles it: the CSP allows exactly those two texts by hash, no address, nothing unsafe. Answers
 * the inline script.
 */
function expectOnlyItsInlineCode(html: string, csp: string): string {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)];
  expect(scripts.map((m) => m[1])).toEqual(['']);
  expect(styles).toHaveLength(1);
  const script = scripts[0]![2]!;
  expect(script.length).toBeGreaterThan(100);
  expect(csp).toContain(`script-src ${sha256(script)};`);
  expect(csp).toContain(`style-src ${sha256(styles[0]![1]!)};`);
  expect(csp).not.toMatch(/'self'[^;]*;.*script-src|script-src[^;]*'self'|style-src[^;]*'self'|unsafe/);
  expect(html).not.toMatch(/<link|style=/);
  // The script is the body's last element: it runs once everything above it is parsed.
  expect(html).toMatch(/<\/script><\/body>\s*<\/html>$/);
  return script;
}
const page = (sandbox: Sandbox, path: string, params: Record<string, string>, accept = 'text/html') =>
  fetch(`${sandbox.challengeUrl}${path}?${query(params)}`, { headers: { accept } });
const submit = (sandbox: Sandbox, fields: Record<string, string>) =>
  fetch(`${sandbox.challengeUrl}/challenge/acs`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: query(fields),
  });
const final = async (sandbox: Sandbox, session: string, id: string) =>
  (await (await getAuthentication(sandbox, session, id)).json()) as AuthenticationResource;

describe('the sandbox issuer', () => {
  it('decides codes: one authenticates, one fails, others are wrong until the last attempt', () => {
    expect(decideCode(CODE_AUTHENTICATES, 0)).toEqual({ kind: 'completed', outcome: 'AUTHENTICATED' });
    expect(decideCode(CODE_AUTHENTICATES, MAX_ATTEMPTS - 1)).toEqual({ kind: 'completed', outcome: 'AUTHENTICATED' });
    expect(decideCode(CODE_FAILS, 0)).toEqual({ kind: 'completed', outcome: 'NOT_AUTHENTICATED' });
    expect(decideCode('111111', 0)).toEqual({ kind: 'retry', attemptsLeft: 2 });
    expect(decideCode('111111', 1)).toEqual({ kind: 'retry', attemptsLeft: 1 });
    expect(decideCode('111111', 2)).toEqual({ kind: 'completed', outcome: 'NOT_AUTHENTICATED' });
    for (const bad of ['', '12345', '1234567', 'abcdef', '12 456'])
      expect(decideCode(bad, 0)).toEqual({ kind: 'malformed' });
  });
});

describe('GET /challenge/host', () => {
  it('serves the host page: framed only by the parent origin, nesting the issuer page, its own inline script and style only', async ({
    sandbox,
    session,
  }) => {
    const { id, token, url } = await challenge(sandbox, session);
    url.searchParams.set('parent', PARENT);
    const res = await fetch(url, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(`frame-ancestors ${PARENT}`);
    expect(csp).toContain("default-src 'none'");
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain(`data-parent="${PARENT}"`);
    // No fetch before the creq can go, not even from the cache: the host script is in the page,
    // and it is the host page's own (served at /challenge/host.js too).
    const script = expectOnlyItsInlineCode(html, csp);
    expect(script).toBe(await (await fetch(`${sandbox.challengeUrl}/challenge/host.js`)).text());
    // The issuer page opens with a form POST of the creq into the issuer frame (test/sandbox/challenge-messages.test.ts).
    expect(html).toContain('<iframe id="acs" name="acs"');
    expect(html).toContain('<form id="creq" method="post" action="/challenge/acs" target="acs" hidden>');
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
    );
    expect(fields).toEqual({
      creq: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      authentication: id,
      token,
      parent: PARENT,
      locale: 'pt-BR',
    });
    expect(csp).toContain("form-action 'self'");
  });

  it('names every missing or bad parameter: 400 with the API error body, or an error page for a browser', async ({
    sandbox,
    session,
  }) => {
    const { id, token } = await challenge(sandbox, session);
    const json = await page(
      sandbox,
      '/challenge/host',
      { authentication: 'nope', parent: 'http://shop.example/checkout', locale: 'fr' },
      'application/json',
    );
    expect(json.status).toBe(400);
    expect(((await json.json()) as ErrorBody).error_messages.map((e) => [e.parameter_name, e.code])).toEqual([
      ['authentication', '40002'],
      ['token', '40001'],
      ['parent', '40002'],
      ['locale', '40002'],
    ]);
    for (const parent of ['null', 'javascript:alert(1)', 'ftp://shop.example', `${PARENT} 'unsafe-inline'`]) {
      const res = await page(sandbox, '/challenge/host', { authentication: id, token, parent }, 'application/json');
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error_messages).toEqual([
        expect.objectContaining({ parameter_name: 'parent', code: '40002' }),
      ]);
    }
    const html = await page(sandbox, '/challenge/host', { authentication: id, token }, 'text/html');
    expect(html.status).toBe(400);
    expect(await html.text()).toContain('<code>parent</code> (40001)');
  });

  it('403 for a token that does not open the authentication, the same for an unknown id', async ({
    sandbox,
    session,
  }) => {
    const a = await challenge(sandbox, session);
    const b = await challenge(sandbox, session);
    for (const params of [
      { authentication: a.id, token: b.token },
      { authentication: a.id, token: `${a.token.slice(0, -2)}xx` },
      { authentication: '3DS_00000000-0000-4000-8000-000000000000', token: a.token },
    ]) {
      const res = await page(sandbox, '/challenge/host', { ...params, parent: PARENT }, 'application/json');
      expect(res.status).toBe(403);
      expect(((await res.json()) as ErrorBody).error_messages).toEqual([
        expect.objectContaining({ parameter_name: 'token', code: '40002' }),
      ]);
    }
  });

  it('403 for a parent outside the sandbox CORS origins, when they are set', async ({ startSandbox }) => {
    const restricted = await startSandbox({ corsOrigins: [PARENT] });
    const s = await createSession(restricted);
    const body = (await (
      await postAuthentication(restricted, s, { data: authData('4000000000002503'), device: validDevice() })
    ).json()) as AuthenticationResource;
    const url = new URL(body.challenge!.url);
    url.searchParams.set('parent', 'https://evil.example');
    const refused = await fetch(url, { headers: { accept: 'application/json' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error_messages[0]!.parameter_name).toBe('parent');
    url.searchParams.set('parent', PARENT);
    expect((await fetch(url)).status).toBe(200);
  });
});

describe('the issuer page and its form', () => {
  it('shows the purchase and the code form, framed only under the parent, never the card number', async ({
    sandbox,
    session,
  }) => {
    const { id, token } = await challenge(sandbox, session, '5200000000001096', 12_345);
    const res = await page(sandbox, '/challenge/acs', { authentication: id, token, parent: PARENT, locale: 'pt-BR' });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(`frame-ancestors 'self' ${PARENT}`);
    expect(csp).toContain("form-action 'self'");
    const html = await res.text();
    const script = expectOnlyItsInlineCode(html, csp);
    expect(script).toBe(await (await fetch(`${sandbox.challengeUrl}/challenge/acs.js`)).text());
    expect(html).toContain('data-state="form"');
    expect(html).toContain('Banco Fictício do Brasil');
    expect(html).toMatch(/Compra de R\$\s123,45 no cartão Mastercard final 1096\./);
    expect(html).toContain('<form method="post" action="/challenge/acs">');
    expect(html).toContain('autocomplete="one-time-code"');
    expect(html).not.toContain('5200000000001096');
    expect(html).not.toContain('520000');
  });

  it('the authenticating code completes the authentication AUTHENTICATED; posting again changes nothing', async ({
    sandbox,
    session,
  }) => {
    const { id, token } = await challenge(sandbox, session);
    const res = await submit(sandbox, { authentication: id, token, parent: PARENT, code: CODE_AUTHENTICATES });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-state="done"');
    expect(html).toContain('Pronto! Compra confirmada pelo seu banco.');
    expect(await final(sandbox, session, id)).toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
      authentication_status: 'AUTHENTICATED',
    });
    const again = await submit(sandbox, { authentication: id, token, parent: PARENT, code: CODE_FAILS });
    expect(await again.text()).toContain('data-state="done"');
    expect(await final(sandbox, session, id)).toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
      authentication_status: 'AUTHENTICATED',
    });
    // The page of a completed challenge shows its end.
    expect(
      await (await page(sandbox, '/challenge/acs', { authentication: id, token, parent: PARENT })).text(),
    ).toContain('data-state="done"');
  });

  it('the failing code completes it NOT_AUTHENTICATED', async ({ sandbox, session }) => {
    const { id, token } = await challenge(sandbox, session);
    const html = await (
      await submit(sandbox, { authentication: id, token, parent: PARENT, code: CODE_FAILS, locale: 'en' })
    ).text();
    expect(html).toContain('Your bank did not confirm this purchase.');
    expect(await final(sandbox, session, id)).toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
      authentication_status: 'NOT_AUTHENTICATED',
    });
  });

  it('wrong codes count on the server (a reload keeps the count); the third fails the challenge', async ({
    sandbox,
    session,
  }) => {
    const { id, token } = await challenge(sandbox, session);
    const first = await (await submit(sandbox, { authentication: id, token, parent: PARENT, code: '111111' })).text();
    expect(first).toContain('Código incorreto. Restam 2 tentativas.');
    expect(first).toContain('aria-invalid="true"');
    expect(
      await (await page(sandbox, '/challenge/acs', { authentication: id, token, parent: PARENT })).text(),
    ).toContain('Restam 2 tentativas');
    expect(
      await (await submit(sandbox, { authentication: id, token, parent: PARENT, code: '222222' })).text(),
    ).toContain('Resta 1 tentativa.');
    expect((await final(sandbox, session, id)).status).toBe('REQUIRE_CHALLENGE');
    expect(
      await (await submit(sandbox, { authentication: id, token, parent: PARENT, code: '333333' })).text(),
    ).toContain('data-state="done"');
    expect(await final(sandbox, session, id)).toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
      authentication_status: 'NOT_AUTHENTICATED',
    });
  });

  it('a malformed code is 400 with the form again and does not count', async ({ sandbox, session }) => {
    const { id, token } = await challenge(sandbox, session);
    for (const code of ['', '12a456', '1234567']) {
      const res = await submit(sandbox, { authentication: id, token, parent: PARENT, code });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('Digite os 6 dígitos do código.');
    }
    await submit(sandbox, { authentication: id, token, parent: PARENT, code: '111111' });
    expect(
      await (await page(sandbox, '/challenge/acs', { authentication: id, token, parent: PARENT })).text(),
    ).toContain('Restam 2 tentativas');
  });

  it('the sandbox card that ends NOT_AUTHENTICATED does so even with the right code', async ({ sandbox, session }) => {
    const { id, token } = await challenge(sandbox, session, '4000000000003105');
    const html = await (
      await submit(sandbox, { authentication: id, token, parent: PARENT, code: CODE_AUTHENTICATES })
    ).text();
    expect(html).toContain('Seu banco não confirmou esta compra.');
    expect(await final(sandbox, session, id)).toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
      authentication_status: 'NOT_AUTHENTICATED',
    });
  });

  it('an expired challenge shows its end and cannot be completed any more', async ({ startSandbox }) => {
    const own = await startSandbox();
    const s = await createSession(own);
    const body = (await (
      await postAuthentication(own, s, { data: authData('4000000000002503'), device: validDevice() })
    ).json()) as AuthenticationResource;
    const token = new URL(body.challenge!.url).searchParams.get('token')!;
    own.clock.advance(10 * 60_000);
    const params = { authentication: body.id, token, parent: PARENT };
    expect(await (await fetch(`${own.challengeUrl}/challenge/acs?${query(params)}`)).text()).toContain(
      'O tempo para esta verificação acabou.',
    );
    const posted = await fetch(`${own.challengeUrl}/challenge/acs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: query({ ...params, code: CODE_AUTHENTICATES }),
    });
    expect(await posted.text()).toContain('O tempo para esta verificação acabou.');
    const after = await getAuthentication(own, await createSession(own), body.id);
    expect(((await after.json()) as AuthenticationResource).status).toBe('REQUIRE_CHALLENGE');
  });

  it('refuses a body that is not a form (415), too large (413), or without the challenge token (400)', async ({
    sandbox,
    session,
  }) => {
    const { id, token } = await challenge(sandbox, session);
    const asJson = await fetch(`${sandbox.challengeUrl}/challenge/acs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authentication: id, token, code: '123456' }),
    });
    expect(asJson.status).toBe(415);
    const large = await submit(sandbox, { authentication: id, token, parent: PARENT, code: '1'.repeat(70_000) });
    expect(large.status).toBe(413);
    const noToken = await fetch(`${sandbox.challengeUrl}/challenge/acs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: query({ authentication: id, parent: PARENT, code: '123456' }),
    });
    expect(noToken.status).toBe(400);
    expect(((await noToken.json()) as ErrorBody).error_messages).toEqual([
      expect.objectContaining({ parameter_name: 'token', code: '40001' }),
    ]);
    expect((await final(sandbox, session, id)).status).toBe('REQUIRE_CHALLENGE');
  });
});

describe('the challenge origin', () => {
  it('reads a page script as built now: the same code and hash until the file changes, the new ones after a rebuild', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-page-script-'));
    try {
      const path = join(dir, 'challenge-acs.js');
      writeFileSync(path, 'parent.postMessage("a",location.origin);');
      const first = readPageScript(path)!;
      expect(first.inline).toBe('parent.postMessage("a",location.origin);');
      expect(first.cspSource).toBe(sha256(first.inline));
      expect(readPageScript(path)).toEqual(first);
      // A rebuild of the same length is seen at once, without a restart.
      writeFileSync(path, 'parent.postMessage("b",location.origin);');
      utimesSync(path, new Date(), new Date(Date.now() + 5_000));
      const rebuilt = readPageScript(path)!;
      expect(rebuilt.inline).toBe('parent.postMessage("b",location.origin);');
      expect(rebuilt.cspSource).toBe(sha256(rebuilt.inline));
      // Text that would end or bend the <script> element is written so that it cannot; the hash is of what the page carries.
      writeFileSync(path, 'var s="</script><!--";');
      const tricky = readPageScript(path)!;
      expect(tricky.inline).toBe('var s="<\\/script><\\!--";');
      expect(tricky.cspSource).toBe(sha256(tricky.inline));
      expect(readPageScript(join(dir, 'missing.js'))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves the page scripts and stylesheet, and 404 elsewhere', async ({ sandbox, session }) => {
    for (const name of ['host', 'acs']) {
      const res = await fetch(`${sandbox.challengeUrl}/challenge/${name}.js`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect((await res.text()).length).toBeGreaterThan(100);
    }
    const css = await fetch(`${sandbox.challengeUrl}/challenge/challenge.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    // The pages carry the same stylesheet inline.
    const { id, token } = await challenge(sandbox, session);
    const host = await (await page(sandbox, '/challenge/host', { authentication: id, token, parent: PARENT })).text();
    expect(host).toContain(`<style>${await css.text()}</style>`);
    const missing = await fetch(`${sandbox.challengeUrl}/nope`, { headers: { accept: 'application/json' } });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).error_messages[0]!.code).toBe('40401');
  });
});
