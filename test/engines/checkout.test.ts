// The SDK's shopper journeys in a second and third browser engine (Firefox ESR, WebKitGTK), over
// three origins like test/e2e: merchant page, API, challenge. ENGINE picks the engine; one
// browser serves every scenario of the run.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { loadConfigFile } from 'rollup/loadConfigFile';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../dist/sandbox/index.js';
import { startCheckout } from '../../examples/checkout/server.mjs';
import { MerchantServer } from '../e2e/merchant-server';
import {
  CARD,
  CODE,
  issuerReady,
  leftovers,
  merchantCsp,
  newSession,
  NOTHING_LEFT,
  openCheckout,
  type Settled,
  settled,
  startRun,
  submitCode,
  until,
} from './checkout-support';
import type { EngineDriver } from './engine-driver';
import { launchEngine } from './launch-engine';

let driver: EngineDriver;
let sandbox: Sandbox;
let merchant: MerchantServer;

beforeAll(async () => {
  [driver, sandbox, merchant] = await Promise.all([launchEngine(), startSandbox(), new MerchantServer().start()]);
  console.log(`engine: ${driver.name} ${driver.version}`);
});

afterAll(async () => {
  await Promise.all([driver?.close(), sandbox?.close(), merchant?.stop()]);
});

/**
 * examples/esm bundled by its own rollup config, once for both engine runs: the bundle is kept in
 * the OS temp folder under a key of its inputs' modification times (the build takes tens of seconds).
 */
async function esmExample(): Promise<string> {
  const inputs = [
    '../../dist/index.js',
    '../../examples/esm/rollup.config.mjs',
    ...readdirSync(new URL('../../examples/esm/src/', import.meta.url)).map((f) => `../../examples/esm/src/${f}`),
  ];
  const key = createHash('sha256')
    .update(inputs.map((f) => `${f}:${statSync(new URL(f, import.meta.url)).mtimeMs}`).join())
    .digest('hex')
    .slice(0, 16);
  const dir = join(tmpdir(), `gateway-esm-example-${key}`);
  if (existsSync(join(dir, 'done'))) return dir;
  const { options, warnings } = await loadConfigFile(
    fileURLToPath(new URL('../../examples/esm/rollup.config.mjs', import.meta.url)),
    {},
  );
  warnings.flush();
  for (const config of options) {
    const bundle = await rollup(config);
    for (const output of config.output) await bundle.write({ ...output, dir: join(dir, basename(output.dir!)) });
    await bundle.close();
  }
  writeFileSync(join(dir, 'done'), '');
  return dir;
}

