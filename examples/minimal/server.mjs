// The smallest merchant server for the Gateway SDK: node:http only, no framework, no build step.
// It keeps the bearer token, creates the public key and the SDK sessions, serves the one page,
// and creates the order with the 3DS id. The integration guide (README.md) quotes its regions.
//
//   GATEWAY_API_URL=http://127.0.0.1:4010 GATEWAY_TOKEN=sbx_… node examples/minimal/server.mjs
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';

// #region guide:server-setup
// Both values come from the sandbox's start-up lines ("API:" and "Bearer token:"),
// or, in production, from your Gateway account. The token is a secret: it stays on the server.
const API_URL = process.env.GATEWAY_API_URL;
const TOKEN = process.env.GATEWAY_TOKEN;
if (!API_URL || !TOKEN) throw new Error('Set GATEWAY_API_URL and GATEWAY_TOKEN (npm run sandbox prints them).');

/** Calls the Gateway API with the token; answers { status, body, traceId }. */
async function gateway(method, path, body, headers = {}) {
  const res = await fetch(`${API_URL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null), traceId: res.headers.get('x-trace-id') };
}

// Once, at start-up: the public key the page encrypts cards with.
const key = await gateway('POST', '/public-keys', { type: 'card' });
if (key.status !== 200) throw new Error(`POST /public-keys answered ${key.status} (trace ${key.traceId})`);
const PUBLIC_KEY = key.body.public_key;

// Your cart: prices live on the server, never taken from the page.
const CART = { items: [{ reference_id: 'sku-1', name: 'Camiseta', quantity: 2, unit_amount: 6740 }], total: 13480 };
// #endregion

// #region guide:server-checkout
/** GET /api/checkout: what the page needs before the shopper pays. */
async function checkout() {
  const session = await gateway('POST', '/checkout-sdk/sessions', {}); // valid 30 minutes
  if (session.status !== 200) return [502, { error: 'no SDK session', traceId: session.traceId }];
  return [200, { session: session.body.session, publicKey: PUBLIC_KEY, amount: CART.total }];
}
// #endregion

// #region guide:server-order
/** POST /api/orders: the order for what the page authenticated. Always answers. */
async function order(input) {
  const { encrypted, threeDsId, attemptId, customer, type, installments } = input;
  // Your 3DS policy, checked here with your token, never taken from the page: charge only what
  // the bank authenticated (a credit card the issuer does not support has no id and goes on).
  if (threeDsId) {
    const auth = await gateway('GET', `/3ds/authentications/${encodeURIComponent(threeDsId)}`);
    if (auth.body?.authentication_status !== 'AUTHENTICATED') return [402, { error: 'not authenticated', traceId: auth.traceId }];
  }
  const r = await gateway('POST', '/orders', {
    reference_id: `pedido-${randomUUID()}`,                  // your own order id
    customer: {
      name: customer?.name,
      email: customer?.email,
      tax_id: customer?.taxId,                             // CPF or CNPJ: the orders API requires it
      phones: [{ country: '55', area: customer?.phoneArea, number: customer?.phoneNumber, type: 'MOBILE' }],
    },
    items: CART.items,
    charges: [{
      reference_id: `cobranca-${randomUUID()}`,
      amount: { value: CART.total, currency: 'BRL' },      // the amount the page authenticated
      payment_method: {
        type, installments, capture: true,                 // what the shopper chose and 3DS authenticated
        card: { encrypted },
        ...(threeDsId && { authentication_method: { type: 'THREEDS', id: threeDsId } }),
      },
    }],
  }, { 'x-idempotency-key': String(attemptId ?? randomUUID()) }); // a retried attempt never charges twice
  if (r.status === 201) {
    const charge = r.body.charges[0];                      // PAID, AUTHORIZED, DECLINED or WAITING
    return [200, { orderId: r.body.id, status: charge.status, message: charge.payment_response.message }];
  }
  // 400 / 422: the API names each field; the trace id finds the request in its logs.
  const errors = (r.body?.error_messages ?? []).map((e) => e.parameter_name);
  return [r.status >= 500 ? 502 : 400, { error: 'order refused', errors, traceId: r.traceId }];
}
// #endregion

/** Reads a JSON body of at most 16 KB; undefined when it is not one. */
async function readJson(req) {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 16_384) return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// #region guide:server-http
const page = (await readFile(new URL('index.html', import.meta.url), 'utf8')).replaceAll('%GATEWAY_API_URL%', API_URL);

const server = createServer(async (req, res) => {
  let status = 404;
  let body = { error: 'not found' };
  try {
    if (req.method === 'GET' && req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(page);
    }
    if (req.method === 'GET' && req.url === '/api/checkout') [status, body] = await checkout();
    if (req.method === 'POST' && req.url === '/api/orders') {
      const input = await readJson(req);
      [status, body] = input ? await order(input) : [400, { error: 'send JSON' }];
    }
  } catch (error) {
    console.error(error);                                  // the API unreachable, say: still an answer
    [status, body] = [502, { error: 'the payment service did not answer' }];
  }
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
});

server.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () => {
  console.log(`Open http://127.0.0.1:${server.address().port}`);
});
// #endregion
