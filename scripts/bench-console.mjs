// The console with a full request log: `npm run bench:console`. Records 10,000 API requests (2,000
// orders, each read four times), then times the console's pages and endpoints against a plain API
// read of the same sandbox in the same run (GET /orders/{id}): a ratio, which the machine's load
// moves less than milliseconds. Figures, never a pass/fail test: see docs/performance.md.
import { Agent, request } from 'node:http';
import { cardCharge, order } from '../test/support/request-bodies.mjs';
import { startSandbox } from '../dist/sandbox/index.js';

const ORDERS = 2_000;
const READS_PER_ORDER = 4;
const SAMPLES = 40;
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

const sandbox = await startSandbox();
const auth = { authorization: `Bearer ${sandbox.token}` };

/** One request on the keep-alive agent; resolves with the status once the body is read. */
function call(method, path, headers = {}, body) {
  return new Promise((resolve, reject) => {
    const req = request(`${sandbox.apiUrl}${path}`, { method, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs `work` for 0..n-1, `width` at a time. */
async function pool(n, width, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

const ids = [];
// No notification URL: 2,000 deliveries retrying against nothing would load the machine, not the console.
const { notification_urls: _, ...plain } = order([cardCharge()]);
const body = JSON.stringify(plain);
const recordStart = performance.now();
await pool(ORDERS, 8, async () => {
  const res = await fetch(`${sandbox.apiUrl}/orders`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body,
  });
  ids.push((await res.json()).id);
});
await pool(ORDERS * READS_PER_ORDER, 8, (i) => call('GET', `/orders/${ids[i % ORDERS]}`, auth));
const recordMs = performance.now() - recordStart;
const logged = await (await fetch(`${sandbox.apiUrl}/sandbox/requests?limit=1`, { headers: auth })).json();

/** The median time of `SAMPLES` sequential calls, in ms. */
async function median(method, path, headers) {
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    const status = await call(method, path, headers);
    if (status !== 200) throw new Error(`${path}: ${status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(SAMPLES / 2)];
}

const cookie = await new Promise((resolve) =>
  request(`${sandbox.apiUrl}/console/orders`, { agent }, (res) => {
    res.resume();
    res.on('end', () => resolve(String(res.headers['set-cookie']).split(';')[0]));
  }).end(),
);
const some = ids[Math.floor(ORDERS / 2)];
const baseline = await median('GET', `/orders/${some}`, auth);
const cases = [
  ['GET /console/orders (first page of 2,000)', '/console/orders', { cookie }],
  ['GET /console/orders?reference_id=… (a filter)', '/console/orders?reference_id=nothing-matches', { cookie }],
  ['GET /console/requests (first page of the log)', '/console/requests', { cookie }],
  ['GET /console/resources/{id} (an order: 5 requests)', `/console/resources/${some}`, { cookie }],
  ['GET /sandbox/requests?resource={id}', `/sandbox/requests?resource=${some}`, auth],
  ['GET /sandbox/requests?trace_id=…', '/sandbox/requests?trace_id=no-such-trace-id', auth],
  ['GET /sandbox/resources?kind=charge&status=PAID', '/sandbox/resources?kind=charge&status=PAID', auth],
];
console.log(
  `recorded ${ORDERS * (1 + READS_PER_ORDER)} requests in ${(recordMs / 1000).toFixed(1)} s; the log holds ${
    logged.requests[0]?.id ?? 0
  } (its newest id); baseline GET /orders/{id}: ${baseline.toFixed(2)} ms (median of ${SAMPLES})`,
);
for (const [name, path, headers] of cases) {
  const ms = await median('GET', path, headers);
  console.log(
    `${name.padEnd(52)} ${ms.toFixed(2).padStart(7)} ms  ${(ms / baseline).toFixed(1).padStart(5)}x baseline`,
  );
}
agent.destroy();
await sandbox.close();
