// Load test of POST /checkout-sdk/3ds/authentications on loopback: `npm run bench:sandbox`.
// The sandbox runs in a child process (as it would for an integrator) and this process drives
// it with keep-alive connections, then prints requests/s and p50 / p99 latency.
// Needs a build (dist/sandbox); the npm script builds first.
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';

const HELP = `Usage: npm run bench:sandbox -- [options]
  --connections <n>   concurrent keep-alive connections (default 32)
  --duration <s>      measured seconds, after a 1 s warm-up (default 10, at most 120)
  --requests <n>      stop after this many measured requests (default 500000)
  --card <number>     card to authenticate (default 4000000000002370, frictionless)
  --url <apiUrl>      use a running sandbox instead of starting one (needs --token)
  --token <token>     that sandbox's merchant token
`;

const { values: opts } = parseArgs({
  options: {
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '10' },
    requests: { type: 'string', default: '500000' },
    card: { type: 'string', default: '4000000000002370' },
    url: { type: 'string' },
    token: { type: 'string' },
    serve: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

const bounded = (name, value, min, max) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`bench: --${name} must be an integer from ${min} to ${max}\n\n${HELP}`);
    process.exit(2);
  }
  return n;
};

// Child mode: start a quiet sandbox and report where it listens.
if (opts.serve) {
  const { startSandbox } = await import('../dist/sandbox/index.js');
  const sandbox = await startSandbox();
  process.send({ apiUrl: sandbox.apiUrl, token: sandbox.token });
  process.on('disconnect', () => sandbox.close().then(() => process.exit(0)));
} else if (opts.help) {
  console.log(HELP);
} else {
  await main();
}

async function main() {
  const connections = bounded('connections', opts.connections, 1, 1024);
  const duration = bounded('duration', opts.duration, 1, 120);
  const maxRequests = bounded('requests', opts.requests, 1, 10_000_000);
  let child;
  let target;
  if (opts.url) {
    if (!opts.token) {
      console.error(`bench: --url needs --token\n\n${HELP}`);
      process.exit(2);
    }
    target = { apiUrl: opts.url.replace(/\/+$/, ''), token: opts.token };
  } else {
    child = fork(new URL(import.meta.url).pathname, ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    target = await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}); run npm run build first`)));
    });
  }

  const api = new URL(target.apiUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const send = (method, path, headers, body) =>
    new Promise((resolve, reject) => {
      const req = request({ agent, host: api.hostname, port: api.port, method, path, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end(body);
    });

  const created = await send('POST', '/checkout-sdk/sessions', { authorization: `Bearer ${target.token}` });
  if (created.status !== 201) throw new Error(`could not create a session: ${created.status} ${created.body}`);
  const { session } = JSON.parse(created.body);
  const body = Buffer.from(
    JSON.stringify({
      data: {
        customer: { name: 'Maria Silva', email: 'maria@example.com.br', phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }] },
        paymentMethod: { type: 'CREDIT_CARD', installments: 1, card: { number: opts.card, expMonth: 12, expYear: 2099, holder: { name: 'Maria Silva' } } },
        amount: { value: 15_000, currency: 'BRL' },
        billingAddress: { street: 'Avenida Paulista', number: '1000', city: 'São Paulo', regionCode: 'SP', country: 'BRA', postalCode: '01310100' },
      },
      device: { screenWidth: 1920, screenHeight: 1080, colorDepth: 24, timeZoneOffset: 180, language: 'pt-BR', userAgent: 'bench', javaEnabled: false, javascriptEnabled: true },
    }),
  );
  const headers = { 'content-type': 'application/json', 'content-length': body.length, 'x-gateway-session': session };

  const latencies = new Float64Array(maxRequests);
  let measured = 0;
  let failures = 0;
  const statuses = new Map();
  let recording = false;
  let stopAt = 0;

  const worker = async () => {
    while (measured < maxRequests && (stopAt === 0 || performance.now() < stopAt)) {
      const start = performance.now();
      let status;
      try {
        status = (await send('POST', '/checkout-sdk/3ds/authentications', headers, body)).status;
      } catch {
        status = 'network error';
      }
      if (!recording) continue;
      if (status !== 201) {
        failures++;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      if (measured < maxRequests) latencies[measured++] = performance.now() - start;
    }
  };

  console.log(`bench: ${connections} connections, ${duration} s (after 1 s warm-up), card ${opts.card.slice(0, 6)}…${opts.card.slice(-4)}, ${target.apiUrl}`);
  const warmupEnd = performance.now() + 1000;
  stopAt = warmupEnd + duration * 1000;
  const runs = Array.from({ length: connections }, worker);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, warmupEnd - performance.now())));
  recording = true;
  const began = performance.now();
  await Promise.all(runs);
  const elapsed = (performance.now() - began) / 1000;

  agent.destroy();
  child?.disconnect();

  const sorted = latencies.subarray(0, measured).sort();
  const pct = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
  const rps = measured / elapsed;
  console.log(`requests:   ${measured} in ${elapsed.toFixed(2)} s (${failures} not 201${failures ? `: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}` : ''})`);
  console.log(`requests/s: ${rps.toFixed(0)}`);
  console.log(`latency:    p50 ${pct(50).toFixed(2)} ms, p99 ${pct(99).toFixed(2)} ms, max ${sorted[sorted.length - 1]?.toFixed(2)} ms`);
  console.log(`target:     >= 5000 req/s and p99 <= 20 ms: ${rps >= 5000 && pct(99) <= 20 ? 'met' : 'NOT met'}`);
  if (failures) process.exitCode = 1;
}
