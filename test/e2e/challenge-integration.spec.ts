import AxeBuilder from '@axe-core/playwright';
import { fileURLToPath } from 'node:url';
import { keepScreenshot } from './doc-screenshot';
import { expect, test } from './fixtures';
import {
  CHALLENGE_CARD,
  CODE,
  challengeDialog,
  expectNoChallengeLeft,
  merchantCsp,
  newSession,
  openCheckout,
  settled,
  startRun,
  submitCode,
  waitForChallenge,
} from './challenge-support';

interface Violation {
  frame: string;
  directive: string;
  blocked: string;
}

test('a strict-CSP page (only the SDK/API and challenge origins, no unsafe-inline or unsafe-eval) completes a challenge with zero violations', async ({
  page,
  merchant,
  sandbox,
}) => {
  const violations: Violation[] = [];
  // In every frame (merchant page, challenge host, issuer page), before any script of theirs.
  await page.exposeBinding('__violation', ({ frame }, v: Omit<Violation, 'frame'>) =>
    violations.push({ frame: frame.url(), ...v }),
  );
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __violation(v: object): void }).__violation({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
      }),
    );
  });
  const csp = merchantCsp(sandbox);
  expect(csp).not.toMatch(/unsafe/);
  await openCheckout(page, merchant, sandbox, { path: '/strict-csp', headers: { 'Content-Security-Policy': csp } });
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa });
  await waitForChallenge(page);
  await submitCode(page, CODE.AUTHENTICATES);
  expect(await settled(page)).toMatchObject({
    ok: true,
    result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
  });
  await expectNoChallengeLeft(page);

  // The canary: one inline script, which this CSP refuses. Violations arrive in order, so once it
  // is seen every earlier one has been seen too; and the listener is shown to work.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'void 0';
    document.head.append(s);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations).toEqual([
    { frame: expect.stringContaining('/strict-csp'), directive: 'script-src-elem', blocked: 'inline' },
  ]);
});

test('a page with RequireJS (define.amd) completes a challenge through the script tag', async ({
  page,
  merchant,
  sandbox,
}) => {
  merchant.file('/fake-amd.js', fileURLToPath(new URL('./pages/fake-amd.js', import.meta.url)), 'text/javascript');
  await openCheckout(page, merchant, sandbox, { path: '/requirejs', head: '<script src="/fake-amd.js"></script>' });
  expect(await page.evaluate(() => typeof (window as unknown as { define: { amd?: object } }).define.amd)).toBe(
    'object',
  );
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.elo, type: 'DEBIT_CARD' });
  await submitCode(page, CODE.AUTHENTICATES);
  expect(await settled(page)).toMatchObject({
    ok: true,
    result: { status: 'AUTH_FLOW_COMPLETED', authenticationStatus: 'AUTHENTICATED' },
  });
  // The SDK registered no AMD module: it set window.Gateway only.
  expect(
    await page.evaluate(() => (window as unknown as { __amdDefinitions: unknown[] }).__amdDefinitions.length),
  ).toBe(0);
});

test('the open dialog: role dialog with a name, a labelled close button, and no serious or critical axe violation (issuer page included)', async ({
  page,
  merchant,
  sandbox,
}) => {
  await openCheckout(page, merchant, sandbox);
  await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.mastercard });
  await waitForChallenge(page);
  await expect(page.getByRole('dialog', { name: 'Confirme a compra com o seu banco' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fechar e cancelar a verificação' })).toBeVisible();
  await expect(page.frameLocator('dialog iframe').locator('#acs')).toHaveAttribute(
    'title',
    'Página de verificação do banco emissor',
  );
  expect(await page.locator('dialog iframe').getAttribute('allow')).toBe('payment; publickey-credentials-get');

  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // The scan reached into the dialog and both frames.
  expect(results.passes.some((p) => p.nodes.some((n) => JSON.stringify(n.target).includes('#code')))).toBe(true);
});

for (const [name, viewport, width] of [
  ['320px phone', { width: 320, height: 640 }, 320],
  ['desktop', { width: 1280, height: 800 }, 500],
] as const) {
  test(`the open dialog at ${name} width: ${width === 320 ? 'full screen' : 'a 500 px window'}, screenshot kept`, async ({
    page,
    merchant,
    sandbox,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await openCheckout(page, merchant, sandbox);
    await startRun(page, await newSession(sandbox), { card: CHALLENGE_CARD.visa });
    await waitForChallenge(page);
    const box = await challengeDialog(page).boundingBox();
    expect(box?.width).toBe(width);
    if (width === 320) expect(box?.height).toBe(viewport.height);
    // Nothing of the issuer page overflows sideways at this width.
    const acs = page.frames().find((f) => f.url().includes('/challenge/acs'))!;
    expect(await acs.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
      true,
    );

    await keepScreenshot(page, testInfo, `challenge-dialog-${viewport.width}`);
  });
}
