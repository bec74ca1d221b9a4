// `npm run bench:build`: how long a newcomer waits, measured as one would meet it, in a fresh clone
// (HEAD of this repository, or `--ref <commit>`) with this clone's node_modules linked in:
//
//   build        `npm run build` from an empty dist/
//   fresh start  `npm start` from an empty dist/ and examples/esm/dist/, until the example is ready
//   warm start   `npm start` again with nothing changed, until the example is ready
//
// Each figure is a ratio to one `tsc --noEmit -p tsconfig.json` of the same sources (in a second
// clone, built once: the tests and examples type-check against dist/'s declarations), run in the
// same round before and after the others (their mean is the round's baseline): the machine's speed
// and load move both alike. Rounds repeat (`--rounds`, 3); the medians are printed. No target is
// checked here; docs/performance.md quotes the figures ("The build").
//
//   npm run bench:build -- --rounds 5
//   npm run bench:build -- --ref main       (the same figures for another commit: before and after)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, ref: { type: 'string', default: 'HEAD' } },
});
const rounds = Number(values.rounds);
const ref = execFileSync('git', ['rev-parse', values.ref], { cwd: root, encoding: 'utf8' }).trim();

const base = mkdtempSync(join(tmpdir(), 'gateway-bench-build-'));
process.on('exit', () => rmSync(base, { recursive: true, force: true }));
/** A clone of `ref` in `base/name`, with this clone's node_modules. */
function cloneAt(name) {
  const dir = join(base, name);
  execFileSync('git', ['clone', '--quiet', '--no-checkout', root, dir]);
  execFileSync('git', ['checkout', '--quiet', ref], { cwd: dir });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}
const clone = cloneAt('gateway');
const checked = cloneAt('gateway-checked');

/** A port nothing listens on now (other helpers' sandboxes may hold the default ones). */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Runs a command in a clone to its end; its duration in seconds. Fails the bench when it fails. */
function timed(command, args, cwd = clone) {
  const since = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve((performance.now() - since) / 1000)
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${errors}`)),
    );
  });
}

/** `npm start` in the clone until the example says it is ready; then stops it. Seconds to ready. */
async function start() {
  const env = {
    ...process.env,
    QUIET: '1',
    PORT: String(await freePort()),
    GATEWAY_SANDBOX_PORT: String(await freePort()),
    GATEWAY_SANDBOX_CHALLENGE_PORT: String(await freePort()),
  };
  const since = performance.now();
  // Its own process group: npm, the start script and the server stop together.
  const child = spawn('npm', ['start'], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const seconds = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('example checkout ready')) resolve((performance.now() - since) / 1000);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code} before it was ready\n${output}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  return seconds;
}

const clean = () => {
  for (const dir of ['dist', 'examples/esm/dist']) rmSync(join(clone, dir), { recursive: true, force: true });
};
const tsc = () =>
  timed(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'], checked);
await timed('npx', ['rollup', '-c', '--silent'], checked);

console.log(`bench:build: ${rounds} rounds in a fresh clone of ${ref.slice(0, 12)} (${base})`);
console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const figures = { tsc: [], build: [], fresh: [], warm: [] };
const ratios = { build: [], fresh: [], warm: [] };
const fmt = (s) => `${s.toFixed(1)} s`;
for (let round = 1; round <= rounds; round++) {
  const before = await tsc();
  clean();
  const build = await timed('npm', ['run', 'build', '--silent']);
  clean();
  const fresh = await start();
  const warm = await start();
  const after = await tsc();
  const baseline = (before + after) / 2;
  figures.tsc.push(baseline);
  for (const [name, value] of Object.entries({ build, fresh, warm })) {
    figures[name].push(value);
    ratios[name].push(value / baseline);
  }
  console.log(
    `round ${round}: tsc ${fmt(before)} / ${fmt(after)}, build ${fmt(build)} (${(build / baseline).toFixed(2)}×), fresh start ${fmt(fresh)} (${(fresh / baseline).toFixed(2)}×), warm start ${fmt(warm)} (${(warm / baseline).toFixed(2)}×)`,
  );
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
console.log(`\nmedians over ${rounds} rounds (load average now ${loadavg()[0].toFixed(1)}):`);
console.log(`  tsc --noEmit (the baseline)   ${fmt(median(figures.tsc))}`);
for (const [name, label] of [
  ['build', 'npm run build, empty dist/'],
  ['fresh', 'npm start, empty dist/     '],
  ['warm', 'npm start, nothing changed '],
])
  console.log(`  ${label}   ${fmt(median(figures[name]))}   ${median(ratios[name]).toFixed(2)}× tsc`);
