// `npm run sandbox`: starts the built sandbox, rebuilding first only when a source is newer
// than the build (a full rollup run takes most of a minute on a small machine; a current
// dist starts in about a second).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the sandbox loads or serves: all of it must be at least as new as every input. */
const outputs = ['dist/sandbox/cli.js', 'dist/sandbox/index.js', 'dist/gateway.js', 'dist/gateway-challenge.js', 'dist/index.js', 'dist/sandbox/challenge-host.js', 'dist/sandbox/challenge-acs.js'];
const inputs = ['src', 'rollup.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
};

const built = outputs.every(existsSync) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
if (Math.max(...inputs.map(newest)) > built) {
  console.error('sandbox: sources changed since the last build, building (npx rollup -c)…');
  const { status } = spawnSync('npx', ['rollup', '-c', '--silent'], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
await import('../dist/sandbox/cli.js');
