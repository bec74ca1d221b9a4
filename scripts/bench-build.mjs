// `npm run bench:build`: how long a newcomer waits, measured as one would meet it, in a fresh clone
// (HEAD of this repository, or each `--ref <commit>`, in turn) with this clone's node_modules linked in:
//
//   build        `npm run build` from empty (no dist/, no wireit cache)
//   fresh start  `npm start` from empty, until the example is ready
//   warm start   `npm start` again with nothing changed, until the example is ready
//
// Each figure is a ratio to one `tsc --noEmit -p tsconfig.json` of the same sources (in a second
// clone, built once: the tests and examples type-check against dist/'s declarations), run in the
// same round before and after the others (their mean is the round's baseline): the machine's speed
// and load move both alike. Rounds repeat (`--rounds`, 3); the medians are printed. No target is
// checked here; docs/performance.md quotes the figures ("npm start and the build").
//
//   npm run bench:build -- --rounds 5
//   npm run bench:build -- --ref main --ref HEAD   (before and after, rounds alternating)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, ref: { type: 'string', multiple: true, default: ['HEAD'] } },
});
const rounds = Number(values.rounds);
const refs = values.ref.map((ref) => execFileSync('git', ['rev-parse', ref], { cwd: root, encoding: 'utf8' }).trim());

const base = mkdtempSync(join(tmpdir(), 'gateway-bench-build-'));
process.on('exit', () => rmSync(base, { recursive: true, force: true }));
/** A clone of `ref` in `base/name`, with this clone's node_modules. */
function cloneAt(name, ref) {
  const dir = join(base, name);
  execFileSync('git', ['clone', '--quiet', '--no-checkout', root, dir]);
  execFileSync('git', ['checkout', '--quiet', ref], { cwd: dir });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}
const clones = refs.map((ref, i) => cloneAt(`gateway-${i}`, ref));
// The baseline type-checks the last ref's sources.
const checked = cloneAt('gateway-checked', refs.at(-1));

/** A port nothing listens on now (other helpers' sandboxes may hold the default ones). */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Runs a command in a clone to its end; its duration in seconds. Fails the bench when it fails. */
function timed(command, args, cwd) {
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
async function start(clone) {
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

// From empty: no build, and no wireit state or cache (a fresh clone has neither).
const clean = (clone) => {
  for (const dir of ['dist', 'examples/esm/dist', '.wireit', '.cache'])
    rmSync(join(clone, dir), { recursive: true, force: true });
};
const tsc = () =>
  timed(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'], checked);
await timed('npx', ['rollup', '-c', '--silent'], checked);

const short = (ref) => ref.slice(0, 12);
console.log(`bench:build: ${rounds} rounds of ${refs.map(short).join(', ')}, in turn, each in a fresh clone (${base})`);
console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const fmt = (s) => `${s.toFixed(1)} s`;
const results = refs.map(() => ({
  tsc: [],
  build: [],
  fresh: [],
  warm: [],
  ratios: { build: [], fresh: [], warm: [] },
}));
// The refs take turns within a round, so a change of the machine's load falls on all of them.
for (let round = 1; round <= rounds; round++) {
  for (const [i, clone] of clones.entries()) {
    const before = await tsc();
    clean(clone);
    const build = await timed('npm', ['run', 'build', '--silent'], clone);
    clean(clone);
    const fresh = await start(clone);
    const warm = await start(clone);
    const after = await tsc();
    const baseline = (before + after) / 2;
    const result = results[i];
    result.tsc.push(baseline);
    for (const [name, value] of Object.entries({ build, fresh, warm })) {
      result[name].push(value);
      result.ratios[name].push(value / baseline);
    }
    console.log(
      `round ${round}, ${short(refs[i])}: tsc ${fmt(before)} / ${fmt(after)}, build ${fmt(build)} (${(build / baseline).toFixed(2)}×), fresh start ${fmt(fresh)} (${(fresh / baseline).toFixed(2)}×), warm start ${fmt(warm)} (${(warm / baseline).toFixed(2)}×)`,
    );
  }
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
for (const [i, result] of results.entries()) {
  console.log(`\n${short(refs[i])}: medians over ${rounds} rounds (load average now ${loadavg()[0].toFixed(1)}):`);
  console.log(`  tsc --noEmit (the baseline)   ${fmt(median(result.tsc))}`);
  for (const [name, label] of [
    ['build', 'npm run build, from empty   '],
    ['fresh', 'npm start, from empty       '],
    ['warm', 'npm start, nothing changed  '],
  ])
    console.log(`  ${label}  ${fmt(median(result[name]))}   ${median(result.ratios[name]).toFixed(2)}× tsc`);
}
