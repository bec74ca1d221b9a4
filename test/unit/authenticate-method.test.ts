import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { METHOD_NOTIFIED_MESSAGE } from '../../src/core/three-ds-method';
import { authenticate3DS, setUp } from '../../src/sdk/index';
import type { AuthenticationRequest } from '../../src/sdk/types';
import { authentication, json, stubFetch } from './support/fake-api';
import { validRequest } from './support/requests';

const API = 'http://127.0.0.1:4999';
const CHALLENGE_ORIGIN = 'http://127.0.0.1:4998';
const ID = authentication().id;
const TRANS_ID = '6f1c2a5e-8d5b-4c1e-9a7f-0b2d3c4e5f60';
const METHOD = {
  url: `${CHALLENGE_ORIGIN}/challenge/acs/method`,
  three_ds_server_trans_id: TRANS_ID,
  three_ds_method_data: 'eyJ0aHJlZURTU2VydmVyVHJhbnNJRCI6IjZmMWMifQ',
  notification_url: `${CHALLENGE_ORIGIN}/challenge/method-notification`,
};

beforeEach(() => setUp({ session: 'sess_test_0001', env: 'SANDBOX', apiUrl: API }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('authenticate3DS with a card range that has a 3DS Method URL', () => {
  it("runs the method, then continues with what it saw and settles with the API's answer; the method frame is gone", async () => {
    // The issuer notifies as soon as the form is posted (jsdom does not navigate).
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      const frame = document.querySelector<HTMLIFrameElement>(`iframe[name="${this.target}"]`)!;
      queueMicrotask(() =>
        window.dispatchEvent(
          new MessageEvent('message', {
            origin: CHALLENGE_ORIGIN,
            source: frame.contentWindow,
            data: { type: METHOD_NOTIFIED_MESSAGE, threeDSServerTransID: TRANS_ID },
          }),
        ),
      );
    });
    const fetch = stubFetch((url) =>
      url.endsWith('/continue')
        ? json(authentication({ method_completion: 'Y' }))
        : json(
            authentication({
              status: 'REQUIRE_METHOD',
              authentication_status: null,
              method: METHOD,
              trans_status: null,
              eci: null,
              liability_shift: false,
              method_completion: null,
            }),
            201,
          ),
    );
    const result = await authenticate3DS(validRequest() as unknown as AuthenticationRequest);
    expect(result).toMatchObject({ status: 'AUTH_FLOW_COMPLETED', id: ID, authenticationStatus: 'AUTHENTICATED' });
    expect(fetch.mock.calls.map(([url, init]) => [String(url), init?.method])).toEqual([
      [`${API}/checkout-sdk/3ds/authentications`, 'POST'],
      [`${API}/checkout-sdk/3ds/authentications/${ID}/continue`, 'POST'],
    ]);
    expect(JSON.parse(String(fetch.mock.calls[1]![1]!.body))).toEqual({ methodCompletion: 'Y' });
    expect(document.querySelectorAll('iframe, form')).toHaveLength(0);
  });

  it('REQUIRE_METHOD without method data is INVALID_RESPONSE, with no frame and no continue call', async () => {
    const fetch = stubFetch(() => json(authentication({ status: 'REQUIRE_METHOD', method: null }), 201));
    await expect(authenticate3DS(validRequest() as unknown as AuthenticationRequest)).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });
});
