import { describe, expect } from 'vitest';
import type { AuthenticationResource } from '../../src/core/authentication-resource';
import { decodeBase64UrlJson, encodeBase64UrlJson } from '../../src/sandbox/three-ds/base64url-json';
import { authData, getAuthentication, postAuthentication, validDevice } from './support/sdk-client';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

const PARENT = 'http://shop.example:8080';

const hidden = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
  );
const post = (sandbox: Sandbox, path: string, fields: Record<string, string>) =>
  fetch(`${sandbox.challengeUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams(fields).toString(),
  });

/** A challenge, and the fields its host page posts to the issuer (creq among them). */
async function hostFields(
  sandbox: Sandbox,
  session: string,
  size?: string,
): Promise<{ id: string; fields: Record<string, string> }> {
  const device = size ? { ...validDevice(), challengeWindowSize: size } : validDevice();
  const created = (await (
    await postAuthentication(sandbox, session, { data: authData('4000000000002503'), device })
  ).json()) as AuthenticationResource;
  const url = new URL(created.challenge!.url);
  url.searchParams.set('parent', PARENT);
  const html = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
  return { id: created.id, fields: hidden(html) };
}

describe('CReq / CRes (docs/three-ds-flow.md)', () => {
  it('the host page posts a base64url creq with the EMV fields and the window size the SDK asked for', async ({
    sandbox,
    session,
  }) => {
    const { id, fields } = await hostFields(sandbox, session, '01');
    expect(decodeBase64UrlJson(fields.creq!)).toEqual({
      messageType: 'CReq',
      messageVersion: '2.2.0',
      threeDSServerTransID: id.slice(4),
      acsTransID: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/),
      challengeWindowSize: '01',
    });
    expect(decodeBase64UrlJson((await hostFields(sandbox, session)).fields.creq!)).toMatchObject({
      challengeWindowSize: '03',
    });
  });

  it('the issuer opens the code form for the creq, and at the end posts a cres the notification URL takes', async ({
    sandbox,
    session,
  }) => {
    const { id, fields } = await hostFields(sandbox, session, '05');
    const opened = await post(sandbox, '/challenge/acs', fields);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('data-state="form"');
    const { creq: _, ...params } = fields;
    const ended = await post(sandbox, '/challenge/acs', { ...params, code: '123456' });
    const html = await ended.text();
    expect(html).toContain('data-state="done"');
    expect(html).toContain('<form id="cres" method="post" action="/challenge/notification" hidden>');
    const cresFields = hidden(html);
    const creq = decodeBase64UrlJson(fields.creq!)!;
    expect(decodeBase64UrlJson(cresFields.cres!)).toEqual({
      messageType: 'CRes',
      messageVersion: '2.2.0',
      threeDSServerTransID: creq.threeDSServerTransID,
      acsTransID: creq.acsTransID,
      transStatus: 'Y',
      challengeCompletionInd: 'Y',
    });
    const notified = await post(sandbox, '/challenge/notification', cresFields);
    expect(notified.status).toBe(200);
    const page = await notified.text();
    expect(page).toContain('data-state="done"');
    expect(page).not.toContain('id="cres"');
    // The final state is still the API's.
    expect(await (await getAuthentication(sandbox, session, id)).json()).toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
      trans_status: 'Y',
      challenge_window_size: '05',
    });
  });

  it('a failed challenge posts transStatus N', async ({ sandbox, session }) => {
    const { fields } = await hostFields(sandbox, session);
    const { creq: _, ...params } = fields;
    const html = await (await post(sandbox, '/challenge/acs', { ...params, code: '000000' })).text();
    expect(decodeBase64UrlJson(hidden(html).cres!)).toMatchObject({ transStatus: 'N' });
  });

  it.for([
    ['not base64url', () => 'a+b/=', 'creq'],
    [
      'another message type',
      (c: Record<string, unknown>) => encodeBase64UrlJson({ ...c, messageType: 'AReq' }),
      'creq.messageType',
    ],
    [
      'another ACS transaction',
      (c: Record<string, unknown>) => encodeBase64UrlJson({ ...c, acsTransID: '00000000-0000-4000-a000-000000000000' }),
      'creq.acsTransID',
    ],
    [
      'a window size EMV does not have',
      (c: Record<string, unknown>) => encodeBase64UrlJson({ ...c, challengeWindowSize: '06' }),
      'creq.challengeWindowSize',
    ],
    [
      'another window size than the SDK asked for',
      (c: Record<string, unknown>) => encodeBase64UrlJson({ ...c, challengeWindowSize: '05' }),
      'creq.challengeWindowSize',
    ],
  ] as const)('a creq with %s is a 400 page naming %s', async ([_, make, field], { sandbox, session }) => {
    const { fields } = await hostFields(sandbox, session);
    const res = await post(sandbox, '/challenge/acs', { ...fields, creq: make(decodeBase64UrlJson(fields.creq!)!) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(`<code>${field}</code>`);
  });

  it.for([
    ['none', undefined, 'cres'],
    ['a transStatus other than Y or N', 'X', 'cres.transStatus'],
    ['transStatus Y before the issuer decided the code', 'Y', 'cres.transStatus'],
    ['transStatus N before the issuer decided the code', 'N', 'cres.transStatus'],
  ] as const)('a cres with %s is a 400 page naming %s', async ([_, status, field], { sandbox, session }) => {
    const { fields } = await hostFields(sandbox, session);
    const { creq, ...params } = fields;
    const c = decodeBase64UrlJson(creq!)!;
    const body =
      status === undefined
        ? params
        : {
            ...params,
            cres: encodeBase64UrlJson({
              messageType: 'CRes',
              messageVersion: '2.2.0',
              threeDSServerTransID: c.threeDSServerTransID,
              acsTransID: c.acsTransID,
              transStatus: status,
            }),
          };
    const res = await post(sandbox, '/challenge/notification', body);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(`<code>${field}</code>`);
  });

  it("a cres claiming another result than the issuer's is a 400 page, and the result stays the issuer's", async ({
    sandbox,
    session,
  }) => {
    const { id, fields } = await hostFields(sandbox, session);
    const { creq: _, ...params } = fields;
    const ended = hidden(await (await post(sandbox, '/challenge/acs', { ...params, code: '000000' })).text());
    const forged = { ...decodeBase64UrlJson(ended.cres!)!, transStatus: 'Y' };
    const res = await post(sandbox, '/challenge/notification', { ...ended, cres: encodeBase64UrlJson(forged) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<code>cres.transStatus</code>');
    expect(await (await getAuthentication(sandbox, session, id)).json()).toMatchObject({
      authentication_status: 'NOT_AUTHENTICATED',
      trans_status: 'N',
    });
  });
});
