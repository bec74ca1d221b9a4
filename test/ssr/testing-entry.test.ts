import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// @playwright/test is an optional peer dependency of the package: the SDK never loads it, and the
// testing entry says in one line what to install when it is missing.
const dist = join(process.cwd(), 'dist');
let project: string;

beforeAll(() => {
  if (!existsSync(join(dist, 'testing', 'index.js')))
    throw new Error('dist/testing is missing: build first (npx rollup -c --silent)');
  // The built package alone in an empty project: no node_modules beside it, so no @playwright/test.
  project = mkdtempSync(join(tmpdir(), 'gateway-testing-'));
  const pkg = join(project, 'node_modules', '@gateway', 'sdk');
  cpSync(join(process.cwd(), 'package.json'), join(pkg, 'package.json'));
  cpSync(dist, join(pkg, 'dist'), { recursive: true });
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: project, encoding: 'utf8' });
const LINE = '@gateway/sdk/testing needs @playwright/test: install it with `npm install --save-dev @playwright/test`.';

describe('@gateway/sdk/testing without @playwright/test', () => {
  it.each([
    ['import', ['--input-type=module', '-e', "await import('@gateway/sdk/testing')"]],
    ['require', ['-e', "require('@gateway/sdk/testing')"]],
  ])('%s fails with one line saying what to install', (_, args) => {
    const run = node(args);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(LINE);
    expect(run.stderr).not.toContain('Cannot find module');
    expect(run.stderr.split('\n').filter((l) => l.includes('@playwright/test'))).toHaveLength(1);
  });

  it('the SDK itself imports and requires fine without it', () => {
    for (const args of [
      ['--input-type=module', '-e', "const m = await import('@gateway/sdk'); console.log(typeof m.authenticate3DS)"],
      ['-e', "console.log(typeof require('@gateway/sdk').authenticate3DS)"],
    ]) {
      const run = node(args);
      expect(run.stderr).toBe('');
      expect(run.stdout.trim()).toBe('function');
    }
  });

  it('no SDK file names playwright: only dist/testing does', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
    const naming = files(dist).filter(
      (f) => /\.(c?js|d\.c?ts)$/.test(f) && readFileSync(f, 'utf8').includes('playwright'),
    );
    expect(naming.map((f) => f.slice(dist.length + 1)).sort()).toEqual([
      'testing/index.cjs',
      'testing/index.d.cts',
      'testing/index.d.ts',
      'testing/index.js',
    ]);
  });
});
