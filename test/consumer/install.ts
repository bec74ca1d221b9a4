// Packs the repository and installs the tarball into temporary empty projects with exactly the
// lines of README.md's "## Install" section, once for the whole consumer suite:
//   project/          the SDK install block only (no native module), plus the bundlers and
//                     TypeScript the tests build with (never the repository's node_modules)
//   project-sandbox/  a copy of project/ plus the sandbox install block (better-sqlite3)
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

const repo = resolve(import.meta.dirname, '../..');

/** The shell lines of the README code block marked `<!-- consumer-test:NAME -->`. */
export function readmeBlock(name: string): string[] {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const match = new RegExp(`<!-- consumer-test:${name} -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!match) throw new Error(`README.md has no block marked <!-- consumer-test:${name} -->`);
  return match[1]!
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

// Quiet, cache-first npm: same lines, less noise and less network.
const npmEnv = {
  ...process.env,
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_prefer_offline: 'true',
  npm_config_update_notifier: 'false',
};
const sh = (line: string, cwd: string) =>
  execFileSync('bash', ['-eo', 'pipefail', '-c', line], { cwd, env: npmEnv, stdio: ['ignore', 'inherit', 'inherit'] });

/** Versions that run on Node 20, pinned. */
export const TOOLS = ['rollup@4.67.4', '@rollup/plugin-node-resolve@16.0.3', 'esbuild@0.25.9', 'typescript@6.0.3'];

declare module 'vitest' {
  export interface ProvidedContext {
    consumerRoot: string;
    repo: string;
  }
}

export default function setup(project: TestProject): () => void {
  const root = mkdtempSync(join(tmpdir(), 'gateway-consumer-'));
  // The README's lines expect the clone at ../gateway.
  symlinkSync(repo, join(root, 'gateway'));
  const app = join(root, 'project');
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }, null, 2),
  );
  for (const line of readmeBlock('install')) sh(line, app);
  sh(`npm install --save-dev ${TOOLS.join(' ')}`, app);
  const withSandbox = join(root, 'project-sandbox');
  cpSync(app, withSandbox, { recursive: true, verbatimSymlinks: true });
  for (const line of readmeBlock('install-sandbox')) sh(line, withSandbox);
  project.provide('consumerRoot', root);
  project.provide('repo', repo);
  return () => rmSync(root, { recursive: true, force: true });
}
