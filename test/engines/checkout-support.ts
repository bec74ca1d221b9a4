import { fileURLToPath } from 'node:url';
import type { Sandbox } from '../../dist/sandbox/index.js';
import { TEST_CARDS } from '../../dist/testing/index.js';
import type { MerchantServer } from '../e2e/merchant-server';
import type { EngineDriver, FrameName } from './engine-driver';

/** The sandbox challenge codes (src/sandbox/challenge/issuer-simulator.ts). */
export const CODE = { AUTHENTICATES: '123456', FAILS: '000000', WRONG: '111111' } as const;

/** Sandbox test cards the scenarios use, by their testing-kit names (docs/testing.md#test-cards). */
export const CARD = {
  challenge: TEST_CARDS.challenge.number,
  challengeMastercard: TEST_CARDS.challengeMastercard.number,
  challengeElo: TEST_CARDS.challengeElo.number,
  frictionless: TEST_CARDS.frictionless.number,
  notSupported: TEST_CARDS.notSupported.number,
  /** 3DS Method that completes, then frictionless (docs/three-ds-flow.md): Visa, and Mastercard. */
  method: TEST_CARDS.method.number,
  methodMastercard: TEST_CARDS.methodMastercard.number,
  /** 3DS Method whose issuer page never notifies: the SDK continues with N after 10 s, then a challenge. */
  methodSilent: TEST_CARDS.methodSilent.number,
  /** 3DS Method that completes, then a challenge. */
  methodThenChallenge: TEST_CARDS.methodThenChallenge.number,
} as const;

/** What a page's authenticate3DS call settled with. */
export type Settled =
  | { ok: true; result: { status: string; id?: string; authenticationStatus?: string } }
  | {
      ok: false;
      error: {
        name: string;
        code: string;
        message: string;
        detail: { httpStatus: number; traceId: string; errorMessages: Array<{ code: string; parameterName: string }> };
      };
    };

const SCRIPT = fileURLToPath(new URL('./pages/engine-checkout.js', import.meta.url));

/** The merchant's server creating an SDK session with its bearer token. */
export async function newSession(sandbox: Sandbox, token = sandbox.token): Promise<string> {
  const res = await fetch(`${sandbox.apiUrl}/checkout-sdk/sessions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`session: ${res.status}`);
  return ((await res.json()) as { session: string }).session;
}

/** The CSP the docs tell a merchant to use: the SDK script and API, the challenge frame, nothing inline. */
export function merchantCsp(sandbox: Sandbox): string {
  return `default-src 'self'; script-src 'self' ${sandbox.apiUrl}; connect-src 'self' ${sandbox.apiUrl}; frame-src ${sandbox.challengeUrl}; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'none'`;
}

/**
 * Opens a checkout page on the merchant origin (script tag from the sandbox, as integrators do)
 * and waits for window.Gateway. `noAdoptedStyleSheets` plays a browser without constructed stylesheets.
 */
export async function openCheckout(
  driver: EngineDriver,
  merchant: MerchantServer,
  sandbox: Sandbox,
  options: { path?: string; csp?: string; noAdoptedStyleSheets?: boolean } = {},
): Promise<void> {
  merchant.file('/engine/engine-checkout.js', SCRIPT, 'text/javascript');
  const flag = options.noAdoptedStyleSheets ? ' data-no-adopted-style-sheets' : '';
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Checkout</title><script src="/engine/engine-checkout.js"${flag}></script></head><body><main><h1>Checkout</h1><button id="pay">Pagar</button><p>${'Produto. '.repeat(3000)}</p></main><script src="${sandbox.sdkUrl}"></script></body></html>`;
  await driver.goto(
    merchant.page(options.path ?? '/checkout', {
      html,
      headers: options.csp ? { 'Content-Security-Policy': options.csp } : {},
    }),
  );
  await until(driver, 'page', `typeof window.Gateway === 'object'`);
}

/** Polls an expression in a frame until it is truthy (a missing frame counts as not yet). */
export async function until(
  driver: EngineDriver,
  frame: FrameName,
  expression: string,
  what = expression,
): Promise<void> {
  let last: unknown;
  for (let i = 0; i < 150; i++) {
    try {
      if (await driver.evaluate<unknown>(frame, `!!(${expression})`)) return;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never true in ${frame}: ${what}${last ? ` (${String(last)})` : ''}`);
}

/** Starts authenticate3DS in the page without waiting. */
export const startRun = (
  driver: EngineDriver,
  options: { session: string; number?: string; name?: string; amount?: number; abortable?: boolean },
) => driver.evaluate<boolean>('page', `window.__start(${JSON.stringify(options)})`);

/** Waits for the page's authenticate3DS to settle, and gives its outcome. */
export async function settled(driver: EngineDriver): Promise<Settled> {
  await until(driver, 'page', 'window.__outcome', 'authenticate3DS settled');
  return driver.evaluate<Settled>('page', 'window.__outcome');
}

/** Waits until the issuer page shows its code field (the challenge is on screen). */
export const issuerReady = (driver: EngineDriver) =>
  until(
    driver,
    'issuer',
    `document.readyState === 'complete' && document.getElementById('code')`,
    'the issuer code field',
  );

/** Types a code in the issuer page and submits it, as the shopper does (click, keys, click). */
export async function submitCode(driver: EngineDriver, code: string): Promise<void> {
  await issuerReady(driver);
  await driver.click('issuer', '#code');
  await driver.type(code);
  await driver.click('issuer', 'button[type=submit]');
}

/** What is left of the challenge in the page (frames, shadow hosts, dialogs, overflow). */
export const leftovers = (driver: EngineDriver) =>
  driver.evaluate<{ frames: number; hosts: number; dialogs: number; overflow: string }>('page', 'window.__leftovers()');

/** Nothing of the challenge left in the page. */
export const NOTHING_LEFT = { frames: 0, hosts: 0, dialogs: 0, overflow: '' } as const;
