import { describe, expect } from 'vitest';
import type { AuthenticationResource } from '../../src/core/authentication-resource';
import { SANDBOX_CARDS, TEST_CARDS } from '../../src/sandbox/cards/sandbox-cards';
import { decodeBase64UrlJson, encodeBase64UrlJson } from '../../src/sandbox/three-ds/base64url-json';
import { api, card, cardCharge, order } from './support/payments';
import { authData, getAuthentication, postAuthentication, validDevice } from './support/sdk-client';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

type ErrorBody = { error_messages: Array<{ code: string; description: string; parameter_name: string }> };

const METHOD_CARDS = {
  visa: TEST_CARDS.method.number,
  mastercard: TEST_CARDS.methodMastercard.number,
  silent: TEST_CARDS.methodSilent.number,
  thenChallenge: TEST_CARDS.methodThenChallenge.number,
} as const;

async function authenticate(
  sandbox: Sandbox,
  session: string,
  number: string,
  device: Record<string, unknown> = validDevice(),
): Promise<AuthenticationResource> {
  const res = await postAuthentication(sandbox, session, { data: authData(number), device });
  expect(res.status).toBe(201);
  return (await res.json()) as AuthenticationResource;
}
const form = (url: string, fields: Record<string, string>, accept = 'text/html') =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
    body: new URLSearchParams(fields).toString(),
  });
const continueCall = (sandbox: Sandbox, session: string, id: string, body: unknown) =>
  fetch(`${sandbox.apiUrl}/checkout-sdk/3ds/authentications/${id}/continue`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-gateway-session': session },
    body: JSON.stringify(body),
  });
/** Runs the method as the SDK's hidden iframe does: posts to the method URL, then follows the ACS's form to the notification URL. */
async function runMethod(a: AuthenticationResource): Promise<{ methodPage: string; notified: boolean }> {
  const method = a.method!;
  const res = await form(method.url, { threeDSMethodData: method.three_ds_method_data });
  expect(res.status).toBe(200);
  const methodPage = await res.text();
  const action = /<form method="post" action="([^"]+)">/.exec(methodPage)?.[1];
  if (!action) return { methodPage, notified: false };
  const data = /name="threeDSMethodData" value="([^"]+)"/.exec(methodPage)![1]!;
  // EMV 3DS: the ACS posts the transaction id alone, not the data the SDK sent it.
  expect(decodeBase64UrlJson(data)).toEqual({ threeDSServerTransID: method.three_ds_server_trans_id });
  const notification = await form(action.replace(/&amp;/g, '&'), { threeDSMethodData: data });
  expect(notification.status).toBe(200);
  expect(await notification.text()).toContain(`data-trans-id="${method.three_ds_server_trans_id}"`);
  return { methodPage, notified: true };
}
const merchantRead = async (sandbox: Sandbox, id: string) =>
  (await api(sandbox, 'GET', `/3ds/authentications/${id}`)).body as Record<string, unknown>;

