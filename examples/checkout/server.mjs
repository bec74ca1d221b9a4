// Example merchant server: keeps the bearer token on the server, creates SDK sessions and
// orders, and serves the checkout page twice: with the SDK's script tag (/) and bundled from
// the npm ESM build (/esm/). Copy it; point it at production with GATEWAY_API_URL and
// GATEWAY_TOKEN.
//
//   npm start                      builds, starts a sandbox and this checkout (http://127.0.0.1:3000)
//   GATEWAY_API_URL=… GATEWAY_TOKEN=… node examples/checkout/server.mjs   uses an existing API
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { extname, join } from 'node:path';
import {
  CART,
  CART_TOTAL,
  createOrderBody,
  DEFAULT_THREEDS_POLICY,
  mayCharge,
  publicOrderResult,
  readShopper,
  savedCardOf,
} from './orders.mjs';
import { installmentPlans } from './installments.mjs';
import { pixPayments } from './pix-payments.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const PUBLIC_DIR = join(here, 'public');
const ESM_DIST_DIR = fileURLToPath(new URL('../esm/dist/', import.meta.url));
const ESM_PAGES_DIR = fileURLToPath(new URL('../esm/public/', import.meta.url));
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};
const MAX_BODY = 32 * 1024;
const SCRIPT_TAGS = /<!-- scripts -->[\s\S]*<!-- \/scripts -->/;
const BUILD_NOTE = /<!-- build -->[\s\S]*<!-- \/build -->/;
// What the ESM variant of the page says about itself (index.html says it for the script tag).
const ESM_BUILD_NOTE =
  '<strong>Versão ESM</strong>: o SDK importado de <code>@gateway/sdk</code> e empacotado com rollup · <a href="/">ver a versão com a tag &lt;script&gt;</a>';

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

/** The request's body as text, exactly as received (a notification's signature covers these bytes). */
async function readRaw(req) {
  let size = 0;
  const chunks = [];
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) throw Object.assign(new Error('body too large'), { status: 413 });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readBody(req) {
  const raw = await readRaw(req);
  try {
    return JSON.parse(raw);
  } catch {
    throw Object.assign(new Error('body is not JSON'), { status: 400 });
  }
}

const send = (res, status, body, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
};

/** The shopper's id from its cookie. A real shop has its own login or session instead. */
function shopperOf(req) {
  const match = /(?:^|;\s*)shopper=([0-9a-f-]{36})(?:;|$)/.exec(req.headers.cookie ?? '');
  return match?.[1];
}

/**
 * Starts the example checkout against a Gateway API. Returns its URL and a close function.
 * `esmDir` is where the ESM example's bundle is (default examples/esm/dist, built by
 * `npm run build:examples`).
 * `threeDsPolicy` decides whether a NOT_AUTHENTICATED credit card is charged (default: no;
 * docs/example-checkout.md). `webhookSecret` checks the API's notifications (a sandbox's
 * `webhookSecret`); without it the server learns of a Pix payment only by reading the order.
 * @param {{ apiUrl: string, challengeUrl: string, sdkUrl: string, token: string, webhookSecret?: string, port?: number, host?: string, esmDir?: string, threeDsPolicy?: { chargeNotAuthenticated: boolean } }} gateway
 */
