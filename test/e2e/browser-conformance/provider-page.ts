import type { Page, Route } from '@playwright/test';
import { createRequire } from 'node:module';
import type { Sandbox } from '../../../dist/sandbox/index.js';
import { routeProviderSdk, submitChallengeCode, SANDBOX_CODES, TEST_CARDS } from '../../../dist/testing/index.js';
import { expect } from '../fixtures';
import type { MerchantServer } from '../merchant-server';

// Checkout pages written the way public checkout scripts for the provider's browser SDK are
// written (from the patterns they share and the provider's public documentation; no third-party
// code): they load the provider's script URL, which the testing kit's routeProviderSdk serves
// with this SDK, call window.PagSeguro, and post to a backend of their own. The backend stand-in
// here (/api/* on the merchant origin) creates the session and the order on the sandbox, with
// the bearer token only it holds.

/** RequireJS's own loader (the devDependency), which the shop serves to the pages that use it. */
const require = createRequire(import.meta.url);
export const REQUIRE_JS = require.resolve('requirejs/require.js');

/** The provider's script address, as its documentation gives it. */
export const PROVIDER_SDK_URL = 'https://assets.pagseguro.com.br/checkout-sdk-js/rc/dist/browser/pagseguro.min.js';

/** The two 3DS paths every payment pattern goes through. */
export const CARDS = [
  { name: 'frictionless', number: TEST_CARDS.frictionless.number, challenge: false },
  { name: 'challenge', number: TEST_CARDS.challenge.number, challenge: true },
] as const;

/**
 * The provider-style checkout code the pages share, as a page script: reads a form, encrypts the
 * card synchronously, authenticates it, posts the order to its backend and writes the outcome
 * into #result. `checkout(PagSeguro, options)` is what each page calls in its own way.
 */
export const CHECKOUT_SCRIPT = `
function show(text) { document.getElementById('result').textContent = text; }
function field(id) { return document.getElementById(id).value; }
function post(path, body) {
  return fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    .then(function (res) { return res.json(); });
}
function checkout(PagSeguro, options) {
  options = options || {};
  return fetch('/api/checkout-data').then(function (res) { return res.json(); }).then(function (data) {
    // The provider's encryptCard answers at once: its result is read without await.
    var card = PagSeguro.encryptCard({
      publicKey: data.publicKey,
      holder: field('holder'),
      number: field('number'),
      expMonth: field('exp-month'),
      expYear: field('exp-year'),
      securityCode: field('cvv'),
    });
    if (card.hasErrors) {
      show('card errors: ' + card.errors.map(function (e) { return e.code; }).join(','));
      return;
    }
    document.getElementById('encrypted').value = card.encryptedCard;
    PagSeguro.setUp({ session: data.session, env: PagSeguro.env.SANDBOX });
    var request = {
      data: {
        customer: {
          name: 'Maria Silva',
          email: 'maria@example.com.br',
          phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
        },
        paymentMethod: {
          type: 'CREDIT_CARD',
          installments: 1,
          card: { encrypted: card.encryptedCard, holder: { name: field('holder') } },
        },
        amount: { value: 15000, currency: 'BRL' },
        billingAddress: {
          street: 'Avenida Paulista', number: '1000', city: 'Sao Paulo',
          regionCode: 'SP', country: 'BRA', postalCode: '01310100',
        },
        dataOnly: false,
      },
    };
    if (options.beforeChallenge) request.beforeChallenge = options.beforeChallenge;
    return PagSeguro.authenticate3DS(request).then(function (result) {
      if (options.submitForm) return options.submitForm(result.id);
      return post('/api/pay', { encrypted: card.encryptedCard, authenticationId: result.id }).then(function (order) {
        show('order ' + order.status);
      });
    });
  }).catch(function (err) {
    if (err instanceof PagSeguro.PagSeguroError) {
      var item = err.detail.errorMessages[0] || {};
      show('PagSeguroError ' + err.detail.httpStatus + ' ' + item.code + ' ' + item.parameterName + ': ' + item.description);
    } else {
      show('other error: ' + err);
    }
  });
}
`;

/** A checkout page: its form, the page's own scripts (`body`), in the order given. */
export function providerPageHtml(body: string, head = ''): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Checkout</title>${head}</head><body>
<form id="checkout" method="post" action="/api/pay-form">
<input id="holder" value="Maria Silva"><input id="number" value=""><input id="exp-month" value="12">
<input id="exp-year" value="2099"><input id="cvv" value="123"><input type="hidden" id="encrypted" name="encrypted">
<input type="hidden" id="authentication-id" name="authenticationId"><button id="pay" type="submit">Pagar</button>
</form><p id="result"></p>${body}</body></html>`;
}

/** The merchant's backend: session and public key for the page, the order on the sandbox. */
export async function routeBackend(page: Page, merchant: MerchantServer, sandbox: Sandbox): Promise<void> {
  const api = async (path: string, body?: unknown) => {
    const res = await fetch(`${sandbox.apiUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    return (await res.json()) as Record<string, any>;
  };
  const order = async (encrypted: string, authenticationId: string) => {
    const created = await api('/orders', {
      reference_id: 'pedido-provider-page',
      customer: { name: 'Maria Silva', email: 'maria@example.com.br', tax_id: '12345678909' },
      items: [{ reference_id: 'sku-1', name: 'Tênis', quantity: 1, unit_amount: 15_000 }],
      charges: [
        {
          reference_id: 'cobranca-provider-page',
          amount: { value: 15_000, currency: 'BRL' },
          payment_method: {
            type: 'CREDIT_CARD',
            installments: 1,
            capture: true,
            card: { encrypted },
            authentication_method: { type: 'THREEDS', id: authenticationId },
          },
        },
      ],
    });
    return { status: created.charges?.[0]?.status ?? JSON.stringify(created) };
  };
  await page.route(`${merchant.url}/api/**`, async (route: Route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    if (path === '/api/checkout-data') {
      const { session } = await api('/checkout-sdk/sessions');
      const { public_key: publicKey } = await api('/public-keys', { type: 'card' });
      return route.fulfill({ json: { session, publicKey } });
    }
    if (path === '/api/pay') {
      const { encrypted, authenticationId } = request.postDataJSON() as Record<string, string>;
      return route.fulfill({ json: await order(encrypted!, authenticationId!) });
    }
    if (path === '/api/pay-form') {
      const form = new URLSearchParams(request.postData() ?? '');
      const { status } = await order(form.get('encrypted')!, form.get('authenticationId')!);
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Pedido</title><p id="result">order ${status}</p>`,
      });
    }
    return route.fulfill({ status: 404, body: '' });
  });
}

/** Opens a provider-style page with the backend stand-in and (unless `kit: false`) the testing kit's route in place. */
export async function openProviderPage(
  page: Page,
  merchant: MerchantServer,
  sandbox: Sandbox,
  path: string,
  html: string,
  options: { headers?: Record<string, string>; kit?: boolean } = {},
): Promise<void> {
  if (options.kit !== false) await routeProviderSdk(page, sandbox);
  await routeBackend(page, merchant, sandbox);
  await page.goto(merchant.page(path, { html, headers: options.headers }));
}

/** Types the card into the page's form, clicks Pagar, answers the challenge if there is one, and waits for the order. */
export async function payWith(page: Page, card: (typeof CARDS)[number], click = '#pay'): Promise<void> {
  await page.fill('#number', card.number);
  await page.click(click);
  if (card.challenge) await submitChallengeCode(page, SANDBOX_CODES.pass);
  await expect(page.locator('#result')).toHaveText('order PAID');
}