describe('the 3DS Method (docs/three-ds-flow.md)', () => {
  it('a card without a method URL still gets its final answer in one request, indicator U', async ({
    sandbox,
    session,
  }) => {
    const a = await authenticate(sandbox, session, '4000000000002370');
    expect(a).toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
      method: null,
      method_completion: 'U',
      trans_status: 'Y',
      eci: '05',
      liability_shift: true,
    });
  });

  it('a method card answers REQUIRE_METHOD with the method URL, the transaction id and threeDSMethodData already encoded', async ({
    sandbox,
    session,
  }) => {
    const a = await authenticate(sandbox, session, METHOD_CARDS.visa, { ...validDevice(), challengeWindowSize: '03' });
    expect(a).toMatchObject({
      status: 'REQUIRE_METHOD',
      authentication_status: null,
      challenge: null,
      trans_status: null,
      eci: null,
      liability_shift: false,
      method_completion: null,
      challenge_window_size: '03',
    });
    const method = a.method!;
    expect(method.url).toBe(`${sandbox.challengeUrl}/challenge/acs/method`);
    expect(method.notification_url).toBe(`${sandbox.challengeUrl}/challenge/method-notification`);
    expect(method.three_ds_server_trans_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(decodeBase64UrlJson(method.three_ds_method_data)).toEqual({
      threeDSServerTransID: method.three_ds_server_trans_id,
      threeDSMethodNotificationURL: method.notification_url,
    });
    // The method data is for the page that runs it: a later read does not repeat it.
    expect(
      ((await (await getAuthentication(sandbox, session, a.id)).json()) as AuthenticationResource).method,
    ).toBeNull();
  });

  it.for([
    [METHOD_CARDS.visa, 'visa', '05'],
    [METHOD_CARDS.mastercard, 'mastercard', '02'],
  ] as const)(
    '%s: the ACS notifies, the continue call makes it frictionless and authenticated (Y, ECI %s)',
    async ([number, brand, eci], { sandbox, session }) => {
      const a = await authenticate(sandbox, session, number);
      const { notified } = await runMethod(a);
      expect(notified).toBe(true);
      const res = await continueCall(sandbox, session, a.id, { methodCompletion: 'Y' });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        id: a.id,
        status: 'AUTH_FLOW_COMPLETED',
        authentication_status: 'AUTHENTICATED',
        brand,
        method_completion: 'Y',
        trans_status: 'Y',
        eci,
        liability_shift: true,
        challenge: null,
      });
    },
  );

  it("the indicator is the server's: a method card whose notification never came gets N and a challenge, whatever the SDK claims", async ({
    sandbox,
    session,
  }) => {
    const a = await authenticate(sandbox, session, METHOD_CARDS.visa);
    const res = await continueCall(sandbox, session, a.id, { methodCompletion: 'Y' });
    const body = (await res.json()) as AuthenticationResource;
    expect(body).toMatchObject({
      status: 'REQUIRE_CHALLENGE',
      method_completion: 'N',
      trans_status: 'C',
      eci: null,
      liability_shift: false,
    });
    expect(body.challenge!.url).toContain('/challenge/host?');
  });

  it('4000000000004103: the method page records the fingerprint but never notifies; after N the issuer asks for a challenge', async ({
    sandbox,
    session,
  }) => {
    const a = await authenticate(sandbox, session, METHOD_CARDS.silent);
    const { methodPage, notified } = await runMethod(a);
    expect(notified).toBe(false);
    expect(methodPage).not.toContain('<form');
    const body = (await (
      await continueCall(sandbox, session, a.id, { methodCompletion: 'N' })
    ).json()) as AuthenticationResource;
    expect(body).toMatchObject({ status: 'REQUIRE_CHALLENGE', method_completion: 'N' });
    expect(body.challenge).not.toBeNull();
  });

  it('4000000000004202: the method completes (Y), then a challenge, which completes as any other', async ({
    sandbox,
    session,
  }) => {
    const a = await authenticate(sandbox, session, METHOD_CARDS.thenChallenge);
    expect((await runMethod(a)).notified).toBe(true);
    const body = (await (
      await continueCall(sandbox, session, a.id, { methodCompletion: 'Y' })
    ).json()) as AuthenticationResource;
    expect(body).toMatchObject({ status: 'REQUIRE_CHALLENGE', method_completion: 'Y' });
    const url = new URL(body.challenge!.url);
    const done = await form(`${sandbox.challengeUrl}/challenge/acs`, {
      authentication: a.id,
      token: url.searchParams.get('token')!,
      parent: 'http://shop.example:8080',
      locale: 'en',
      code: '123456',
    });
    expect(done.status).toBe(200);
    const final = (await (await getAuthentication(sandbox, session, a.id)).json()) as AuthenticationResource;
    expect(final).toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
      authentication_status: 'AUTHENTICATED',
      method_completion: 'Y',
      trans_status: 'Y',
      eci: '05',
      liability_shift: true,
    });
  });

  it('continues once: a second call, or one for a card without a method, is 409; an unknown id 404', async ({
    sandbox,
    session,
  }) => {
    const a = await authenticate(sandbox, session, METHOD_CARDS.visa);
    expect((await continueCall(sandbox, session, a.id, { methodCompletion: 'N' })).status).toBe(200);
    const again = await continueCall(sandbox, session, a.id, { methodCompletion: 'N' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error_messages).toEqual([
      expect.objectContaining({ code: '40901', parameter_name: 'id' }),
    ]);
    expect(
      (
        await continueCall(sandbox, session, (await authenticate(sandbox, session, '4000000000002370')).id, {
          methodCompletion: 'N',
        })
      ).status,
    ).toBe(409);
    expect(
      (await continueCall(sandbox, session, '3DS_00000000-0000-4000-8000-000000000000', { methodCompletion: 'N' }))
        .status,
    ).toBe(404);
  });

  it('a notification after the continue call changes nothing', async ({ sandbox, session }) => {
    const a = await authenticate(sandbox, session, METHOD_CARDS.visa);
    await continueCall(sandbox, session, a.id, { methodCompletion: 'N' });
    await runMethod(a);
    expect(await merchantRead(sandbox, a.id)).toMatchObject({ status: 'REQUIRE_CHALLENGE', method_completion: 'N' });
  });
});

