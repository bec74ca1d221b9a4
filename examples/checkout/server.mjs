// Example merchant server: keeps the bearer token on the server, creates SDK sessions and
// orders, and serves a checkout page. Copy it; replace the sandbox with production by setting
// GATEWAY_API_URL and GATEWAY_TOKEN.
//
//   npm start                      starts a sandbox and this checkout (http://127.0.0.1:3000)
//   GATEWAY_API_URL=… GATEWAY_TOKEN=… node examples/checkout/server.mjs   uses an existing API
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { extname, join } from 'node:path';
import { CART, CART_TOTAL, createOrderBody, publicOrderResult } from './orders.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };
const MAX_BODY = 32 * 1024;

/** Calls the Gateway API with the merchant's token. The token never reaches the browser. */
function gatewayClient(apiUrl, token) {
  return async (method, path, body, headers = {}) => {
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, body: json, traceId: res.headers.get('x-trace-id') ?? '' };
  };
}

async function readBody(req) {
  let size = 0;
  const chunks = [];
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) throw Object.assign(new Error('body too large'), { status: 413 });
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw Object.assign(new Error('body is not JSON'), { status: 400 });
  }
}

const send = (res, status, body, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
};

/**
 * Starts the example checkout against a Gateway API. Returns its URL and a close function.
 * @param {{ apiUrl: string, challengeUrl: string, sdkUrl: string, token: string, port?: number, host?: string }} gateway
 */
export async function startCheckout(gateway) {
  const call = gatewayClient(gateway.apiUrl, gateway.token);
  const key = await call('POST', '/public-keys', { type: 'card' });
  if (key.status !== 201) throw new Error(`POST /public-keys answered ${key.status} (trace ${key.traceId})`);
  const publicKey = key.body.public_key;
  // A strict CSP: only our own scripts, the SDK's API origin and the challenge origin.
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${new URL(gateway.sdkUrl).origin}`,
    `connect-src 'self' ${gateway.apiUrl}`,
    `frame-src ${gateway.challengeUrl}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (req.method === 'GET' && url.pathname === '/api/config') {
        return send(res, 200, { env: 'SANDBOX', publicKey, cart: CART, total: CART_TOTAL });
      }
      if (req.method === 'POST' && url.pathname === '/api/session') {
        const r = await call('POST', '/checkout-sdk/sessions', {});
        if (r.status !== 201) return send(res, 502, { error: 'session', traceId: r.traceId });
        return send(res, 200, { session: r.body.session });
      }
      if (req.method === 'POST' && url.pathname === '/api/orders') {
        const input = await readBody(req);
        const built = createOrderBody(input);
        if (!built.ok) return send(res, 400, { error: 'invalid', fields: built.fields });
        // One idempotency key per checkout attempt: a double click or a retry never charges twice.
        const r = await call('POST', '/orders', built.body, { 'x-idempotency-key': input.attemptId || randomUUID() });
        return send(res, r.status >= 500 ? 502 : 200, publicOrderResult(r));
      }
      if (req.method === 'GET' && url.pathname.startsWith('/api/boleto/')) {
        // The shopper's boleto PDF, fetched with the merchant's token and streamed back.
        const chargeId = url.pathname.slice('/api/boleto/'.length);
        if (!/^CHAR_[0-9a-f-]{36}$/.test(chargeId)) return send(res, 404, { error: 'not found' });
        const r = await fetch(`${gateway.apiUrl}/charges/${chargeId}/boleto.pdf`, { headers: { Authorization: `Bearer ${gateway.token}` } });
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/pdf' });
        return res.end(Buffer.from(await r.arrayBuffer()));
      }
      if (req.method === 'GET') {
        const name = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
        const ext = extname(name);
        if (!/^[a-z0-9-]+\.(html|js|css|svg)$/.test(name)) return send(res, 404, { error: 'not found' });
        let file = await readFile(join(here, 'public', name)).catch(() => undefined);
        if (!file) return send(res, 404, { error: 'not found' });
        if (name === 'index.html') file = file.toString('utf8').replace('%SDK_URL%', gateway.sdkUrl);
        res.writeHead(200, { 'content-type': TYPES[ext], 'content-security-policy': csp, 'cache-control': 'no-cache' });
        return res.end(file);
      }
      send(res, 405, { error: 'method not allowed' });
    } catch (error) {
      send(res, error.status ?? 500, { error: error.status ? error.message : 'internal error' });
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(gateway.port ?? 0, gateway.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://${gateway.host ?? '127.0.0.1'}:${port}`,
    close: () => new Promise((resolve) => { server.close(() => resolve()); server.closeIdleConnections(); }),
  };
}

async function main() {
  const port = Number(process.env.PORT ?? 3000);
  let gateway;
  let sandbox;
  if (process.env.GATEWAY_API_URL && process.env.GATEWAY_TOKEN) {
    const apiUrl = process.env.GATEWAY_API_URL.replace(/\/+$/, '');
    gateway = { apiUrl, token: process.env.GATEWAY_TOKEN, sdkUrl: `${apiUrl}/sdk/gateway.js`, challengeUrl: process.env.GATEWAY_CHALLENGE_URL ?? apiUrl };
  } else {
    const { startSandbox } = await import('@gateway/sdk/sandbox');
    sandbox = await startSandbox({
      port: Number(process.env.GATEWAY_SANDBOX_PORT ?? 4010),
      challengePort: Number(process.env.GATEWAY_SANDBOX_CHALLENGE_PORT ?? 4011),
      log: process.env.QUIET ? false : true,
    });
    gateway = sandbox;
  }
  const checkout = await startCheckout({ ...gateway, port });
  console.log(`Gateway example checkout ready

  Open:        ${checkout.url}
  API:         ${gateway.apiUrl}${sandbox ? ' (sandbox)' : ''}
  Challenge:   ${gateway.challengeUrl}
  Token:       ${sandbox ? sandbox.token : '(from GATEWAY_TOKEN)'}

Sandbox cards are listed on the page; challenge code 123456 authenticates. Ctrl+C stops.`);
  const stop = async () => {
    await checkout.close();
    await sandbox?.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error.code === 'EADDRINUSE' ? 'The port is in use: set PORT (checkout) or GATEWAY_SANDBOX_PORT / GATEWAY_SANDBOX_CHALLENGE_PORT.' : error);
    process.exit(1);
  });
}
