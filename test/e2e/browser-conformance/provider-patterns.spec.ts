import { PROVIDER_API_ORIGIN, PROVIDER_CHALLENGE_ORIGIN } from '../../../dist/testing/index.js';
import { expect, test } from '../fixtures';
import {
  CARDS,
  CHECKOUT_SCRIPT,
  openProviderPage,
  payWith,
  PROVIDER_SDK_URL,
  providerPageHtml,
  REQUIRE_JS,
} from './provider-page';

// One test per pattern that public checkout scripts written for the provider's browser SDK use,
// named after it. Every page loads the provider's script address, unchanged, and the testing
// kit's routeProviderSdk serves this SDK there; each payment goes through to a PAID order on
// the sandbox with both 3DS paths (frictionless, and a challenge the shopper answers).

const clickToPay = (call: string) =>
  `<script>${CHECKOUT_SCRIPT}
document.getElementById('checkout').addEventListener('submit', function (event) {
  event.preventDefault();
  ${call}
});</script>`;

for (const card of CARDS) {
  test(`reads encryptCard's result without await (${card.name})`, async ({ page, merchant, sandbox }) => {
    const html = providerPageHtml(`<script src="${PROVIDER_SDK_URL}"></script>${clickToPay('checkout(PagSeguro);')}`);
    await openProviderPage(page, merchant, sandbox, `/conformance/sync-${card.name}`, html);
    await payWith(page, card);
  });

  test(`beforeChallenge calls open() (${card.name})`, async ({ page, merchant, sandbox }) => {
    const html = providerPageHtml(
      `<script src="${PROVIDER_SDK_URL}"></script>${clickToPay(
        'checkout(PagSeguro, { beforeChallenge: function (info) { window.__before = info.brand; info.open(); } });',
      )}`,
    );
    await openProviderPage(page, merchant, sandbox, `/conformance/before-${card.name}`, html);
    await payWith(page, card);
    // Called only when the issuer asks for a challenge, with the brand the page may show.
    expect(await page.evaluate(() => (window as unknown as { __before?: string }).__before)).toBe(
      card.challenge ? 'visa' : undefined,
    );
  });

  test(`loads the SDK from the provider's URL through RequireJS (${card.name})`, async ({
    page,
    merchant,
    sandbox,
  }) => {
    // RequireJS itself (the devDependency's require.js, served by the shop): `paths` names the
    // provider's address without `.js`, and the module is what the callback receives.
    const loader = `<script src="${merchant.file('/js/require.js', REQUIRE_JS, 'text/javascript')}"></script>`;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const page$ = `<script>${CHECKOUT_SCRIPT}
requirejs.config({ paths: { pagseguro: '${PROVIDER_SDK_URL.replace(/\.js$/, '')}' } });
document.getElementById('checkout').addEventListener('submit', function (event) {
  event.preventDefault();
  require(['pagseguro'], function (PagSeguroModule) {
    window.__sameAsGlobal = PagSeguroModule === window.PagSeguro;
    checkout(PagSeguroModule);
  });
});</script>`;
    await openProviderPage(page, merchant, sandbox, `/conformance/amd-${card.name}`, providerPageHtml(loader + page$));
    await payWith(page, card);
    expect(await page.evaluate(() => (window as unknown as { __sameAsGlobal: boolean }).__sameAsGlobal)).toBe(true);
    expect(errors).toEqual([]);
  });

  test(`fills a hidden input from encryptCard and submits the form, jQuery style (${card.name})`, async ({
    page,
    merchant,
    sandbox,
  }) => {
    // The pattern of jQuery checkouts: a submit handler that stops the submit, encrypts, puts the
    // encrypted card (and the 3DS id) into hidden inputs and submits the form to the server for real.
    const html = providerPageHtml(
      `<script src="${PROVIDER_SDK_URL}"></script>${clickToPay(`checkout(PagSeguro, {
    submitForm: function (id) {
      document.getElementById('authentication-id').value = id;
      HTMLFormElement.prototype.submit.call(document.getElementById('checkout'));
    },
  });`)}`,
    );
    await openProviderPage(page, merchant, sandbox, `/conformance/form-${card.name}`, html);
    await payWith(page, card);
    expect(new URL(page.url()).pathname).toBe('/api/pay-form');
  });

  test(`imports the SDK as an ES module, as a bundled checkout does (${card.name})`, async ({
    page,
    merchant,
    sandbox,
  }) => {
    // A bundler's output or a module script: the SDK's top level runs as a module, where its
    // `var` is not a global; the page reads window.PagSeguro after the import.
    const html = providerPageHtml(`<script>${CHECKOUT_SCRIPT}</script><script type="module">
import '${PROVIDER_SDK_URL}';
document.getElementById('checkout').addEventListener('submit', function (event) {
  event.preventDefault();
  checkout(window.PagSeguro);
});
document.body.dataset.ready = 'yes';
</script>`);
    await openProviderPage(page, merchant, sandbox, `/conformance/esm-${card.name}`, html);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
    await payWith(page, card);
  });

  test(`a page with RequireJS that loads the SDK with its own script tag (${card.name})`, async ({
    page,
    merchant,
    sandbox,
  }) => {
    // The other RequireJS page: require.js for its own modules, the SDK by a plain tag. A UMD build
    // or an anonymous define() here would make RequireJS throw "Mismatched anonymous define()";
    // the SDK defines no module and sets the globals.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const html = providerPageHtml(
      `<script src="${merchant.file('/js/require.js', REQUIRE_JS, 'text/javascript')}"></script><script src="${PROVIDER_SDK_URL}"></script>${clickToPay('checkout(PagSeguro);')}`,
    );
    await openProviderPage(page, merchant, sandbox, `/conformance/amd-tag-${card.name}`, html);
    await payWith(page, card);
    expect(errors).toEqual([]);
  });

  test(`a page under a CSP that names only the provider's hosts (${card.name})`, async ({
    page,
    merchant,
    sandbox,
  }) => {
    // Written as for the provider in production, no 'unsafe-inline' and no 'unsafe-eval': nothing
    // by default, the page's own script by nonce and the SDK from the provider's assets host,
    // calls to the provider's SDK and API hosts, frames (3DS Method and challenge) from the 3DS
    // partner's domain the provider's documentation names. Not one sandbox address: the testing
    // kit answers those hosts from the sandbox.
    const nonce = 'c2FuZGJveA==';
    const csp = [
      "default-src 'none'",
      `script-src 'nonce-${nonce}' https://assets.pagseguro.com.br https://*.cardinalcommerce.com`,
      "connect-src 'self' https://sandbox.sdk.pagseguro.com https://sandbox.api.pagseguro.com",
      'frame-src https://*.cardinalcommerce.com',
      "style-src 'self' 'unsafe-inline'",
      "form-action 'self'",
      "base-uri 'none'",
    ].join('; ');
    expect(csp).not.toContain(new URL(sandbox.apiUrl).host);
    expect(csp).not.toContain(new URL(sandbox.challengeUrl).host);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    // Every request the page and its frames make: none may reach the sandbox's own origins.
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    const html = providerPageHtml(
      `<script src="${PROVIDER_SDK_URL}"></script>${clickToPay('checkout(PagSeguro);').replace('<script>', `<script nonce="${nonce}">`)}`,
    );
    await openProviderPage(page, merchant, sandbox, `/conformance/csp-${card.name}`, html, {
      headers: { 'content-security-policy': csp },
    });
    await payWith(page, card);
    expect(violations).toEqual([]);
    expect(origins).toContain(PROVIDER_API_ORIGIN);
    // The frictionless card needs no frame at all; the challenge comes from the 3DS partner's host.
    expect(origins.has(PROVIDER_CHALLENGE_ORIGIN)).toBe(card.challenge);
    expect(origins).not.toContain(new URL(sandbox.apiUrl).origin);
    expect(origins).not.toContain(new URL(sandbox.challengeUrl).origin);
  });

  test(`runs with only its script's src changed to the sandbox's gateway.js (${card.name})`, async ({
    page,
    merchant,
    sandbox,
  }) => {
    // No testing kit and no configuration: the sandbox that served the script is the API it calls.
    const html = providerPageHtml(`<script src="${sandbox.sdkUrl}"></script>${clickToPay('checkout(PagSeguro);')}`);
    await openProviderPage(page, merchant, sandbox, `/conformance/src-${card.name}`, html, { kit: false });
    await payWith(page, card);
  });

  test(`finds its sandbox from data-gateway-api-url when served from the merchant's own server (${card.name})`, async ({
    page,
    merchant,
    sandbox,
  }) => {
    // No testing kit: the page's script src is changed to gateway.js on the page's own server (as
    // from a CDN), which cannot know the sandbox; the tag says which API to call.
    const html = providerPageHtml(
      `<script src="${merchant.url}/gateway.js" data-gateway-api-url="${sandbox.apiUrl}"></script>${clickToPay('checkout(PagSeguro);')}`,
    );
    await openProviderPage(page, merchant, sandbox, `/conformance/cdn-${card.name}`, html, { kit: false });
    await payWith(page, card);
  });
}