const CLOSE = 'button[aria-label="Fechar e cancelar a verificação"]';
const AUTHENTICATED = { ok: true, result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' } };

/** The authentication as the merchant's server reads it with its token: the result fields the page never gets. */
async function merchantRead(outcome: Settled): Promise<unknown> {
  const res = await fetch(`${sandbox.apiUrl}/3ds/authentications/${outcome.ok ? outcome.result.id : ''}`, {
    headers: { Authorization: `Bearer ${sandbox.token}` },
  });
  return res.json();
}

describe('pages load', () => {
  it('the script-tag checkout page gets window.Gateway from the sandbox origin', async () => {
    await openCheckout(driver, merchant, sandbox);
    expect(
      await driver.evaluate(
        'page',
        `[typeof Gateway.setUp, typeof Gateway.authenticate3DS, typeof Gateway.encryptCard]`,
      ),
    ).toEqual(['function', 'function', 'function']);
  });

  it('the example checkout pages load and get their SDK session: script tag (/) and ESM bundle (/esm/)', async () => {
    const esmDir = await esmExample();
    const checkout = await startCheckout({ ...sandbox, esmDir });
    try {
      for (const path of ['/', '/esm/']) {
        await driver.goto(`${checkout.url}${path}`);
        await until(driver, 'page', `document.querySelector('form[data-ready=true]')`, `${path} ready`);
      }
    } finally {
      await checkout.close();
    }
  });
});

describe('the example checkout', () => {
  it('pays with Pix: the QR image loads from the API, the code is copied, the sandbox button pays, the success screen shows', async () => {
    const checkout = await startCheckout(sandbox);
    try {
      await driver.goto(checkout.url);
      await until(driver, 'page', `document.querySelector('form[data-ready=true]')`, 'checkout ready');
      await driver.click('page', 'input[name=method][value=PIX]');
      await driver.click('page', '#pay');
      await until(
        driver,
        'page',
        `!document.getElementById('pix').hidden && document.getElementById('pix-qr').complete && document.getElementById('pix-qr').naturalWidth > 0`,
        'the QR code drawn',
      );
      // WebKit says complete before it paints the image: decode() waits for the pixels.
      await driver.evaluate('page', `document.getElementById('pix-qr').decode()`);
      expect(await driver.evaluate('page', `document.getElementById('pix-code').value`)).toMatch(/^000201/);
      expect(await driver.evaluate('page', `document.getElementById('pix-countdown').textContent`)).toMatch(
        /^(29:[0-5]\d|30:00)$/,
      );
      await driver.click('page', '#pix-copy');
      await until(
        driver,
        'page',
        `document.getElementById('pix-feedback').textContent.startsWith('Código copiado')`,
        'the copy feedback',
      );
      mkdirSync('test-results/engines', { recursive: true });
      writeFileSync(`test-results/engines/pix-${driver.name}.png`, await driver.screenshot());
      await driver.click('page', '#pix-simulate');
      await until(
        driver,
        'page',
        `document.querySelector('#status .result.success')?.textContent.includes('Pix')`,
        'the success screen',
      );
      expect(await driver.evaluate('page', `document.querySelector('#status h2').textContent`)).toBe(
        'Pagamento aprovado',
      );
    } finally {
      await checkout.close();
    }
  });
});

describe('hosted card fields (the example checkout)', () => {
  it('the shopper types the card into the frames (grouped, MM/AA), Tab and Shift+Tab move across them and out to the page, encrypt, a challenge, paid', async () => {
    const checkout = await startCheckout(sandbox);
    try {
      await driver.goto(checkout.url);
      await until(driver, 'page', `document.querySelector('form[data-ready=true]')`, 'checkout ready');
      // From the page's control before the fields (the payment method), Tab enters the number field.
      await driver.click('page', 'input[name=method][value=CREDIT_CARD]');
      await driver.press('Tab');
      await until(
        driver,
        'card:number',
        `document.activeElement === document.querySelector('input')`,
        'focus in the number',
      );
      await driver.type(CARD.challenge);
      expect(await driver.evaluate('card:number', `document.querySelector('input').value`)).toBe('4000 0000 0000 2503');
      // Tab from field to field, each frame's input taking the keys.
      await driver.press('Tab');
      await until(
        driver,
        'card:expiry',
        `document.activeElement === document.querySelector('input')`,
        'focus in the expiry',
      );
      await driver.type('1230');
      expect(await driver.evaluate('card:expiry', `document.querySelector('input').value`)).toBe('12/30');
      await driver.press('Tab');
      await until(
        driver,
        'card:securityCode',
        `document.activeElement === document.querySelector('input')`,
        'focus in the code',
      );
      await driver.type('123');
      // Out to the page's next control, and back with Shift+Tab.
      await driver.press('Tab');
      await until(
        driver,
        'page',
        `document.activeElement && document.activeElement.id === 'f-holder'`,
        'focus on the holder',
      );
      await driver.press('Shift+Tab');
      await until(
        driver,
        'card:securityCode',
        `document.activeElement === document.querySelector('input')`,
        'back in the code',
      );
      expect(await driver.evaluate('card:number', `document.querySelector('input').getAttribute('aria-invalid')`)).toBe(
        null,
      );
      mkdirSync('test-results/engines', { recursive: true });
      writeFileSync(`test-results/engines/card-fields-${driver.name}.png`, await driver.screenshot());
      // The page never holds the number: its DOM and its script see none of it.
      expect(await driver.evaluate('page', `document.documentElement.outerHTML.includes('${CARD.challenge}')`)).toBe(
        false,
      );
      await driver.click('page', '#pay');
      await until(driver, 'page', `!document.getElementById('bank-notice').hidden`, 'the bank notice');
      await driver.click('page', '#bank-continue');
      await submitCode(driver, CODE.AUTHENTICATES);
      await until(
        driver,
        'page',
        `document.querySelector('#status h2') && document.querySelector('#status h2').textContent === 'Pagamento aprovado'`,
        'the success screen',
      );
    } finally {
      await checkout.close();
    }
  });
});

describe('without a challenge', () => {
  beforeAll(() => openCheckout(driver, merchant, sandbox));

  it('frictionless card: AUTH_FLOW_COMPLETED, AUTHENTICATED, no dialog', async () => {
    await startRun(driver, { session: await newSession(sandbox), number: CARD.frictionless });
    expect(await settled(driver)).toMatchObject(AUTHENTICATED);
    expect(await leftovers(driver)).toEqual(NOTHING_LEFT);
  });

  it.each([
    ['Visa', CARD.method, '05'],
    ['Mastercard', CARD.methodMastercard, '02'],
  ])(
    '3DS Method card (%s): the hidden method frame posts, the issuer notifies, AUTH_FLOW_COMPLETED without a challenge, the frame gone',
    async (_, number, eci) => {
      await startRun(driver, { session: await newSession(sandbox), number });
      const outcome = await settled(driver);
      expect(outcome).toMatchObject(AUTHENTICATED);
      expect(await leftovers(driver)).toEqual(NOTHING_LEFT);
      expect(await merchantRead(outcome)).toMatchObject({
        method_completion: 'Y',
        trans_status: 'Y',
        eci,
        liability_shift: true,
      });
    },
  );

  it('card not eligible: AUTH_NOT_SUPPORTED', async () => {
    await startRun(driver, { session: await newSession(sandbox), number: CARD.notSupported });
    expect(await settled(driver)).toMatchObject({ ok: true, result: { status: 'AUTH_NOT_SUPPORTED' } });
  });

  it('invalid fields are refused locally: VALIDATION_ERROR naming each field', async () => {
    await startRun(driver, { session: 'sess_never_sent', number: CARD.frictionless, name: 'Maria', amount: 99 });
    const outcome = await settled(driver);
    expect(outcome).toMatchObject({
      ok: false,
      error: { name: 'GatewayError', code: 'VALIDATION_ERROR', detail: { httpStatus: 400 } },
    });
    expect(!outcome.ok && outcome.error.detail.errorMessages.map((e) => e.parameterName)).toEqual([
      'data.customer.name',
      'data.amount.value',
    ]);
  });

  it("encryptCard in the page, read without await (synchronous, as the provider's), then a challenge with the encrypted card only, then the order paid", async () => {
    const shop = sandbox.addMerchant({ pciHomologated: false });
    const key = (await (
      await fetch(`${sandbox.apiUrl}/public-keys`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${shop.token}`, 'Content-Type': 'application/json' },
        body: '{"type":"card"}',
      })
    ).json()) as { public_key: string };
    const sealed = await driver.evaluate<{ encrypted?: string; thenable: boolean }>(
      'page',
      `window.__startEncrypted(${JSON.stringify({ session: await newSession(sandbox, shop.token), publicKey: key.public_key, number: CARD.challenge })})`,
    );
    expect(sealed.thenable).toBe(false);
    expect(sealed.encrypted).toMatch(/^[A-Za-z0-9+/=]{100,}$/);
    await submitCode(driver, CODE.AUTHENTICATES);
    const outcome = await settled(driver);
    expect(outcome).toMatchObject(AUTHENTICATED);
    expect(await leftovers(driver)).toEqual(NOTHING_LEFT);
    // The merchant's server pays with what the page sent it: the encrypted card and the 3DS id.
    const order = await fetch(`${sandbox.apiUrl}/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${shop.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        reference_id: 'pedido-engine',
        customer: { name: 'Maria Silva', email: 'maria@example.com.br', tax_id: '12345678909' },
        items: [{ reference_id: 'sku-1', name: 'Tênis', quantity: 1, unit_amount: 15_000 }],
        charges: [
          {
            reference_id: 'cobranca-engine',
            amount: { value: 15_000, currency: 'BRL' },
            payment_method: {
              type: 'CREDIT_CARD',
              installments: 1,
              capture: true,
              card: { encrypted: sealed.encrypted },
              authentication_method: { type: 'THREEDS', id: (outcome as { result: { id: string } }).result.id },
            },
          },
        ],
      }),
    });
    expect(((await order.json()) as { charges: Array<{ status: string }> }).charges[0]!.status).toBe('PAID');
  });
});

describe('the challenge', () => {
  // A fresh page for each: a scenario that fails half-way must not leave its challenge to the next.
  beforeEach(() => openCheckout(driver, merchant, sandbox));

  it('focus: the code field when the challenge shows (in WebKit the frame, whose first Tab reaches the field), typed keys land there, and back where it was after', async () => {
    await driver.click('page', '#pay');
    expect(await driver.evaluate('page', 'document.activeElement.id')).toBe('pay');
    await startRun(driver, { session: await newSession(sandbox), number: CARD.challenge });
    await issuerReady(driver);
    // The SDK's part, in every engine: the dialog's frame holds the focus.
    await until(
      driver,
      'page',
      `${DIALOG}.querySelector('iframe') === ${DIALOG}.getRootNode().activeElement`,
      'focus on the challenge frame',
    );
    // The code field inside it (document.hasFocus() is left out: a window under Xvfb without a
    // window manager is never the active one). WebKit refuses script focus into a cross-origin
    // frame the shopper has not touched (docs/browsers.md): there the shopper's first Tab reaches it.
    if (driver.name === 'webkit') await driver.press('Tab');
    await until(
      driver,
      'issuer',
      `document.activeElement && document.activeElement.id === 'code'`,
      'focus on the code field',
    );
    // A keyboard shopper types without clicking anywhere.
    await driver.type(CODE.AUTHENTICATES);
    expect(
      await driver.evaluate(
        'issuer',
        `[document.activeElement && document.activeElement.id, document.getElementById('code').value]`,
      ),
    ).toEqual(['code', CODE.AUTHENTICATES]);
    await driver.click('issuer', 'button[type=submit]');
    expect(await settled(driver)).toMatchObject(AUTHENTICATED);
    expect(await leftovers(driver)).toEqual(NOTHING_LEFT);
    expect(await driver.evaluate('page', 'document.activeElement && document.activeElement.id')).toBe('pay');
  });

  it('3DS Method then challenge in one payment: the method completes (Y), the shopper types the code, AUTHENTICATED', async () => {
    await startRun(driver, { session: await newSession(sandbox), number: CARD.methodThenChallenge });
    await issuerReady(driver);
    await submitCode(driver, CODE.AUTHENTICATES);
    const outcome = await settled(driver);
    expect(outcome).toMatchObject(AUTHENTICATED);
    expect(await leftovers(driver)).toEqual(NOTHING_LEFT);
    expect(await merchantRead(outcome)).toMatchObject({ method_completion: 'Y', trans_status: 'Y' });
  });

  it("3DS Method whose issuer never notifies: after the SDK's 10 s it continues with N, then the challenge authenticates", async () => {
    await startRun(driver, { session: await newSession(sandbox), number: CARD.methodSilent });
    // Waits out the real 10 s here: an engine driver cannot move the page's clock as Playwright does.
    await issuerReady(driver);
    await submitCode(driver, CODE.AUTHENTICATES);
    const outcome = await settled(driver);
    expect(outcome).toMatchObject(AUTHENTICATED);
    expect(await leftovers(driver)).toEqual(NOTHING_LEFT);
    expect(await merchantRead(outcome)).toMatchObject({ method_completion: 'N', trans_status: 'Y' });
  });

  it('the failing code: AUTH_FLOW_COMPLETED, NOT_AUTHENTICATED', async () => {
    await startRun(driver, { session: await newSession(sandbox), number: CARD.challengeMastercard });
    await issuerReady(driver);
    // What the shopper sees in this engine, kept for a person to look at (test-results/ is not committed).
    mkdirSync('test-results/engines', { recursive: true });
    writeFileSync(`test-results/engines/challenge-${driver.name}.png`, await driver.screenshot());
    await submitCode(driver, CODE.FAILS);
    expect(await settled(driver)).toMatchObject({
      ok: true,
      result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'NOT_AUTHENTICATED' },
    });
    expect(await leftovers(driver)).toEqual(NOTHING_LEFT);
  });

  it('wrong codes are told and may be retried: two wrong, then the right one authenticates', async () => {
    await startRun(driver, { session: await newSession(sandbox), number: CARD.challengeElo });
    await submitCode(driver, CODE.WRONG);
    await until(
      driver,
      'issuer',
      `(document.querySelector('[role=alert]') || {}).textContent === 'Código incorreto. Restam 2 tentativas.'`,
      'the first wrong-code message',
    );
    await submitCode(driver, CODE.WRONG);
    await until(
      driver,
      'issuer',
      `(document.querySelector('[role=alert]') || {}).textContent === 'Código incorreto. Resta 1 tentativa.'`,
      'the second wrong-code message',
    );
    await submitCode(driver, CODE.AUTHENTICATES);
    expect(await settled(driver)).toMatchObject(AUTHENTICATED);
    expect(await leftovers(driver)).toEqual(NOTHING_LEFT);
  });

  it('the close button cancels: CHALLENGE_CANCELED; focus and scroll come back', async () => {
    await driver.evaluate(
      'page',
      `(scrollTo(0, 600), document.getElementById('pay').focus({ preventScroll: true }), scrollY)`,
    );
    await startRun(driver, { session: await newSession(sandbox), number: CARD.challenge });
    await issuerReady(driver);
    expect(await driver.evaluate('page', 'document.documentElement.style.overflow')).toBe('hidden');
    await driver.click('page', CLOSE);
    expect(await settled(driver)).toMatchObject({ ok: false, error: { code: 'CHALLENGE_CANCELED' } });
    expect(await leftovers(driver)).toEqual(NOTHING_LEFT);
    expect(await driver.evaluate('page', '[document.activeElement && document.activeElement.id, scrollY]')).toEqual([
      'pay',
      600,
    ]);
  });

  it('Escape on the dialog cancels', async () => {
    await startRun(driver, { session: await newSession(sandbox), number: CARD.challenge });
    await issuerReady(driver);
    await driver.evaluate('page', `(${CLOSE_FOCUS})`);
    await driver.press('Escape');
    expect(await settled(driver)).toMatchObject({ ok: false, error: { code: 'CHALLENGE_CANCELED' } });
    expect(await leftovers(driver)).toEqual(NOTHING_LEFT);
  });

  it('Escape in the issuer page cancels', async () => {
    await startRun(driver, { session: await newSession(sandbox), number: CARD.challenge });
    await issuerReady(driver);
    await driver.click('issuer', '#code');
    expect(await driver.evaluate('issuer', 'document.activeElement.id')).toBe('code');
    await driver.press('Escape');
    expect(await settled(driver)).toMatchObject({ ok: false, error: { code: 'CHALLENGE_CANCELED' } });
    expect(await leftovers(driver)).toEqual(NOTHING_LEFT);
  });

  it("the issuer's Cancel button cancels", async () => {
    await startRun(driver, { session: await newSession(sandbox), number: CARD.challenge });
    await issuerReady(driver);
    await driver.click('issuer', '#cancel');
    expect(await settled(driver)).toMatchObject({ ok: false, error: { code: 'CHALLENGE_CANCELED' } });
    expect(await leftovers(driver)).toEqual(NOTHING_LEFT);
  });

  it('the merchant aborts with its signal: ABORTED and the dialog closes', async () => {
    await startRun(driver, { session: await newSession(sandbox), number: CARD.challenge, abortable: true });
    await issuerReady(driver);
    await driver.evaluate('page', 'window.__abort()');
    expect(await settled(driver)).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
    expect(await leftovers(driver)).toEqual(NOTHING_LEFT);
  });

  it('a second authenticate3DS while the challenge is open: ALREADY_IN_PROGRESS, one dialog still', async () => {
    const session = await newSession(sandbox);
    await startRun(driver, { session, number: CARD.challenge });
    await issuerReady(driver);
    const second = await driver.evaluate<{
      second: { ok: boolean; error?: { code: string } };
      firstStillPending: boolean;
    }>('page', `window.__second(${JSON.stringify({ number: CARD.challenge })})`);
    expect(second).toMatchObject({
      second: { ok: false, error: { code: 'ALREADY_IN_PROGRESS' } },
      firstStillPending: true,
    });
    expect((await leftovers(driver)).dialogs).toBe(1);
    await submitCode(driver, CODE.AUTHENTICATES);
    expect(await settled(driver)).toMatchObject(AUTHENTICATED);
    expect(await leftovers(driver)).toEqual(NOTHING_LEFT);
  });
});

