import type { Page, Route } from '@playwright/test';

/**
 * The provider's browser SDK addresses a checkout page loads, e.g.
 * `https://assets.pagseguro.com.br/checkout-sdk-js/rc/dist/browser/pagseguro.min.js`: any
 * release folder, minified or not, with or without a query.
 */
const PROVIDER_SDK_URL =
  /^https?:\/\/assets\.pagseguro\.com\.br\/checkout-sdk-js\/(?:[^?#]*\/)?pagseguro(?:\.min)?\.js(?:[?#]|$)/;
/** The files gateway.js loads from beside itself, which then come from beside the provider's address. */
const SIBLING_URL =
  /^https?:\/\/assets\.pagseguro\.com\.br\/checkout-sdk-js\/(?:[^?#]*\/)?(gateway-(?:challenge|fields)\.js)(?:[?#]|$)/;

/**
 * The API origin the served SDK calls: the provider's SANDBOX SDK host (its `checkout-sdk`
 * sessions and 3DS authentications live there). The kit answers it from the local sandbox API,
 * so a page's CSP `connect-src` names only the provider, as in production.
 */
export const PROVIDER_API_ORIGIN = 'https://sandbox.sdk.pagseguro.com';
/**
 * The origin the 3DS frames (the 3DS Method, the challenge's host and issuer pages) and the card
 * fields load from under the kit: a staging host of the 3DS partner whose domain the provider's
 * documentation tells merchants to allow for scripts and frames (`*.cardinalcommerce.com`),
 * answered from the local sandbox's challenge origin, so a page's CSP `frame-src` names only the
 * hosts the provider's documentation names.
 */
export const PROVIDER_CHALLENGE_ORIGIN = 'https://centinelapistag.cardinalcommerce.com';

/** The sandbox a page's SDK should call: a started sandbox or the `gateway` fixture. */
export interface ProviderSdkTarget {
  /** Base URL of the sandbox API, which serves the script-tag build at /sdk/gateway.js. */
  apiUrl: string;
  /** Base URL of the sandbox's challenge origin, which the 3DS frames and card fields load from. */
  challengeUrl: string;
}

/**
 * Serves this SDK's script-tag build wherever `page` loads the provider's browser SDK (the
 * `assets.pagseguro.com.br/checkout-sdk-js/…/pagseguro.min.js` family), pointed at `target`'s
 * sandbox: an existing checkout's pages, unchanged, then encrypt cards, authenticate 3DS and pay
 * against the sandbox, offline. The script answers as `window.PagSeguro`, and the challenge and
 * card-fields code it loads on demand come from beside it, as from the sandbox. Unless the page
 * configured an API, the script calls {@link PROVIDER_API_ORIGIN}, and the 3DS frames and card
 * fields load from {@link PROVIDER_CHALLENGE_ORIGIN}: the kit answers both from the sandbox, so a
 * page whose CSP names only the provider's hosts runs unchanged. Resolves once the routes are in
 * place; call it before the page navigates. See docs/testing.md.
 *
 * @example
 * ```ts
 * import { routeProviderSdk, test } from '@gateway/sdk/testing';
 * test('checkout pays', async ({ page, gateway }) => {
 *   await routeProviderSdk(page, gateway); // or: await gateway.routeProviderSdk(page)
 *   await page.goto('http://127.0.0.1:3000/checkout'); // loads the provider's script: gets ours
 * });
 * ```
 */
export async function routeProviderSdk(page: Page, target: ProviderSdkTarget): Promise<void> {
  const apiUrl = target.apiUrl.replace(/\/+$/, '');
  const challengeUrl = target.challengeUrl.replace(/\/+$/, '');
  const fetchScript = async (file: string): Promise<string> => {
    const res = await fetch(`${apiUrl}/sdk/${file}`);
    if (!res.ok) throw new Error(`routeProviderSdk: ${apiUrl}/sdk/${file} answered ${res.status}`);
    return res.text();
  };
  // CORS for the siblings, which gateway.js loads with crossorigin="anonymous" and their sha384.
  const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
  await page.route(PROVIDER_SDK_URL, async (route) => {
    // The page configured nothing for us: say which API to call, as an integrator would with a
    // GatewayConfig global (docs/sdk.md), unless the page already set one.
    const prelude = `(globalThis.GatewayConfig ??= {}).apiUrl ??= ${JSON.stringify(PROVIDER_API_ORIGIN)};\n`;
    await route.fulfill({ contentType: 'text/javascript', headers, body: prelude + (await fetchScript('gateway.js')) });
  });
  await page.route(SIBLING_URL, async (route) => {
    const file = SIBLING_URL.exec(route.request().url())![1]!;
    await route.fulfill({ contentType: 'text/javascript', headers, body: await fetchScript(file) });
  });
  // The provider's hosts answered by the sandbox. The API's answers name the challenge origin (the
  // challenge and 3DS Method URLs, the card fields' URL): they name the provider-looking one, so the
  // frames load from it, and the SDK's and frames' origin checks hold against that one origin.
  await page.route(originPattern(PROVIDER_API_ORIGIN), (route) =>
    forward(route, PROVIDER_API_ORIGIN, apiUrl, (body) => renameOrigin(body, challengeUrl, PROVIDER_CHALLENGE_ORIGIN)),
  );
  await page.route(originPattern(PROVIDER_CHALLENGE_ORIGIN), (route) =>
    forward(route, PROVIDER_CHALLENGE_ORIGIN, challengeUrl),
  );
}

/** Every URL on `origin`, and nothing on a host that merely starts with its name. */
const originPattern = (origin: string) => (url: URL) => url.origin === origin;

/**
 * Sends `route`'s request (method, headers, body) to the same path on `to` instead of `from`,
 * and answers the page with what `to` answered: status, headers (a redirect's `location` named
 * on `from`) and body, a JSON body through `rewrite`. The sandbox's CORS answer names the page's
 * origin, which is the page's own: the browser checks it as it would the provider's.
 */
async function forward(route: Route, from: string, to: string, rewrite?: (body: string) => string): Promise<void> {
  const url = new URL(route.request().url());
  const response = await route.fetch({ url: `${to}${url.pathname}${url.search}`, maxRedirects: 0 });
  const answerHeaders = response.headers();
  if (answerHeaders.location?.startsWith(to)) answerHeaders.location = from + answerHeaders.location.slice(to.length);
  const json = rewrite && /^application\/(?:[\w.+-]+\+)?json\b/.test(answerHeaders['content-type'] ?? '');
  await route.fulfill({
    status: response.status(),
    headers: answerHeaders,
    body: json ? rewrite(await response.text()) : await response.body(),
  });
}

/**
 * A JSON answer with every URL on origin `from` moved to `to`: plain strings, and the
 * base64url JSON of `three_ds_method_data`, whose notification URL the issuer's page posts to.
 */
function renameOrigin(body: string, from: string, to: string): string {
  const move = (text: string) => (text === from || text.startsWith(`${from}/`) ? to + text.slice(from.length) : text);
  const walk = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') {
      if (key !== 'three_ds_method_data') return move(value);
      const data = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
      return Buffer.from(JSON.stringify(walk(data)), 'utf8').toString('base64url');
    }
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    }
    return value;
  };
  try {
    return JSON.stringify(walk(JSON.parse(body)));
  } catch {
    // Not JSON after all, or method data that is not base64url JSON: the sandbox's own bytes.
    return body;
  }
}
