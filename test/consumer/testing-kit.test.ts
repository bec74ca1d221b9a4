// The testing entry as docs/testing.md tells integrators to use it: its sample test, exactly as the
// page shows it (test/repository/testing-docs.test.ts keeps page and file equal), run by Playwright in
// the project that installed the tarball and the sandbox, with @playwright/test from npm.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject, beforeAll, expect, it } from 'vitest';
import { appWithSandbox, node, run } from './support';

/** The version this repository tests with; the entry needs 1.43 or later. */
const PLAYWRIGHT = '@playwright/test@1.65.1';

beforeAll(() => {
  const cwd = appWithSandbox();
  const install = run('npm', ['install', '--save-dev', '--no-audit', '--no-fund', PLAYWRIGHT], cwd);
  if (install.status !== 0) throw new Error(`npm install ${PLAYWRIGHT} failed: ${install.stderr}`);
  copyFileSync(join(inject('repo'), 'test/e2e/testing-docs.spec.ts'), join(cwd, 'checkout.spec.ts'));
  copyFileSync(join(inject('repo'), 'test/e2e/testing-docs-pix.spec.ts'), join(cwd, 'pix.spec.ts'));
  copyFileSync(join(inject('repo'), 'test/e2e/testing-docs-card-fields.spec.ts'), join(cwd, 'card-fields.spec.ts'));
  copyFileSync(join(inject('repo'), 'test/e2e/testing-docs-provider-sdk.spec.ts'), join(cwd, 'provider-sdk.spec.ts'));
  copyFileSync(join(inject('repo'), 'test/e2e/testing-docs-checkout.spec.ts'), join(cwd, 'pay-checkout.spec.ts'));
  // The Playwright config docs/testing.md gives a user without Playwright's browser download, as
  // the page shows it: Debian's Chromium, as in this repository.
  const page = readFileSync(join(inject('repo'), 'docs/testing.md'), 'utf8');
  const config = /<!-- consumer-test:playwright-config -->\s*```js\n([\s\S]*?)```/.exec(page)?.[1];
  if (!config) throw new Error('docs/testing.md has no block marked <!-- consumer-test:playwright-config -->');
  writeFileSync(join(cwd, 'playwright.config.mjs'), config);
});

it("docs/testing.md's sample tests pass from the packed tarball: challenge passed, frictionless, canceled; Pix paid, expired; hosted card fields filled and refused; a page written for the provider paid with both 3DS cards; a hosted checkout paid by card and by Pix", () => {
  const r = run(
    'npx',
    [
      'playwright',
      'test',
      'checkout.spec.ts',
      'pix.spec.ts',
      'card-fields.spec.ts',
      'provider-sdk.spec.ts',
      'pay-checkout.spec.ts',
      '--workers=1',
      '--reporter=line',
    ],
    appWithSandbox(),
  );
  expect(r.stdout + r.stderr).toMatch(/11 passed/);
  expect(r.status).toBe(0);
});

it('exports the sandbox test cards by name, to import and to require', () => {
  const print = 'console.log(TEST_CARDS.challenge.number, TEST_CARDS.frictionlessElo.brand, TEST_CARDS.denied.flow)';
  for (const [code, ext] of [
    [`import { TEST_CARDS } from '@gateway/sdk/testing';\n${print};`, 'mjs'],
    [`const { TEST_CARDS } = require('@gateway/sdk/testing');\n${print};`, 'cjs'],
  ] as const) {
    const r = node(appWithSandbox(), code, ext);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('4000000000002503 elo DENIED');
  }
});