describe('a strict CSP (no unsafe-inline, no unsafe-eval)', () => {
  /** The dialog's laid-out size and the frame's, from the engine's own layout. */
  const layout = () =>
    driver.evaluate<{ dialog: number[]; frame: number[] }>(
      'page',
      `(() => { const d = ${DIALOG}; const r = d.getBoundingClientRect(); const f = d.querySelector('iframe').getBoundingClientRect(); return { dialog: [Math.round(r.width), Math.round(r.height)], frame: [Math.round(f.width), Math.round(f.height)] }; })()`,
    );

  for (const constructed of [true, false]) {
    it(`${constructed ? 'with constructed stylesheets' : 'without constructed stylesheets (Safari before 16.4)'}: the dialog is laid out, the challenge completes, zero violations`, async () => {
      const csp = merchantCsp(sandbox);
      await openCheckout(driver, merchant, sandbox, {
        path: constructed ? '/strict-csp' : '/strict-csp-old-safari',
        csp,
        noAdoptedStyleSheets: !constructed,
      });
      expect(
        await driver.evaluate(
          'page',
          `typeof document.createElement('div').attachShadow({ mode: 'open' }).adoptedStyleSheets`,
        ),
      ).toBe(constructed ? 'object' : 'undefined');
      await startRun(driver, { session: await newSession(sandbox), number: CARD.challenge });
      await issuerReady(driver);
      // Desktop: the 500 x 650 dialog; the issuer frame fills it below the header.
      const box = await layout();
      expect(box.dialog).toEqual([500, 650]);
      expect(box.frame[0]).toBe(500);
      expect(box.frame[1]).toBeGreaterThan(550);
      await submitCode(driver, CODE.AUTHENTICATES);
      expect(await settled(driver)).toMatchObject(AUTHENTICATED);
      expect(await leftovers(driver)).toEqual(NOTHING_LEFT);
      // Only the canary's own violation: the listener works, and nothing else was refused.
      expect(await driver.evaluate('page', 'window.__violationsAfterCanary()')).toEqual([
        { directive: 'script-src-elem', blocked: 'inline' },
      ]);
    });
  }
});

const DIALOG = `[...document.querySelectorAll('body > div')].map((d) => d.shadowRoot && d.shadowRoot.querySelector('dialog')).find(Boolean)`;
const CLOSE_FOCUS = `${DIALOG}.querySelector('${CLOSE}').focus()`;
