import type { Page } from '@playwright/test';
import type { Sandbox } from '../../dist/sandbox/index.js';
// The challenge UI is driven only through the public testing entry, as integrators do.
import {
  cancelChallenge,
  challengeDialog,
  issuerFrame,
  SANDBOX_CODES,
  submitChallengeCode,
  TEST_CARDS,
  waitForChallenge,
} from '../../dist/testing/index.js';
import { expect } from './fixtures';
import type { MerchantServer } from './merchant-server';

/** The sandbox challenge codes, as the testing entry publishes them. */
export const CODE = {
  AUTHENTICATES: SANDBOX_CODES.pass,
  FAILS: SANDBOX_CODES.fail,
  WRONG: SANDBOX_CODES.wrong,
} as const;

/** Challenge cards: the test set's three (docs/rules.md), and the sandbox's extra ones. */
export const CHALLENGE_CARD = {
  visa: TEST_CARDS.challenge.number,
  mastercard: TEST_CARDS.challengeMastercard.number,
  elo: TEST_CARDS.challengeElo.number,
  forcedNotAuthenticated: TEST_CARDS.challengeNotAuthenticated.number,
  unknownIssuer: TEST_CARDS.challengeUnknownIssuer.number,
} as const;

/** What a page's authenticate3DS call settled with, made serialisable. */
export type Settled =
  | { ok: true; result: { status: string; id?: string; authenticationStatus?: string } }
  | {
      ok: false;
      error: {
        name: string;
        code: string;
        message: string;
        detail: { httpStatus: number; traceId: string; message: string; errorMessages: unknown[] };
      };
    };

/** How the page calls authenticate3DS. */
export interface RunOptions {
  card: string;
  /** A card encrypted by encryptCard or the hosted fields: sent as card.encrypted instead of the number. */
  encrypted?: string;
  type?: 'CREDIT_CARD' | 'DEBIT_CARD';
  /** `none`: no beforeChallenge. `hold`: beforeChallenge keeps open() for {@link openChallenge}. */
  before?: 'none' | 'hold';
  challengeTimeout?: number;
  /** Give an AbortSignal that {@link abortRun} aborts. */
  abortable?: boolean;
  locale?: 'pt-BR' | 'en';
}

/** What the page recorded of the callbacks: onStatusChange calls and what beforeChallenge received. */
export interface RunLog {
  /** Every callback call in order: `status:<status>` and `before`. */
  order: string[];
  statuses: string[];
  before: Array<{ brand: string; issuer?: string; hasIssuerKey: boolean; keys: string[] }>;
}