test('names GatewayConfig.apiUrl when the page configures an API address that is not a URL', async ({
  page,
  merchant,
  sandbox,
}) => {
  const html = providerPageHtml(
    `<script>window.GatewayConfig = { apiUrl: 'sandbox.local' };</script><script src="${merchant.url}/gateway.js"></script>`,
  );
  await openProviderPage(page, merchant, sandbox, '/conformance/config-error', html, { kit: false });
  const item = await page.evaluate(() => {
    const P = (window as unknown as { PagSeguro: any }).PagSeguro;
    try {
      P.setUp({ session: 'x', env: 'SANDBOX' });
      return undefined;
    } catch (err) {
      return (err as { detail: { errorMessages: unknown[] } }).detail.errorMessages[0];
    }
  });
  expect(item).toMatchObject({ code: '40002', parameterName: 'GatewayConfig.apiUrl' });
});

test('tests err instanceof PagSeguro.PagSeguroError and reads err.detail', async ({ page, merchant, sandbox }) => {
  const html = providerPageHtml(`<script src="${PROVIDER_SDK_URL}"></script><script>${CHECKOUT_SCRIPT}</script>`);
  await openProviderPage(page, merchant, sandbox, '/conformance/errors', html);
  const seen = await page.evaluate(() => {
    const P = (window as unknown as { PagSeguro: any }).PagSeguro;
    const out: Record<string, unknown> = { same: P.PagSeguroError === P.GatewayError };
    try {
      P.setUp({ session: 'x', env: 'NOWHERE' });
    } catch (err) {
      const e = err as { detail: { errorMessages: Array<Record<string, string>> } };
      out.setUp = {
        instance: err instanceof P.PagSeguroError,
        item: e.detail.errorMessages[0],
      };
    }
    return out;
  });
  expect(seen).toEqual({
    same: true,
    setUp: {
      instance: true,
      item: { code: '40002', parameterName: 'env', description: expect.stringContaining('env') },
    },
  });
  // An error the API answers, through the page's own catch: a session the sandbox does not know.
  await page.evaluate(() => {
    const w = window as unknown as { fetch: typeof fetch };
    const real = w.fetch;
    w.fetch = (input, init) =>
      String(input).endsWith('/api/checkout-data')
        ? real(input, init)
            .then((res) => res.json())
            .then((data) => new Response(JSON.stringify({ ...data, session: 'unknown-session' })))
        : real(input, init);
  });
  await page.fill('#number', CARDS[0].number);
  await page.evaluate(() => {
    const w = window as unknown as { checkout(p: unknown): void; PagSeguro: unknown };
    w.checkout(w.PagSeguro);
  });
  await expect(page.locator('#result')).toHaveText(/^PagSeguroError 401 /);
});

