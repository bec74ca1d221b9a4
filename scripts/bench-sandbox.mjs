// Load test of the sandbox's hot endpoints on loopback, each against baselines: `npm run bench:sandbox`.
//
// Absolute requests/s move with the machine and with whatever else runs on it; a ratio measured in
// one run does not. So the sandbox and its baselines run side by side, each in its own process:
//   floor       a bare Hono app on @hono/node-server (the framework the sandbox is built on) that only
//               parses the same JSON body and answers a JSON 201 of the same size (the sandbox's own
//               answer, serialised again for every request);
//   no-journal  this sandbox started with `journal: false`: what recording for the console costs;
//   prism       a Prism mock (@stoplight/prism-cli, logging off) of docs/openapi.json: the stand-in
//               integrators compare a local sandbox with;
//   before      (--against <dir>) the sandbox built in another checkout.
// This process is the one load generator for all: keep-alive connections, the same bodies and
// headers, rounds interleaved with the order of the sides rotating each round, so a burst of load
// from elsewhere hits every side alike. It prints requests/s, p50 and p99 of each side and the
// ratio sandbox / side, per scenario: the 3DS endpoint, POST /orders with a card charge, POST
// /orders with a boleto charge. Needs a build (dist/sandbox); the npm script builds first. Figures,
// never a pass/fail test: see docs/performance.md.
import { fork, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import { authData, boletoCharge, cardCharge, order, validDevice } from '../test/support/request-bodies.mjs';

const HELP = `Usage: npm run bench:sandbox -- [options]
  --scenario <name>   3ds, order-card, order-boleto or all (default all)
  --connections <n>   concurrent keep-alive connections (default 32)
  --rounds <n>        measured rounds per side, interleaved (default 4)
  --round <s>         seconds per round, after a 1 s warm-up per side (default 2)
  --card <number>     card the 3DS scenario authenticates (default 4000000000002370, frictionless)
  --data-file         the sandbox keeps its data in a SQLite file (WAL, in a temporary directory)
                      instead of in memory, as \`gateway-sandbox --data\` does (default: in memory,
                      as startSandbox() and gateway-sandbox start without one)
  --baselines <list>  the sides the sandbox is measured against, comma-separated, in one run:
                      floor, no-journal, prism (default floor,no-journal,prism)
  --against <dir>     adds the sandbox built in another checkout (<dir>/dist, e.g. a git worktree of
                      an older commit after its build) as the side "before": before and after side by
                      side, same load, rounds interleaved; the ratio is then this build / that one
`;

const { values: opts } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'all' },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '4' },
    round: { type: 'string', default: '2' },
    card: { type: 'string', default: '4000000000002370' },
    'data-file': { type: 'boolean', default: false },
    against: { type: 'string' },
    baselines: { type: 'string', default: 'floor,no-journal,prism' },
    'no-journal': { type: 'boolean', default: false },
    serve: { type: 'string' },
    token: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

/**
 * Targets, each a least ratio to a side and a most p99: the floor's from issue #19 and profiling,
 * the journal's and Prism's from issue #47 (recording costs under 10 %, at least 2x Prism).
 */
const TARGETS = {
  '3ds': { floor: 0.5, 'no-journal': 0.9, prism: 2, p99: 15 },
  'order-card': { floor: 0.2, 'no-journal': 0.9, prism: 2, p99: 30 },
  'order-boleto': { floor: 0.2, 'no-journal': 0.9, prism: 2, p99: 30 },
};

const bounded = (name, value, min, max) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`bench: --${name} must be an integer from ${min} to ${max}\n\n${HELP}`);
    process.exit(2);
  }
  return n;
};

