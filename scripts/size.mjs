// Size check of the script-tag build: prints minified and gzip sizes, fails above the budget.
import { readFileSync } from 'node:fs';
import { gzipSync, brotliCompressSync } from 'node:zlib';

// The limit of the script every checkout page loads, with every rule and message kept and the
// synchronous card encryption in: issue 46's budget (docs/performance.md, "Script sizes").
const LIMIT = 13 * 1024;
const code = readFileSync('dist/gateway.js');
const gz = gzipSync(code, { level: 9 }).length;
const br = brotliCompressSync(code).length;
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
console.log(
  `dist/gateway.js: ${kb(code.length)} minified, ${kb(gz)} gzip, ${kb(br)} brotli (limit ${kb(LIMIT)} gzip, ${kb(LIMIT - gz)} to spare)`,
);
const challenge = gzipSync(readFileSync('dist/gateway-challenge.js'), { level: 9 }).length;
console.log(
  `dist/gateway-challenge.js: ${kb(challenge)} gzip, loaded only when an issuer asks for a challenge (first load + challenge: ${kb(gz + challenge)})`,
);
const fields = gzipSync(readFileSync('dist/gateway-fields.js'), { level: 9 }).length;
console.log(`dist/gateway-fields.js: ${kb(fields)} gzip, loaded only on the first createCardFields call`);
// The hosted card field's own script (issue 41: at most 12 KB gzip), inline in each field's frame.
const FRAME_LIMIT = 12 * 1024;
const frame = gzipSync(readFileSync('dist/sandbox/challenge-card-field.js'), { level: 9 }).length;
console.log(
  `dist/sandbox/challenge-card-field.js: ${kb(frame)} gzip, the script of each card field's frame (limit ${kb(FRAME_LIMIT)} gzip)`,
);
if (frame > FRAME_LIMIT) {
  console.error(
    `size: the card field's frame script is over the ${kb(FRAME_LIMIT)} gzip limit by ${kb(frame - FRAME_LIMIT)}`,
  );
  process.exit(1);
}
if (gz > LIMIT) {
  console.error(`size: over the ${kb(LIMIT)} gzip limit by ${kb(gz - LIMIT)}`);
  process.exit(1);
}
