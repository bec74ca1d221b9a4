// `npm start`: builds the package and the ESM example, then runs the example checkout with its
// sandbox. The first build takes a minute or more and used to print nothing; this prints one
// line per step as it starts, how long each took, and the time to ready.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const rollup = fileURLToPath(new URL('../node_modules/rollup/dist/bin/rollup', import.meta.url));
const started = performance.now();
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Runs one build step; exits with its status when it fails. */
function step(label, args) {
  const since = performance.now();
  console.log(label);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [rollup, ...args], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => {
      if (code !== 0) {
        console.error(`      failed after ${seconds(since)}`);
        process.exit(code ?? 1);
      }
      console.log(`      done in ${seconds(since)}`);
      resolve();
    });
  });
}

await step('[1/3] Building the SDK and the sandbox into dist/ (rollup: the longest step)', ['-c', '--silent']);
await step('[2/3] Building the ESM example into examples/esm/dist/', [
  '-c',
  'examples/esm/rollup.config.mjs',
  '--silent',
]);
console.log('[3/3] Starting the sandbox and the example checkout');

// The checkout server prints its own banner; we pass it through and add the time to ready.
const server = spawn(process.execPath, ['examples/checkout/server.mjs'], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
});
let ready = false;
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!ready && chunk.toString().includes('example checkout ready')) {
    ready = true;
    console.log(`\nReady in ${seconds(started)} (npm start, from the first build step).`);
  }
});
// Ctrl+C reaches the whole foreground process group, the server included: wait for it to close.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));
