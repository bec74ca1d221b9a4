// `npm start`: builds what changed (dist/ without the declarations, which the example does not
// use, then the ESM example), then runs the example checkout with its sandbox. It prints one line
// per step as it starts and how long it took, or that the step was current and skipped
// (scripts/build-if-stale.mjs), and the time to ready.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildForStart } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

try {
  await buildForStart(
    '[1/3] The SDK and the sandbox, dist/ (rollup, no declarations)',
    '[2/3] The ESM example, examples/esm/dist/',
  );
} catch (error) {
  console.error(error);
  process.exit(1);
}
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