describe('bad input to the 3DS Method pages and the continue call: 4xx naming the field, never 5xx', () => {
  let method: NonNullable<AuthenticationResource['method']>;
  it.beforeAll(async ({ sandbox, session }) => {
    method = (await authenticate(sandbox, session, METHOD_CARDS.visa)).method!;
  });
  const transId = () => method.three_ds_server_trans_id;

  it.each([
    ['no threeDSMethodData', {}, 400, 'threeDSMethodData'],
    ['not base64url', { threeDSMethodData: 'a+b/c=' }, 400, 'threeDSMethodData'],
    [
      'base64url of something not JSON',
      { threeDSMethodData: Buffer.from('nope').toString('base64url') },
      400,
      'threeDSMethodData',
    ],
    ['a JSON array', { threeDSMethodData: encodeBase64UrlJson([1]) }, 400, 'threeDSMethodData'],
    [
      'no transaction id',
      { threeDSMethodData: encodeBase64UrlJson({ threeDSMethodNotificationURL: 'https://x.example/n' }) },
      400,
      'threeDSMethodData.threeDSServerTransID',
    ],
  ])('%s: %s', async (_, fields, status, field) => {
    for (const url of [method.url, method.notification_url]) {
      const res = await form(url, fields as Record<string, string>);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain(`<code>${field}</code>`);
    }
  });

  it('a notification URL that is not http(s), or an unknown transaction: named in the page', async () => {
    const js = await form(method.url, {
      threeDSMethodData: encodeBase64UrlJson({
        threeDSServerTransID: transId(),
        threeDSMethodNotificationURL: 'javascript:alert(1)',
      }),
    });
    expect(js.status).toBe(400);
    expect(await js.text()).toContain('<code>threeDSMethodData.threeDSMethodNotificationURL</code>');
    const unknown = await form(method.url, {
      threeDSMethodData: encodeBase64UrlJson({
        threeDSServerTransID: '00000000-0000-4000-8000-000000000000',
        threeDSMethodNotificationURL: method.notification_url,
      }),
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<code>threeDSMethodData.threeDSServerTransID</code>');
  });

  it('the notification URL takes what EMV 3DS has the ACS post, not the method data echoed back', async ({
    sandbox,
    session,
  }) => {
    const a = await authenticate(sandbox, session, METHOD_CARDS.visa);
    const echo = await form(a.method!.notification_url, { threeDSMethodData: a.method!.three_ds_method_data });
    expect(echo.status).toBe(400);
    expect(await echo.text()).toContain('<code>threeDSMethodData.threeDSMethodNotificationURL</code> (40003)');
    expect(await merchantRead(sandbox, a.id)).toMatchObject({ status: 'REQUIRE_METHOD', method_completion: null });
    const spec = encodeBase64UrlJson({ threeDSServerTransID: a.method!.three_ds_server_trans_id });
    expect((await form(a.method!.notification_url, { threeDSMethodData: spec })).status).toBe(200);
    expect((await continueCall(sandbox, session, a.id, { methodCompletion: 'N' })).status).toBe(200);
    expect(await merchantRead(sandbox, a.id)).toMatchObject({ method_completion: 'Y' });
  });

  it('a body that is not a form is 415; JSON clients get the API error body', async () => {
    const res = await fetch(method.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as ErrorBody).error_messages[0]!.code).toBe('41501');
  });

  it.for([
    [{}, '40001', 'methodCompletion'],
    [{ methodCompletion: 'Y', extra: 1 }, '40003', 'extra'],
    [{ methodCompletion: 'U' }, '40002', 'methodCompletion'],
  ] as const)('continue with %j: 400 %s on %s', async ([body, code, field], { sandbox, session }) => {
    const a = await authenticate(sandbox, session, METHOD_CARDS.visa);
    const res = await continueCall(sandbox, session, a.id, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error_messages).toEqual(
      expect.arrayContaining([expect.objectContaining({ code, parameter_name: field })]),
    );
  });

  it('the accept header and IP address come from the request, never from the page', async ({ sandbox, session }) => {
    const res = await postAuthentication(
      sandbox,
      session,
      { data: authData(), device: validDevice() },
      { accept: 'application/json, text/plain' },
    );
    const a = (await res.json()) as AuthenticationResource;
    expect((await merchantRead(sandbox, a.id)).browser).toEqual({
      accept_header: 'application/json, text/plain',
      ip: '127.0.0.1',
    });
    const claimed = await postAuthentication(sandbox, session, {
      data: authData(),
      device: { ...validDevice(), acceptHeader: 'text/html', ip: '10.0.0.1' },
    });
    expect(claimed.status).toBe(400);
    expect(((await claimed.json()) as ErrorBody).error_messages.map((e) => [e.code, e.parameter_name])).toEqual([
      ['40003', 'device.acceptHeader'],
      ['40003', 'device.ip'],
    ]);
  });

  it('device fields follow EMV formats: color depth one of its values, window size 01-05', async ({
    sandbox,
    session,
  }) => {
    const res = await postAuthentication(sandbox, session, {
      data: authData(),
      device: { ...validDevice(), colorDepth: 30, challengeWindowSize: '06' },
    });
    expect(res.status).toBe(400);
    const items = ((await res.json()) as ErrorBody).error_messages.map((e) => e.parameter_name).sort();
    expect(items).toEqual(['device.challengeWindowSize', 'device.colorDepth']);
  });
});

/** What the merchant read reports for each sandbox card once its flow is as far as it goes without a shopper. */
const EXPECTED: Record<
  string,
  {
    status: string;
    trans_status: string | null;
    eci: string | null;
    liability_shift: boolean;
    method_completion: string | null;
  }
> = {
  '4000000000002719': {
    status: 'AUTH_NOT_SUPPORTED',
    trans_status: 'U',
    eci: '07',
    liability_shift: false,
    method_completion: 'U',
  },
  '5200000000001021': {
    status: 'AUTH_NOT_SUPPORTED',
    trans_status: 'U',
    eci: '00',
    liability_shift: false,
    method_completion: 'U',
  },
  '6505050000001026': {
    status: 'AUTH_NOT_SUPPORTED',
    trans_status: 'U',
    eci: '07',
    liability_shift: false,
    method_completion: 'U',
  },
  '4000000000002503': {
    status: 'REQUIRE_CHALLENGE',
    trans_status: 'C',
    eci: null,
    liability_shift: false,
    method_completion: 'U',
  },
  '5200000000001096': {
    status: 'REQUIRE_CHALLENGE',
    trans_status: 'C',
    eci: null,
    liability_shift: false,
    method_completion: 'U',
  },
  '6505050000001091': {
    status: 'REQUIRE_CHALLENGE',
    trans_status: 'C',
    eci: null,
    liability_shift: false,
    method_completion: 'U',
  },
  '4000000000002370': {
    status: 'AUTH_FLOW_COMPLETED',
    trans_status: 'Y',
    eci: '05',
    liability_shift: true,
    method_completion: 'U',
  },
  '5200000000001104': {
    status: 'AUTH_FLOW_COMPLETED',
    trans_status: 'Y',
    eci: '02',
    liability_shift: true,
    method_completion: 'U',
  },
  '6505050000001109': {
    status: 'AUTH_FLOW_COMPLETED',
    trans_status: 'Y',
    eci: '05',
    liability_shift: true,
    method_completion: 'U',
  },
  '4000000000003006': {
    status: 'CHANGE_PAYMENT_METHOD',
    trans_status: 'R',
    eci: '07',
    liability_shift: false,
    method_completion: 'U',
  },
  '4000000000003105': {
    status: 'REQUIRE_CHALLENGE',
    trans_status: 'C',
    eci: null,
    liability_shift: false,
    method_completion: 'U',
  },
  '4000000000003204': {
    status: 'AUTH_FLOW_COMPLETED',
    trans_status: 'N',
    eci: '07',
    liability_shift: false,
    method_completion: 'U',
  },
  '4000000000003303': {
    status: 'REQUIRE_CHALLENGE',
    trans_status: 'C',
    eci: null,
    liability_shift: false,
    method_completion: 'U',
  },
  '4000000000004004': {
    status: 'AUTH_FLOW_COMPLETED',
    trans_status: 'Y',
    eci: '05',
    liability_shift: true,
    method_completion: 'Y',
  },
  '5200000000001401': {
    status: 'AUTH_FLOW_COMPLETED',
    trans_status: 'Y',
    eci: '02',
    liability_shift: true,
    method_completion: 'Y',
  },
  '4000000000004103': {
    status: 'REQUIRE_CHALLENGE',
    trans_status: 'C',
    eci: null,
    liability_shift: false,
    method_completion: 'N',
  },
  '4000000000004202': {
    status: 'REQUIRE_CHALLENGE',
    trans_status: 'C',
    eci: null,
    liability_shift: false,
    method_completion: 'Y',
  },
};

describe('the merchant read reports the EMV result for every sandbox card', () => {
  it('covers the whole card table', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(
      SANDBOX_CARDS.filter((c) => c.flow !== 'BACKEND_FAILURE')
        .map((c) => c.number)
        .sort(),
    );
  });

  it.for(Object.entries(EXPECTED))('%s', async ([number, expected], { sandbox, session }) => {
    let a = await authenticate(sandbox, session, number, { ...validDevice(), challengeWindowSize: '05' });
    if (a.status === 'REQUIRE_METHOD') {
      await runMethod(a);
      a = (await (
        await continueCall(sandbox, session, a.id, { methodCompletion: 'Y' })
      ).json()) as AuthenticationResource;
    }
    const read = await merchantRead(sandbox, a.id);
    expect(read).toMatchObject({ ...expected, challenge_window_size: '05' });
    expect(read.authentication_value === null).toBe(expected.trans_status !== 'Y');
    if (expected.trans_status === 'Y') expect(read.authentication_value).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    // The browser's answer has the same result fields, never the CAVV.
    expect(a).toMatchObject({
      trans_status: expected.trans_status,
      eci: expected.eci,
      liability_shift: expected.liability_shift,
    });
    expect(a).not.toHaveProperty('authentication_value');
    if (read.authentication_value) expect(JSON.stringify(a)).not.toContain(String(read.authentication_value));
  });

  it('a canceled challenge reads N, ECI 07, no liability shift', async ({ sandbox, session }) => {
    const a = await authenticate(sandbox, session, '4000000000002503');
    const url = new URL(a.challenge!.url);
    await form(
      `${sandbox.challengeUrl}/challenge/end`,
      {
        authentication: a.id,
        token: url.searchParams.get('token')!,
        parent: 'http://shop.example:8080',
        reason: 'CHALLENGE_CANCELED',
      },
      'application/json',
    );
    expect(await merchantRead(sandbox, a.id)).toMatchObject({
      status: 'CANCELED',
      trans_status: 'N',
      eci: '07',
      liability_shift: false,
      authentication_value: null,
    });
  });

  it("an order paid with a method card's authentication records the ECI and liability on its charge", async ({
    sandbox,
    session,
  }) => {
    const a = await authenticate(sandbox, session, METHOD_CARDS.mastercard);
    await runMethod(a);
    await continueCall(sandbox, session, a.id, { methodCompletion: 'Y' });
    const paid = await api(
      sandbox,
      'POST',
      '/orders',
      order([
        cardCharge({
          value: 10_000,
          card: card(METHOD_CARDS.mastercard, { exp_month: '12' }),
          extra: { authentication_method: { type: 'THREEDS', id: a.id } },
        }),
      ]),
    );
    expect(paid.status).toBe(201);
    const charge = (paid.body as { charges: Array<{ payment_method: { authentication_method: unknown } }> })
      .charges[0]!;
    expect(charge.payment_method.authentication_method).toEqual({
      type: 'THREEDS',
      id: a.id,
      status: 'AUTHENTICATED',
      eci: '02',
      liability_shift: true,
    });
  });

  it('never logs the authentication value', async ({ logs, sandbox, session }) => {
    const values = await Promise.all(
      ['4000000000002370', '5200000000001104'].map(
        async (n) =>
          (await merchantRead(sandbox, (await authenticate(sandbox, session, n)).id)).authentication_value as string,
      ),
    );
    const a = await authenticate(sandbox, session, METHOD_CARDS.visa);
    await runMethod(a);
    await continueCall(sandbox, session, a.id, { methodCompletion: 'Y' });
    values.push((await merchantRead(sandbox, a.id)).authentication_value as string);
    expect(logs.length).toBeGreaterThan(0);
    for (const value of values) {
      expect(value).toBeTruthy();
      expect(logs.join('\n')).not.toContain(value);
    }
    expect(logs.join('\n')).toMatch(/3ds method 3DS_\S+ notified/);
  });

  it('logs its events with their time, as request lines are', async ({ logs, sandbox, session }) => {
    const a = await authenticate(sandbox, session, METHOD_CARDS.visa);
    await runMethod(a);
    await continueCall(sandbox, session, a.id, { methodCompletion: 'Y' });
    const events = logs.filter((l) => l.includes(`3ds method ${a.id}`));
    expect(events.map((l) => l.replace(/^\S+ /, '').replace(/trace=\S+ /, ''))).toEqual([
      `3ds method ${a.id} notified`,
      `3ds method ${a.id} ended: sdk saw Y, indicator Y, now AUTH_FLOW_COMPLETED`,
    ]);
    for (const line of events) {
      const time = Date.parse(line.split(' ')[0]!);
      expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z trace=/);
      expect(Math.abs(Date.now() - time)).toBeLessThan(60_000);
    }
  });
});
