// Builds (npx rollup -c) only when a source is newer than the build: a full build takes most of a
// minute on a small machine, a current dist needs nothing. Used by `npm run sandbox` and by
// `prepack`, so `npm pack` of a fresh clone ships a built dist.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** What the package ships or the sandbox serves: every one must be newer than every input. */
const outputs = [
  'dist/sandbox/cli.js',
  'dist/sandbox/index.js',
  'dist/sandbox/index.cjs',
  'dist/sandbox/index.d.ts',
  'dist/gateway.js',
  'dist/gateway-challenge.js',
  'dist/gateway-encrypt.js',
  'dist/index.js',
  'dist/index.cjs',
  'dist/index.d.ts',
  'dist/sandbox/challenge-host.js',
  'dist/sandbox/challenge-acs.js',
  'dist/THIRD-PARTY-NOTICES.md',
];
const inputs = [
  'src',
  'rollup.config.mjs',
  'scripts/third-party-notices.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];

const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
};

/** Builds when needed; returns false when the build failed. */
export function buildIfStale() {
  const out = outputs.map((f) => join(root, f));
  const built = out.every(existsSync) ? Math.min(...out.map((f) => statSync(f).mtimeMs)) : 0;
  if (Math.max(...inputs.map((f) => newest(join(root, f)))) <= built) return true;
  console.error('gateway: sources changed since the last build, building (npx rollup -c)…');
  return spawnSync('npx', ['rollup', '-c', '--silent'], { stdio: 'inherit', cwd: root }).status === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && !buildIfStale()) process.exit(1);
