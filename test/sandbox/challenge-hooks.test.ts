import { createRequire } from 'node:module';
import { describe, expect } from 'vitest';
import type { AuthenticationResource } from '../../src/core/authentication-resource';
import { CHALLENGE_HOOKS as HOOK } from '../../src/testing/selectors';
import { authData, postAuthentication, validDevice } from './support/sdk-client';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

// jsdom ships no types; the slice used here. It parses the pages so the hooks are checked as selectors.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: Document } };
};

// The testing entry reaches the sandbox's challenge pages only through these hooks (public API,
// docs/testing.md); each page must carry them.
const PARENT = 'http://shop.example:8080';

async function challengeUrl(sandbox: Sandbox, session: string, card: string): Promise<URL> {
  const res = await postAuthentication(sandbox, session, { data: authData(card), device: validDevice() });
  const url = new URL(((await res.json()) as AuthenticationResource).challenge!.url);
  url.searchParams.set('parent', PARENT);
  return url;
}
const dom = async (res: Response) => new JSDOM(await res.text()).window.document;
/** The issuer page the host page opens in its issuer frame: the host's creq form, posted as its script does. */
const issuerPage = async (host: URL) => {
  const hostPage = await dom(await fetch(host, { headers: { accept: 'text/html' } }));
  const frame = hostPage.querySelectorAll(HOOK.issuerFrame);
  expect(frame).toHaveLength(1);
  const form = hostPage.querySelector<HTMLFormElement>('form#creq')!;
  expect(form.getAttribute('target')).toBe(frame[0]!.getAttribute('name'));
  const fields = new URLSearchParams();
  for (const input of form.querySelectorAll<HTMLInputElement>('input')) fields.set(input.name, input.value);
  return fetch(new URL(form.getAttribute('action')!, host), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: fields.toString(),
  });
};
const submit = (sandbox: Sandbox, page: Document, code: string) => {
  const fields = new URLSearchParams();
  for (const input of page.querySelectorAll<HTMLInputElement>('form:not(#cres) input'))
    fields.set(input.name, input.value);
  fields.set('code', code);
  return fetch(`${sandbox.challengeUrl}/challenge/acs`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: fields.toString(),
  });
};

describe('the sandbox challenge pages carry the testing hooks', () => {
  it('the host page frames the issuer page; the issuer form has code, submit, cancel and its attributes', async ({
    sandbox,
    session,
  }) => {
    const page = await dom(await issuerPage(await challengeUrl(sandbox, session, '4000000000002503')));
    for (const hook of [HOOK.code, HOOK.submit, HOOK.cancel]) expect(page.querySelectorAll(hook)).toHaveLength(1);
    const html = page.documentElement;
    expect([
      html.getAttribute(HOOK.brandAttribute),
      html.getAttribute(HOOK.issuerAttribute),
      html.getAttribute(HOOK.attemptsLeftAttribute),
    ]).toEqual(['visa', 'Banco Exemplo', '3']);

    const again = await dom(await submit(sandbox, page, '111111'));
    expect(again.documentElement.getAttribute(HOOK.attemptsLeftAttribute)).toBe('2');
    const done = await dom(await submit(sandbox, again, '123456'));
    expect(done.documentElement.hasAttribute(HOOK.attemptsLeftAttribute)).toBe(false);
    expect(done.querySelector(HOOK.code)).toBeNull();
  });

  it('an issuer the sandbox does not know: no issuer attribute', async ({ sandbox, session }) => {
    const page = await dom(await issuerPage(await challengeUrl(sandbox, session, '4000000000003303')));
    expect(page.documentElement.getAttribute(HOOK.brandAttribute)).toBe('visa');
    expect(page.documentElement.hasAttribute(HOOK.issuerAttribute)).toBe(false);
  });
});