test("reads encryptCard's error codes the way the provider's pages do", async ({ page, merchant, sandbox }) => {
  const html = providerPageHtml(`<script src="${PROVIDER_SDK_URL}"></script>${clickToPay('checkout(PagSeguro);')}`);
  await openProviderPage(page, merchant, sandbox, '/conformance/card-errors', html);
  await page.fill('#number', '4111111111111112');
  await page.fill('#cvv', '1');
  await page.fill('#exp-month', '13');
  await page.click('#pay');
  await expect(page.locator('#result')).toHaveText(
    'card errors: INVALID_NUMBER,INVALID_SECURITY_CODE,INVALID_EXPIRATION_MONTH',
  );
});

test("leaves a page's own PagSeguro alone: window.Gateway is the SDK there", async ({ page, merchant, sandbox }) => {
  const html = providerPageHtml(
    `<script>window.PagSeguro = { mine: true };</script><script src="${PROVIDER_SDK_URL}"></script>`,
  );
  await openProviderPage(page, merchant, sandbox, '/conformance/own-pagseguro', html);
  expect(
    await page.evaluate(() => {
      const w = window as unknown as { PagSeguro: { mine?: boolean }; Gateway: { encryptCard?: unknown } };
      return { mine: w.PagSeguro.mine, gateway: typeof w.Gateway.encryptCard };
    }),
  ).toEqual({ mine: true, gateway: 'function' });
});