/** The merchant's server creating an SDK session with its bearer token. */
export async function newSession(sandbox: Sandbox): Promise<string> {
  const res = await fetch(`${sandbox.apiUrl}/checkout-sdk/sessions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { session: string }).session;
}

/** A checkout page that loads the SDK with a script tag from the sandbox. */
export function checkoutHtml(sandbox: Sandbox, head = ''): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Checkout</title>${head}</head><body><main><h1>Checkout</h1><button id="pay">Pagar</button><p>${'Produto. '.repeat(3000)}</p></main><script src="${sandbox.sdkUrl}"></script></body></html>`;
}

/** The CSP lines docs/csp.md tells a merchant to add: the SDK script, its API calls, the challenge frame. */
export function merchantCsp(sandbox: Sandbox): string {
  return `default-src 'self'; script-src 'self' ${sandbox.apiUrl}; connect-src 'self' ${sandbox.apiUrl}; frame-src ${sandbox.challengeUrl}; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'none'`;
}

/** Opens a checkout page on the merchant origin and waits for window.Gateway. */
export async function openCheckout(
  page: Page,
  merchant: MerchantServer,
  sandbox: Sandbox,
  options: { path?: string; head?: string; headers?: Record<string, string> } = {},
): Promise<void> {
  const path = options.path ?? '/checkout';
  await page.goto(merchant.page(path, { html: checkoutHtml(sandbox, options.head), headers: options.headers }));
  await expect
    .poll(() => page.evaluate(() => typeof (window as unknown as { Gateway?: unknown }).Gateway))
    .toBe('object');
}

/**
 * Starts authenticate3DS in the page without waiting: the promise's outcome is kept for
 * {@link settled}, the callbacks' calls for {@link runLog}.
 */
export async function startRun(page: Page, session: string, options: RunOptions): Promise<void> {
  await page.evaluate(
    ({ session, o }) => {
      type Info = { brand: string; issuer?: string; open(): void };
      const w = window as unknown as Record<string, unknown> & {
        Gateway: { setUp(options: object): void; authenticate3DS(request: object): Promise<unknown> };
      };
      const log: RunLog = { order: [], statuses: [], before: [] };
      w.__log = log;
      const G = w.Gateway;
      G.setUp({ session, env: 'SANDBOX', ...(o.locale && { locale: o.locale }) });
      const request: Record<string, unknown> = {
        dataOnly: false,
        data: {
          customer: {
            name: 'Maria Silva',
            email: 'maria@example.com.br',
            phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
          },
          paymentMethod: {
            type: o.type ?? 'CREDIT_CARD',
            installments: 1,
            card: o.encrypted
              ? { encrypted: o.encrypted }
              : { number: o.card, expMonth: 12, expYear: 2099, holder: { name: 'Maria Silva' } },
          },
          amount: { value: 15_000, currency: 'BRL' },
          billingAddress: {
            street: 'Avenida Paulista',
            number: '1000',
            city: 'São Paulo',
            regionCode: 'SP',
            country: 'BRA',
            postalCode: '01310-100',
          },
        },
        onStatusChange: (status: string) => {
          log.order.push(`status:${status}`);
          log.statuses.push(status);
        },
      };
      if (o.challengeTimeout) request.challengeTimeout = o.challengeTimeout;
      if (o.abortable) {
        const controller = new AbortController();
        request.signal = controller.signal;
        w.__abort = () => controller.abort();
      }
      if (o.before === 'hold') {
        request.beforeChallenge = (info: Info) => {
          log.order.push('before');
          log.before.push({
            brand: info.brand,
            issuer: info.issuer,
            hasIssuerKey: 'issuer' in info,
            keys: Object.keys(info).sort(),
          });
          w.__open = info.open;
        };
      }
      w.__settled = G.authenticate3DS(request).then(
        (result) => ({ ok: true, result }),
        (e: { name: string; code: string; message: string; detail: unknown }) => ({
          ok: false,
          error: { name: e.name, code: e.code, message: e.message, detail: e.detail },
        }),
      );
    },
    { session, o: options },
  );
}

/** Waits for the page's authenticate3DS to settle. */
export function settled(page: Page): Promise<Settled> {
  return page.evaluate(() => (window as unknown as { __settled: Promise<Settled> }).__settled);
}

/** The callbacks' calls so far. */
export function runLog(page: Page): Promise<RunLog> {
  return page.evaluate(() => (window as unknown as { __log: RunLog }).__log);
}

/** Calls the open() beforeChallenge kept (twice: the second must be harmless). */
export function openChallenge(page: Page): Promise<void> {
  return page.evaluate(() => {
    const open = (window as unknown as { __open: () => void }).__open;
    open();
    open();
  });
}

/** Aborts the run's signal. */
export function abortRun(page: Page): Promise<void> {
  return page.evaluate(() => (window as unknown as { __abort: () => void }).__abort());
}

export { cancelChallenge, challengeDialog, issuerFrame, waitForChallenge };

/** Types a code in the issuer page and submits it, as the shopper does; returns once the page or the SDK answered. */
export async function submitCode(page: Page, code: string): Promise<void> {
  await submitChallengeCode(page, code);
}

/** Fails the test unless nothing of the challenge is left in the page. */
export async function expectNoChallengeLeft(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => ({
      frames:
        document.querySelectorAll('iframe').length +
        [...document.querySelectorAll('body > div')].filter((d) => d.shadowRoot).length,
      overflow: document.documentElement.style.overflow,
    })),
  ).toEqual({ frames: 0, overflow: '' });
  // Any dialog at all, not only the SDK's hook: nothing of the challenge may stay.
  await expect(page.locator('dialog')).toHaveCount(0);
}
