// The consumer suite's projects (test/consumer): packs the repository and installs the tarball into
// empty projects with exactly the lines of README.md's "## Install" section:
//   project/          the SDK install block only (no native module), plus the bundlers and
//                     TypeScript the tests build with (never the repository's node_modules)
//   project-sandbox/  a copy of project/ plus the sandbox install block (better-sqlite3)
// A script of its own so that `npm test` (scripts/test-all.mjs) can run it in the background while
// the other suites run: it is mostly npm and the compile of better-sqlite3, a minute or two that
// would otherwise be waited for alone. The consumer suite's global set-up runs it too when no
// prepared root is handed to it.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = resolve(import.meta.dirname, '..');

/** The file a finished preparation leaves in its root: a root without it is not to be used. */
export const READY_FILE = 'ready';

/** Versions that run on Node 20, pinned. */
const TOOLS = ['rollup@4.67.4', '@rollup/plugin-node-resolve@16.0.3', 'esbuild@0.25.9', 'typescript@6.0.3'];

/** The shell lines of the README code block marked `<!-- consumer-test:NAME -->`. */
function readmeBlock(name) {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const match = new RegExp(`<!-- consumer-test:${name} -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!match) throw new Error(`README.md has no block marked <!-- consumer-test:${name} -->`);
  return match[1]
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
const sh = (line, cwd) =>
  execFileSync('bash', ['-eo', 'pipefail', '-c', line], { cwd, env: npmEnv, stdio: ['ignore', 'inherit', 'inherit'] });

/** Fills `root` (an empty folder) with the two projects, then writes its ready file. */
export function prepareConsumer(root) {
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
  writeFileSync(join(root, READY_FILE), '');
}

// `node scripts/prepare-consumer.mjs <empty folder>`
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = process.argv[2];
  if (!root) throw new Error('usage: node scripts/prepare-consumer.mjs <empty folder>');
  prepareConsumer(root);
}