export async function startCheckout(gateway) {
  const call = gatewayClient(gateway.apiUrl, gateway.token);
  const policy = { ...DEFAULT_THREEDS_POLICY, ...gateway.threeDsPolicy };
  const pix = pixPayments({ call, webhookSecret: gateway.webhookSecret });

  /**
   * The outcome of a 3DS authentication as the API reports it, never as the page says: the
   * server reads it with a session of its own before it charges.
   */
  async function authenticationOutcome(id) {
    const session = await call('POST', '/checkout-sdk/sessions', {});
    if (session.status !== 200) return undefined;
    const res = await fetch(`${gateway.apiUrl}/checkout-sdk/3ds/authentications/${encodeURIComponent(id)}`, {
      headers: { 'X-Gateway-Session': session.body.session },
    });
    if (res.status !== 200) return undefined;
    const auth = await res.json();
    return auth.status === 'AUTH_FLOW_COMPLETED' ? (auth.authentication_status ?? 'NOT_AUTHENTICATED') : undefined;
  }
  const key = await call('POST', '/public-keys', { type: 'card' });
  if (key.status !== 200) throw new Error(`POST /public-keys answered ${key.status} (trace ${key.traceId})`);
  const publicKey = key.body.public_key;
  const esmDir = gateway.esmDir ?? ESM_DIST_DIR;
  /** Cards the shoppers saved (`card.store: true`), by shopper id. A real shop keeps them in its database. */
  const savedCards = new Map();
  /** Boleto charges by order id, with the shopper who made each: for the sandbox's "Simular pagamento". */
  const boletos = new Map();

  // A strict CSP: our own scripts and styles, the SDK's origin, the API and the challenge origin.
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${new URL(gateway.sdkUrl).origin}`,
    `connect-src 'self' ${gateway.apiUrl}`,
    `frame-src ${gateway.challengeUrl}`,
    "style-src 'self'",
    // The Pix QR code's PNG is the API's link, which the shopper's browser loads itself.
    `img-src 'self' data: ${gateway.apiUrl}`,
    "object-src 'none'",
    "base-uri 'none'",
    // The SDK form-posts the 3DS Method data to the issuer's page on the challenge origin (docs/three-ds-flow.md).
    `form-action 'self' ${gateway.challengeUrl}`,
  ].join('; ');

  /** A page; `scripts` replaces its script tags (the checkout page's ESM variant). */
  async function page(res, file, shopper, scripts) {
    let html = await readFile(file, 'utf8');
    html = scripts
      ? html.replace(SCRIPT_TAGS, scripts).replace(BUILD_NOTE, ESM_BUILD_NOTE)
      : html.replace('%SDK_URL%', gateway.sdkUrl);
    const headers = { 'content-type': TYPES['.html'], 'content-security-policy': csp, 'cache-control': 'no-cache' };
    if (!shopper) headers['set-cookie'] = `shopper=${randomUUID()}; Path=/; HttpOnly; SameSite=Lax`;
    res.writeHead(200, headers);
    res.end(html);
  }

  async function asset(res, file) {
    const body = await readFile(file).catch(() => undefined);
    if (!body) return send(res, 404, { error: 'not found' });
    res.writeHead(200, { 'content-type': TYPES[extname(file)], 'cache-control': 'no-cache' });
    res.end(body);
  }

  async function esmBundle(res, name) {
    const body = await readFile(join(esmDir, name)).catch(() => undefined);
    if (!body) return send(res, 404, { error: `${name} is not built: run npm run build:examples` });
    res.writeHead(200, { 'content-type': TYPES['.js'], 'cache-control': 'no-cache' });
    res.end(body);
  }

  /** This server's own address: where the API sends its notifications. */
  const ownUrl = () => `http://${gateway.host ?? '127.0.0.1'}:${server.address().port}`;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const shopper = shopperOf(req);
    try {
      if (req.method === 'GET' && path === '/api/config') {
        return send(res, 200, {
          apiUrl: gateway.apiUrl,
          publicKey,
          cart: CART,
          total: CART_TOTAL,
          threeDsPolicy: policy,
        });
      }
      // The page asks before it sends the shopper to the bank: a form error must never cost a second challenge.
      if (req.method === 'POST' && path === '/api/check') {
        const { problems } = readShopper(await readBody(req));
        return send(res, 200, { ok: problems.length === 0, problems });
      }
      if (req.method === 'POST' && path === '/api/session') {
        const r = await call('POST', '/checkout-sdk/sessions', {});
        if (r.status !== 200) return send(res, 502, { error: 'session', traceId: r.traceId });
        return send(res, 200, { session: r.body.session });
      }
      // Parcelas: what each plan costs for this cart. The token stays here; the page gets the plans only.
      if (req.method === 'GET' && path === '/api/installments') {
        const plans = await installmentPlans(call, CART_TOTAL);
        return plans ? send(res, 200, { plans }) : send(res, 502, { error: 'installments' });
      }
      if (req.method === 'GET' && path === '/api/saved-card') {
        const saved = shopper && savedCards.get(shopper);
        return send(res, 200, saved ? { card: saved.card, customer: saved.customer, address: saved.address } : {});
      }
      if (req.method === 'POST' && path === '/api/orders') {
        const input = await readBody(req);
        const saved = shopper ? savedCards.get(shopper) : undefined;
        // A card pays the chosen plan's amount, as Gateway computes it now: never a figure from the page.
        let plan;
        if (input?.method === 'CREDIT_CARD' || input?.method === 'DEBIT_CARD') {
          const plans = await installmentPlans(call, CART_TOTAL);
          if (!plans) return send(res, 502, { error: 'installments' });
          plan = plans.find((p) => p.installments === input.installments);
        }
        const built = createOrderBody(input, saved, plan?.amount);
        if (!built.ok)
          return send(res, 200, { ok: false, httpStatus: 400, fields: built.fields, problems: built.problems });
        // The 3DS policy, on the server: a page that skipped it (or was changed) cannot charge a card the bank did not authenticate.
        if (input.method === 'CREDIT_CARD' || input.method === 'DEBIT_CARD') {
          const outcome = input.threeDsId ? await authenticationOutcome(input.threeDsId) : undefined;
          if (input.threeDsId && outcome === undefined)
            return send(res, 200, { ok: false, httpStatus: 400, fields: ['threeDsId'], problems: [] });
          if (!mayCharge(input.method, outcome, policy)) return send(res, 200, { ok: false, notAuthenticated: true });
        }
        // A Pix order is paid later, in the shopper's bank app: the API tells this server when.
        const body =
          input.method === 'PIX' ? { ...built.body, notification_urls: pix.notificationUrls(ownUrl()) } : built.body;
        // One idempotency key per checkout attempt: a double click or a retry never charges twice.
        const r = await call('POST', '/orders', body, {
          'x-idempotency-key': typeof input.attemptId === 'string' ? input.attemptId : randomUUID(),
        });
        if (r.status === 201 && input.method === 'PIX') pix.track(r.body, shopper);
        if (r.status === 201 && input.method === 'BOLETO' && shopper)
          boletos.set(r.body.id, { chargeId: r.body.charges?.[0]?.id, shopper });
        const card = savedCardOf(r, input);
        if (card && shopper) savedCards.set(shopper, card);
        return send(res, r.status >= 500 ? 502 : 200, { ...publicOrderResult(r), ...(plan && { plan }) });
      }
      // The page waits for its Pix payment here; the answer comes from what this server knows.
      const pixOrder = /^\/api\/orders\/(ORDE_[A-Za-z0-9-]{1,64})\/pix(\/pay)?$/.exec(path);
      if (pixOrder && req.method === 'GET' && !pixOrder[2]) {
        const state = await pix.status(pixOrder[1], shopper);
        return state ? send(res, 200, state) : send(res, 404, { error: 'not found' });
      }
      // Sandbox only: the page's "Simular pagamento" button. The token stays here.
      if (pixOrder && req.method === 'POST' && pixOrder[2]) {
        const status = await pix.simulatePayment(pixOrder[1], shopper);
        return send(res, status === 404 ? 404 : 200, { ok: status < 300 });
      }
      // Sandbox only: the boleto result's "Simular pagamento", as the payer's bank would pay it.
      const boletoOrder = /^\/api\/orders\/(ORDE_[A-Za-z0-9-]{1,64})\/boleto\/pay$/.exec(path);
      if (boletoOrder && req.method === 'POST') {
        const boleto = boletos.get(boletoOrder[1]);
        if (!boleto || boleto.shopper !== shopper) return send(res, 404, { error: 'not found' });
        const r = await call('POST', `/sandbox/charges/${encodeURIComponent(boleto.chargeId)}/boleto/pay`);
        return send(res, 200, { ok: r.status < 300 && r.body?.status === 'PAID' });
      }
      if (req.method === 'POST' && path === '/api/notifications') {
        const status = pix.notification(await readRaw(req), req.headers['x-gateway-signature']);
        res.writeHead(status).end();
        return;
      }
      if (req.method !== 'GET') return send(res, 405, { error: 'method not allowed' });
      if (path === '/' || path === '/index.html') return await page(res, join(PUBLIC_DIR, 'index.html'), shopper);
      // The same page, its script bundled by rollup from `import … from '@gateway/sdk'`.
      if (path === '/esm/' || path === '/esm/index.html') {
        return await page(
          res,
          join(PUBLIC_DIR, 'index.html'),
          shopper,
          '<script type="module" src="/esm/checkout/main.js"></script>',
        );
      }
      if (path === '/esm/saved-card.html') return await page(res, join(ESM_PAGES_DIR, 'saved-card.html'), shopper);
      const esm = /^\/esm\/((?:checkout|saved-card)\/[A-Za-z0-9_-]+\.js)$/.exec(path);
      if (esm) return await esmBundle(res, esm[1]);
      if (/^\/[a-z0-9-]+\.(js|mjs|css|svg)$/.test(path)) return await asset(res, join(PUBLIC_DIR, path.slice(1)));
      send(res, 404, { error: 'not found' });
    } catch (error) {
      send(res, error.status ?? 500, { error: error.status ? error.message : 'internal error' });
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(gateway.port ?? 0, gateway.host ?? '127.0.0.1', resolve);
  });
  return {
    url: ownUrl(),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

async function main() {
  const port = Number(process.env.PORT ?? 3000);
  // CHECKOUT_CHARGE_NOT_AUTHENTICATED=1 charges credit cards the bank did not authenticate (docs/example-checkout.md).
  const threeDsPolicy = { chargeNotAuthenticated: process.env.CHECKOUT_CHARGE_NOT_AUTHENTICATED === '1' };
  let gateway;
  let sandbox;
  if (process.env.GATEWAY_API_URL && process.env.GATEWAY_TOKEN) {
    const apiUrl = process.env.GATEWAY_API_URL.replace(/\/+$/, '');
    gateway = {
      apiUrl,
      token: process.env.GATEWAY_TOKEN,
      webhookSecret: process.env.GATEWAY_WEBHOOK_SECRET,
      sdkUrl: `${apiUrl}/sdk/gateway.js`,
      challengeUrl: process.env.GATEWAY_CHALLENGE_URL ?? apiUrl,
    };
  } else {
    const { startSandbox } = await import('@gateway/sdk/sandbox');
    sandbox = await startSandbox({
      port: Number(process.env.GATEWAY_SANDBOX_PORT ?? 4010),
      challengePort: Number(process.env.GATEWAY_SANDBOX_CHALLENGE_PORT ?? 4011),
      log: !process.env.QUIET,
    });
    gateway = sandbox;
  }
  const checkout = await startCheckout({ ...gateway, port, threeDsPolicy });
  console.log(`Gateway example checkout ready

  Open:        ${checkout.url}          (SDK script tag)
               ${checkout.url}/esm/     (the npm ESM build, bundled by rollup)
  API:         ${gateway.apiUrl}${sandbox ? ' (sandbox)' : ''}
${sandbox ? `  Console:     ${sandbox.apiUrl}/console   (every request, status change and webhook attempt)\n` : ''}  Challenge:   ${gateway.challengeUrl}
  Token:       ${sandbox ? sandbox.token : '(from GATEWAY_TOKEN)'}
  3DS policy:  ${threeDsPolicy.chargeNotAuthenticated ? 'NOT_AUTHENTICATED credit cards are charged' : 'NOT_AUTHENTICATED cards are not charged (CHECKOUT_CHARGE_NOT_AUTHENTICATED=1 changes it)'}

Pick a sandbox card on the page; the bank's challenge code 123456 authenticates, 000000 fails.
Pix: the page's "Simular pagamento" button pays the QR code, as the shopper's bank would. Ctrl+C stops.`);
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
    console.error(
      error.code === 'EADDRINUSE'
        ? 'The port is in use: set PORT (checkout) or GATEWAY_SANDBOX_PORT / GATEWAY_SANDBOX_CHALLENGE_PORT.'
        : error,
    );
    process.exit(1);
  });
}
