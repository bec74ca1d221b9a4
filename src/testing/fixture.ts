import type {
  Page,
  TestType,
  PlaywrightTestArgs,
  PlaywrightTestOptions,
  PlaywrightWorkerArgs,
  PlaywrightWorkerOptions,
} from '@playwright/test';
import type { Sandbox, SandboxClock, SandboxOptions } from '../sandbox/index';
import { decideChallenge, type ChallengeDecision } from './decide-challenge';
import { expirePixCode, payPixCode, type PixOrder } from './pix-simulator';
import { playwright } from './playwright';
import { routeProviderSdk } from './provider-sdk';

/** A merchant account of its own, for tests of isolation between merchants. */
export interface SecondMerchant {
  id: string;
  /** Its bearer token. */
  token: string;
}

/** The sandbox a worker's tests share, as the {@link test} fixture `gateway` gives it. */
export interface GatewaySandbox {
  /** Base URL of the API (the merchant server's backend). */
  apiUrl: string;
  /** Base URL of the challenge origin: the one `frame-src` entry a strict CSP needs. */
  challengeUrl: string;
  /** URL of the SDK's script-tag build (`<script src>`). */
  sdkUrl: string;
  /** The sandbox merchant's bearer token. */
  token: string;
  /** The sandbox's clock, shared by the worker's tests: `clock.advance(ms)` moves sessions and expiries forward. */
  clock: SandboxClock;
  /** A second merchant account on the same sandbox. */
  secondMerchant: SecondMerchant;
  /** Creates an SDK session (what the merchant server does) for `Gateway.setUp({ session })`. */
  newSession(token?: string): Promise<string>;
  /** Decides a pending challenge without the UI (see {@link decideChallenge}). */
  decideChallenge(authenticationId: string, code: string): Promise<ChallengeDecision>;
  /** Pays a Pix QR code of the sandbox merchant as the shopper's bank would (see {@link payPixCode}). */
  payPixCode(qrCodeId: string): Promise<PixOrder>;
  /** Expires a Pix QR code of the sandbox merchant now, unpaid (see {@link expirePixCode}). */
  expirePixCode(qrCodeId: string): Promise<PixOrder>;
  /**
   * Serves this SDK, pointed at this sandbox, where `page` loads the provider's browser SDK
   * (see {@link routeProviderSdk}): a checkout written for the provider runs unchanged.
   */
  routeProviderSdk(page: Page): Promise<void>;
  /** The underlying sandbox, for anything else it offers (`addMerchant`, `configureMerchant`). */
  sandbox: Sandbox;
}

/** Fixtures the testing entry adds to Playwright's. */
export interface GatewayWorkerFixtures {
  /** The worker's sandbox: started before its first test, closed after its last. */
  gateway: GatewaySandbox;
  /** Options for startSandbox; set with `test.use({ gatewaySandboxOptions: { … } })` at file level. Default none. */
  gatewaySandboxOptions: SandboxOptions;
}

/** Playwright's `test` with the `gateway` worker fixture: a sandbox per worker. */
export const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions & GatewayWorkerFixtures
> = playwright.test.extend<object, GatewayWorkerFixtures>({
  gatewaySandboxOptions: [{}, { scope: 'worker', option: true }],
  gateway: [
    async ({ gatewaySandboxOptions }, use) => {
      // Loaded here, not at import: the sandbox needs better-sqlite3, and a missing @playwright/test must be reported first.
      const { startSandbox } = await import('../sandbox/index');
      const sandbox = await startSandbox(gatewaySandboxOptions);
      try {
        const second = sandbox.addMerchant();
        const target = { apiUrl: sandbox.apiUrl, token: sandbox.token };
        await use({
          apiUrl: sandbox.apiUrl,
          challengeUrl: sandbox.challengeUrl,
          sdkUrl: sandbox.sdkUrl,
          token: sandbox.token,
          clock: sandbox.clock,
          secondMerchant: { id: second.id, token: second.token },
          newSession: (token = sandbox.token) => newSession(sandbox.apiUrl, token),
          decideChallenge: (id, code) => decideChallenge(target, id, code),
          payPixCode: (id) => payPixCode(target, id),
          expirePixCode: (id) => expirePixCode(target, id),
          routeProviderSdk: (page) => routeProviderSdk(page, sandbox),
          sandbox,
        });
      } finally {
        await sandbox.close();
      }
    },
    { scope: 'worker' },
  ],
});

/** Playwright's `expect`, re-exported so one import serves a test file. */
export const expect: typeof playwright.expect = playwright.expect;

async function newSession(apiUrl: string, token: string): Promise<string> {
  const res = await fetch(`${apiUrl}/checkout-sdk/sessions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`newSession: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { session: string }).session;
}
