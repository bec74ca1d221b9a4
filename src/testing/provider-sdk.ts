import type { Page } from '@playwright/test';

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

/** The sandbox a page's SDK should call: a started sandbox, the `gateway` fixture, or its API's URL. */
export interface ProviderSdkTarget {
  /** Base URL of the sandbox API, which serves the script-tag build at /sdk/gateway.js. */
  apiUrl: string;
}

/**
 * Serves this SDK's script-tag build wherever `page` loads the provider's browser SDK (the
 * `assets.pagseguro.com.br/checkout-sdk-js/…/pagseguro.min.js` family), pointed at `target`'s
 * sandbox: an existing checkout's pages, unchanged, then encrypt cards, authenticate 3DS and pay
 * against the sandbox, offline. The script answers as `window.PagSeguro`, and the challenge and
 * card-fields code it loads on demand come from beside it, as from the sandbox. Resolves once
 * the routes are in place; call it before the page navigates. See docs/testing.md.
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
  const fetchScript = async (file: string): Promise<string> => {
    const res = await fetch(`${apiUrl}/sdk/${file}`);
    if (!res.ok) throw new Error(`routeProviderSdk: ${apiUrl}/sdk/${file} answered ${res.status}`);
    return res.text();
  };
  // CORS for the siblings, which gateway.js loads with crossorigin="anonymous" and their sha384.
  const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
  await page.route(PROVIDER_SDK_URL, async (route) => {
    // The page configured nothing for us: say which sandbox to call, as an integrator would with a
    // GatewayConfig global (docs/sdk.md), unless the page already set one.
    const prelude = `(globalThis.GatewayConfig ??= {}).apiUrl ??= ${JSON.stringify(apiUrl)};\n`;
    await route.fulfill({ contentType: 'text/javascript', headers, body: prelude + (await fetchScript('gateway.js')) });
  });
  await page.route(SIBLING_URL, async (route) => {
    const file = SIBLING_URL.exec(route.request().url())![1]!;
    await route.fulfill({ contentType: 'text/javascript', headers, body: await fetchScript(file) });
  });
}
