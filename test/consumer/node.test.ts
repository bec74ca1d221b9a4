// The installed package in Node: server-side rendering imports, the sandbox CLI and startSandbox,
// with and without the README's sandbox install line.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { app, appWithSandbox, newSession, node, run, startCli } from './support';

const INSTALL_HINT = 'npm install --save-dev better-sqlite3@12';

describe('@gateway/sdk in Node (server-side rendering)', () => {
  it('ESM import does not throw and gives the SDK', () => {
    const r = node(
      app(),
      "import * as sdk from '@gateway/sdk'; console.log(typeof sdk.setUp, typeof sdk.authenticate3DS, typeof sdk.GatewayError);",
    );
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('function function function');
  });

  it('CJS require does not throw and gives the SDK', () => {
    const r = node(
      app(),
      "const sdk = require('@gateway/sdk'); console.log(typeof sdk.setUp, typeof sdk.authenticate3DS, typeof sdk.GatewayError);",
      'cjs',
    );
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('function function function');
  });
});

describe('the sandbox without its native module (SDK install only)', () => {
  it('better-sqlite3 is not installed: the browser SDK needs no native module', () => {
    expect(existsSync(join(app(), 'node_modules/better-sqlite3'))).toBe(false);
  });

  it('npx gateway-sandbox --help prints its help', () => {
    const r = run('npx', ['gateway-sandbox', '--help'], app());
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: gateway-sandbox \[options\]/);
  });

  it.each([
    [
      'ESM startSandbox()',
      ['--input-type=module', '-e', "import { startSandbox } from '@gateway/sdk/sandbox'; await startSandbox();"],
    ],
    ['CJS startSandbox()', ['--input-type=commonjs', '-e', "require('@gateway/sdk/sandbox').startSandbox();"]],
  ])('%s fails with one clear line saying what to install, no stack trace', (_, args) => {
    const r = run(process.execPath, args, app());
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain(INSTALL_HINT);
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });

  it.each([
    [
      'ESM',
      "import { startSandbox, SandboxDependencyError } from '@gateway/sdk/sandbox'; const e = await startSandbox().catch((x) => x); console.log(e instanceof SandboxDependencyError, e.code);",
      'mjs',
    ],
    [
      'CJS',
      "const { startSandbox, SandboxDependencyError } = require('@gateway/sdk/sandbox'); startSandbox().catch((e) => console.log(e instanceof SandboxDependencyError, e.code));",
      'cjs',
    ],
  ] as const)(
    '%s: the rejection is the exported SandboxDependencyError, to tell apart with instanceof',
    (_, code, kind) => {
      const r = node(app(), code, kind);
      expect(r.stderr).toBe('');
      expect(r.stdout.trim()).toBe('true GATEWAY_SANDBOX_NEEDS_SQLITE');
    },
  );

  it('npx gateway-sandbox fails with one line saying what to install', () => {
    const r = run('npx', ['gateway-sandbox', '--port', '0', '--challenge-port', '0'], app());
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringContaining(INSTALL_HINT)]);
  });
});

describe('the sandbox with the README install line', () => {
  const answers = `
    const sandbox = await startSandbox();
    const res = await fetch(sandbox.apiUrl + '/checkout-sdk/sessions', { method: 'POST', headers: { Authorization: 'Bearer ' + sandbox.token } });
    console.log(res.status, typeof (await res.json()).session);
    await sandbox.close();`;

  it('ESM startSandbox() starts and answers', () => {
    const r = node(appWithSandbox(), `import { startSandbox } from '@gateway/sdk/sandbox';${answers}`);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('200 string');
  });

  it('CJS startSandbox() starts and answers', () => {
    const r = node(
      appWithSandbox(),
      `const { startSandbox } = require('@gateway/sdk/sandbox'); (async () => {${answers}})();`,
      'cjs',
    );
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('200 string');
  });

  it('npx gateway-sandbox starts and answers', async () => {
    const sandbox = await startCli(appWithSandbox());
    try {
      expect(await newSession(sandbox)).toMatch(/\S{8,}/);
    } finally {
      await sandbox.stop();
    }
  });
});