/** The floor: hono on @hono/node-server, reading and parsing the body, answering the sandbox's answer re-serialised. */
async function serveFloor() {
  const { Hono } = await import('hono');
  const { serve } = await import('@hono/node-server');
  const answers = new Map();
  process.on('message', (m) => m.path && answers.set(m.path, m.answer));
  answerCpuQueries();
  const app = new Hono();
  app.post('*', async (c) => {
    const body = await c.req.json();
    if (typeof body !== 'object' || body === null) return c.json({ error: 'not an object' }, 400);
    return c.json(answers.get(c.req.path) ?? {}, 201);
  });
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
    process.send({ apiUrl: `http://127.0.0.1:${info.port}` }),
  );
  process.on('disconnect', () => server.close(() => process.exit(0)));
}

/** A server child tells the bench its CPU time (µs, user and system) when asked: the cost of one request, not only its rate. */
function answerCpuQueries() {
  process.on('message', (m) => m === 'cpu' && process.send({ cpu: process.cpuUsage() }));
}

/** The CPU time a child has used so far. */
const cpuOf = (child) =>
  new Promise((resolve) => {
    const on = (m) => {
      if (!m?.cpu) return;
      child.off('message', on);
      resolve(m.cpu);
    };
    child.on('message', on);
    child.send('cpu');
  });

/** The pause after each round, in which every server is idle. */
const SETTLE_MS = 500;

/** The token both sandboxes of `--against` are started with, so one set of headers serves either. */
const BENCH_TOKEN = `sbx_bench_${process.pid}_${Date.now()}`;

function startChild(mode, extra = []) {
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server process there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const args = ['--serve', mode, '--token', BENCH_TOKEN, ...(opts['data-file'] ? ['--data-file'] : []), ...extra];
  const child = fork(new URL(import.meta.url).pathname, args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...process.execArgv, ...profile],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (info) =>
      resolve({ child, cpu: () => cpuOf(child), stop: () => child.disconnect(), ...info }),
    );
    child.once('exit', (code) => reject(new Error(`the ${mode} server exited (${code}); run npm run build first`)));
  });
}

/** A free loopback port (Prism takes no port 0). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** The CPU time (µs) a process has used, from /proc (Linux); undefined where there is none. */
const procCpu = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const tick = 1e6 / 100; // USER_HZ is 100 on Linux
    return { user: Number(fields[11]) * tick, system: Number(fields[12]) * tick };
  } catch {
    return { user: Number.NaN, system: Number.NaN };
  }
};

/** A Prism mock of the API's OpenAPI document, logging off (its log lines would be its bottleneck, not its mocking). */
async function startPrism() {
  const port = await freePort();
  const bin = fileURLToPath(new URL('../node_modules/@stoplight/prism-cli/dist/index.js', import.meta.url));
  const doc = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));
  const child = spawn(process.execPath, [bin, 'mock', doc, '-h', '127.0.0.1', '-p', String(port), '-v', 'warn'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const apiUrl = `http://127.0.0.1:${port}`;
  // Prism says nothing at warn once it listens: ask until it answers.
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`prism exited (${child.exitCode})`);
    const up = await new Promise((resolve) => {
      const req = request(`${apiUrl}/`, (res) => {
        res.resume();
        resolve(true);
      });
      req.on('error', () => resolve(false));
      req.end();
    });
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.stdout.resume();
  return { child, apiUrl, cpu: async () => procCpu(child.pid), stop: () => child.kill('SIGTERM') };
}

/**
 * An order with one charge, as the tests send it, without notification_urls: a webhook is delivered
 * after the answer, over the network, and a bench that sends one to a host that is not there
 * measures DNS and TLS failures, not the sandbox.
 */
const orderOf = (charge) => order([charge], { notification_urls: undefined });

/**
 * The three scenarios: path, body and the headers of one request (a new idempotency key for each
 * order). `sessions` holds an SDK session per side that has one (each sandbox has its own).
 */
