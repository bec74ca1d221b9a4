// `npm start`: builds what changed (dist/ without the declarations, which the example does not
// use, and the ESM example) and runs the example checkout with its sandbox, started as soon as
// dist/ is built. It prints one line per step as it starts and how long it took, or that the step
// was current and skipped (scripts/build-if-stale.mjs), and the time to ready.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildForStart } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const { packageBuilt, exampleBuilt } = buildForStart(
  '[1/3] The SDK and the sandbox, dist/ (rollup, no declarations)',
  '[2/3] The ESM example, examples/esm/dist/',
);
// Awaited below, once the server runs; a failure ends npm start there.
exampleBuilt.catch(() => {});
const fail = (error) => {
  console.error(error);
  process.exit(1);
};
await packageBuilt.catch(fail);

// The server needs dist/ only; it starts while the example may still be building, and its banner
// (passed through, with the time to ready) waits until the example is built.
console.log('[3/3] Starting the sandbox and the example checkout');
const server = spawn(process.execPath, ['examples/checkout/server.mjs'], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
});
let held = '';
let built = false;
let ready = false;
const show = (text) => {
  process.stdout.write(text);
  if (!ready && text.includes('example checkout ready')) {
    ready = true;
    console.log(`\nReady in ${seconds(started)} (npm start, from the first build step).`);
  }
};
server.stdout.on('data', (chunk) => {
  if (built) show(chunk.toString());
  else held += chunk;
});
// Ctrl+C reaches the whole foreground process group, the server included: wait for it to close.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));
await exampleBuilt.catch((error) => {
  server.kill('SIGTERM');
  fail(error);
});
built = true;
show(held);
