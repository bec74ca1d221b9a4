// The declarations the .d.ts bundles are made from, written by `tsc --noCheck` in a process of its
// own: it runs on one core while rollup bundles and minifies on the other.
//
// No type-check here: `npm run typecheck` checks the whole project (src, tests, scripts, examples)
// and is part of `npm test`. The build's own checks, one per bundle, only ever gave warnings, which
// `rollup --silent` hid; they were most of its time (docs/performance.md, "The build and npm start").
// tsc computes the declared types it needs to write: the same files as a checked run's.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/**
 * Starts `tsc -p tsconfig --emitDeclarationOnly` into a temporary folder (removed when the process
 * exits) and returns that folder and the plugin that makes a build wait for it.
 * @param {string} tsconfig
 */
export function typeDeclarations(tsconfig) {
  const outDir = mkdtempSync(join(tmpdir(), 'gateway-declarations-'));
  process.on('exit', () => rmSync(outDir, { recursive: true, force: true }));
  const args = [
    '-p',
    tsconfig,
    '--noCheck',
    '--declaration',
    '--emitDeclarationOnly',
    '--sourceMap',
    'false',
    '--outDir',
    outDir,
  ];
  /** @type {Promise<{ status: number | null, output: string }>} */
  const finished = new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsc, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (status) => resolve({ status, output }));
  });
  return {
    /** Where `src/<path>.ts`'s declarations are: `<outDir>/<path>.d.ts`. */
    outDir,
    /** @returns {import('rollup').Plugin} */
    plugin: () => ({
      name: 'type-declarations',
      async buildStart() {
        const { status, output } = await finished;
        if (status !== 0) this.error(`tsc ${args.join(' ')} failed:\n${output}`);
      },
    }),
  };
}