function scenarios(token, sessions) {
  const json = { 'content-type': 'application/json' };
  return {
    '3ds': {
      path: '/checkout-sdk/3ds/authentications',
      headers: (_n, side) => ({ ...json, 'x-gateway-session': sessions[side] ?? sessions.sandbox }),
      body: { data: authData(opts.card, { value: 15_000 }), device: validDevice() },
    },
    'order-card': {
      path: '/orders',
      headers: (n) => ({ ...json, authorization: `Bearer ${token}`, 'x-idempotency-key': `bench-card-${n}` }),
      body: orderOf(cardCharge()),
    },
    'order-boleto': {
      path: '/orders',
      headers: (n) => ({ ...json, authorization: `Bearer ${token}`, 'x-idempotency-key': `bench-boleto-${n}` }),
      body: orderOf(boletoCharge()),
    },
  };
}

async function main() {
  const connections = bounded('connections', opts.connections, 1, 1024);
  const rounds = bounded('rounds', opts.rounds, 1, 50);
  const roundSeconds = bounded('round', opts.round, 1, 60);
  const against = opts.against;
  const baselines = opts.baselines.split(',').filter(Boolean);
  for (const b of baselines)
    if (!['floor', 'no-journal', 'prism'].includes(b)) {
      console.error(`bench: no baseline ${b}\n\n${HELP}`);
      process.exit(2);
    }
  const starters = {
    sandbox: () => startChild('sandbox'),
    floor: () => startChild('floor'),
    'no-journal': () => startChild('sandbox', ['--no-journal']),
    prism: startPrism,
    before: () => startChild('sandbox', ['--against', against]),
  };
  /** The sides, the sandbox first; each its own server process. */
  const names = ['sandbox', ...baselines, ...(against ? ['before'] : [])];
  const servers = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await starters[name]()])));
  const agents = [];
  /** A keep-alive client of one server: its own agent, so no side's sockets serve another. */
  const clientOf = (apiUrl) => {
    const url = new URL(apiUrl);
    const agent = new Agent({ keepAlive: true, maxSockets: connections });
    agents.push(agent);
    return (method, path, headers, body) =>
      new Promise((resolve, reject) => {
        const req = request({ agent, host: url.hostname, port: url.port, method, path, headers }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
        });
        req.on('error', reject);
        req.end(body);
      });
  };
  const sides = Object.fromEntries(names.map((name) => [name, clientOf(servers[name].apiUrl)]));
  /** The sides that are sandboxes, each with SDK sessions of its own. */
  const sandboxes = names.filter((n) => n === 'sandbox' || n === 'no-journal' || n === 'before');

  try {
    const sessions = {};
    for (const side of sandboxes) {
      const created = await sides[side]('POST', '/checkout-sdk/sessions', {
        authorization: `Bearer ${servers.sandbox.token}`,
      });
      if (created.status !== 200) throw new Error(`could not create a session: ${created.status} ${created.body}`);
      sessions[side] = JSON.parse(created.body).session;
    }
    const all = scenarios(servers.sandbox.token, sessions);
    const scenarioNames = opts.scenario === 'all' ? Object.keys(all) : [opts.scenario];
    for (const name of scenarioNames)
      if (!all[name]) throw new Error(`no scenario ${name}: ${Object.keys(all).join(', ')}`);

    console.log(
      `bench: ${connections} connections, ${rounds} interleaved rounds of ${roundSeconds} s per side (after 1 s warm-up each), loopback, Node ${process.version}, sandbox data ${opts['data-file'] ? 'in a SQLite file (WAL)' : 'in memory'}; sides: ${names.join(', ')}${against ? `; "before" is the sandbox built in ${against}` : ''}`,
    );
    let missed = false;
    for (const name of scenarioNames) {
      const s = all[name];
      const body = Buffer.from(JSON.stringify(s.body));
      let n = 0;
      const headersOf = (side) => ({ ...s.headers(n++, side), 'content-length': body.length });
      // The floor answers what the sandbox answers, byte for byte the same size.
      const sample = await sides.sandbox('POST', s.path, headersOf('sandbox'), body);
      if (sample.status !== 201) throw new Error(`${name}: the sandbox answered ${sample.status} ${sample.body}`);
      if (servers.floor) servers.floor.child.send({ path: s.path, answer: JSON.parse(sample.body) });
      for (const side of names.filter((x) => x !== 'sandbox' && x !== 'floor')) {
        const first = await sides[side]('POST', s.path, headersOf(side), body);
        if (first.status !== 201) throw new Error(`${name}: ${side} answered ${first.status} ${first.body}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));

      const run = async (side, ms) => {
        const send = sides[side];
        const cpuBefore = await servers[side].cpu();
        const latencies = [];
        let failures = 0;
        const stopAt = performance.now() + ms;
        const worker = async () => {
          while (performance.now() < stopAt) {
            const start = performance.now();
            let status;
            try {
              status = (await send('POST', s.path, headersOf(side), body)).status;
            } catch {
              status = 0;
            }
            if (status !== 201) failures++;
            latencies.push(performance.now() - start);
          }
        };
        const began = performance.now();
        await Promise.all(Array.from({ length: connections }, worker));
        const seconds = (performance.now() - began) / 1000;
        const cpuAfter = await servers[side].cpu();
        // The journal writes what a burst left once the sandbox is quiet: a read of the request
        // log makes it write all of it now, so that work is timed on its own and never runs into
        // the next side's round (where it would take that side's CPU).
        let cpuCaughtUp = cpuAfter;
        if (sandboxes.includes(side)) {
          const read = await send('GET', '/sandbox/requests?limit=1', {
            authorization: `Bearer ${servers.sandbox.token}`,
          });
          if (read.status !== 200)
            throw new Error(`${side}: GET /sandbox/requests answered ${read.status} ${read.body}`);
          cpuCaughtUp = await servers[side].cpu();
        }
        return {
          latencies,
          failures,
          seconds,
          user: cpuAfter.user - cpuBefore.user,
          system: cpuAfter.system - cpuBefore.system,
          after: cpuCaughtUp.user + cpuCaughtUp.system - cpuAfter.user - cpuAfter.system,
        };
      };

      for (const side of names) await run(side, 1000);
      const totals = Object.fromEntries(
        names.map((side) => [side, { latencies: [], failures: 0, seconds: 0, user: 0, system: 0, after: 0 }]),
      );
      /** Per other side, the ratio sandbox / side of each round. */
      const roundRatios = Object.fromEntries(names.slice(1).map((side) => [side, []]));
      // The sandbox's CPU per request in each round: a cost that grows with the data it keeps shows here.
      const roundCpu = [];
      for (let r = 0; r < rounds; r++) {
        // The order rotates each round, so a drift in load favours no side.
        const order = names.map((_, i) => names[(i + r) % names.length]);
        const rps = {};
        for (const side of order) {
          const out = await run(side, roundSeconds * 1000);
          // A pause between rounds: what a server does after its round (Prism's garbage collection,
          // say) must not land in the next side's round, which would be the sandbox's more often
          // than not in the rotation.
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          const t = totals[side];
          for (const l of out.latencies) t.latencies.push(l);
          t.failures += out.failures;
          t.seconds += out.seconds;
          t.user += out.user;
          t.system += out.system;
          t.after += out.after;
          rps[side] = out.latencies.length / out.seconds;
          if (side === 'sandbox') roundCpu.push((out.user + out.system) / out.latencies.length);
        }
        for (const side of names.slice(1)) roundRatios[side].push(rps.sandbox / rps[side]);
      }

      const stats = (t) => {
        const sorted = Float64Array.from(t.latencies).sort();
        const pct = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
        return {
          rps: sorted.length / t.seconds,
          p50: pct(50),
          p99: pct(99),
          failures: t.failures,
          count: sorted.length,
          user: t.user / sorted.length,
          system: t.system / sorted.length,
          after: t.after / sorted.length,
        };
      };
      const median = (xs) => {
        const sorted = [...xs].sort((x, y) => x - y);
        return sorted[Math.floor((sorted.length - 1) / 2)] / 2 + sorted[Math.ceil((sorted.length - 1) / 2)] / 2;
      };
      const figures = Object.fromEntries(names.map((side) => [side, stats(totals[side])]));
      const a = figures.sandbox;
      const line = (label, x) =>
        `  ${label.padEnd(10)} ${x.rps.toFixed(0).padStart(6)} req/s  p50 ${x.p50.toFixed(2).padStart(6)} ms  p99 ${x.p99.toFixed(2).padStart(6)} ms  CPU ${Number.isNaN(x.user) ? '   ?' : (x.user + x.system).toFixed(0).padStart(4)} µs/request  (${x.count} requests${x.failures ? `, ${x.failures} not 201` : ''})`;
      const target = TARGETS[name];
      console.log(`\n${name}: POST ${s.path}, body ${body.length} B, answer ${Buffer.byteLength(sample.body)} B`);
      for (const side of names) console.log(line(side, figures[side]));
      const verdicts = [];
      for (const side of names.slice(1)) {
        const ratio = a.rps / figures[side].rps;
        console.log(
          `  sandbox / ${side}: ${(ratio * 100).toFixed(0)} % (rounds: ${roundRatios[side].map((x) => `${(x * 100).toFixed(0)} %`).join(', ')}; median ${(median(roundRatios[side]) * 100).toFixed(0)} %)`,
        );
        // Against an older build the ratio is a comparison, not a target.
        if (target[side] !== undefined) verdicts.push([`>= ${target[side] * 100} % of ${side}`, ratio >= target[side]]);
      }
      verdicts.push([`p99 <= ${target.p99} ms`, a.p99 <= target.p99]);
      console.log(`  sandbox CPU by round: ${roundCpu.map((x) => x.toFixed(0)).join(', ')} µs/request`);
      // What the rounds left for the journal to write once quiet: CPU, not felt by the round's requests.
      for (const side of names.filter((x) => sandboxes.includes(x)))
        console.log(
          `  ${side} wrote after its rounds (the journal catching up): ${figures[side].after.toFixed(0)} µs per request of the rounds; in all ${(figures[side].user + figures[side].system + figures[side].after).toFixed(0)} µs/request`,
        );
      console.log(`  targets  ${verdicts.map(([what, met]) => `${what}: ${met ? 'met' : 'NOT met'}`).join('; ')}`);
      missed ||= verdicts.some(([, met]) => !met) || names.some((side) => figures[side].failures > 0);
    }
    if (missed) process.exitCode = 1;
  } finally {
    for (const agent of agents) agent.destroy();
    for (const server of Object.values(servers)) server.stop();
  }
}

// Dispatch last: the constants above are initialised by now.
if (opts.serve === 'sandbox') {
  // A quiet sandbox (no log lines), as an integrator's test run starts it: in memory, or with a data file.
  const entry = opts.against
    ? pathToFileURL(resolve(opts.against, 'dist/sandbox/index.js')).href
    : '../dist/sandbox/index.js';
  const { startSandbox } = await import(entry);
  const dir = opts['data-file'] ? mkdtempSync(join(tmpdir(), 'gateway-bench-')) : undefined;
  const sandbox = await startSandbox({
    token: opts.token,
    ...(dir && { dataFile: join(dir, 'sandbox.db') }),
    // --no-journal: the same sandbox recording nothing for the console (an older build ignores it).
    ...(opts['no-journal'] && { journal: false }),
  });
  process.send({ apiUrl: sandbox.apiUrl, token: sandbox.token });
  answerCpuQueries();
  process.on('disconnect', () =>
    sandbox.close().then(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    }),
  );
} else if (opts.serve === 'floor') {
  await serveFloor();
} else if (opts.help) {
  console.log(HELP);
} else {
  await main();
}
