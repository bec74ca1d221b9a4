import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index';
import { api, boletoCharge, cardCharge, order } from './support/payments';
import { it } from './support/sandbox-test';
import { authData, createSession, postAuthentication, validDevice } from './support/sdk-client';

/** A notification URL that answers 200 to everything. */
async function receiver() {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `read` gives a value `done` accepts (the dispatcher works after the answer). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A console page as the browser gets it on a loopback sandbox (the console's cookie comes by itself). */
async function consolePage(sandbox: Sandbox, path: string): Promise<{ status: number; html: string; type: string }> {
  const res = await fetch(`${sandbox.apiUrl}${path}`, { redirect: 'manual' });
  return { status: res.status, html: await res.text(), type: res.headers.get('content-type') ?? '' };
}

/** Text as the page's HTML escaped it, read back. */
const unescaped = (text: string) =>
  text
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

it.override('sandboxOptions', { webhooks: { retryDelaysMs: [20, 20], attemptTimeoutMs: 5_000 } });

describe("a merchant's reference_id", () => {
  it('is shown and found as sent, digits and all; a card number put there is still masked', async ({ sandbox }) => {
    const reference = 'cobranca-1795878563495';
    const created = await api(sandbox, 'POST', '/orders', order([cardCharge()], { reference_id: reference }));
    const found = await api(sandbox, 'GET', `/sandbox/resources?kind=order&reference_id=${reference}`);
    expect(found.body.resources.map((r: { id: string }) => r.id)).toEqual([created.body.id]);
    expect(found.body.resources[0].reference_id).toBe(reference);
    const page = await consolePage(sandbox, `/console/orders?reference_id=${reference}`);
    expect(page.html).toContain(reference);

    const card = await api(sandbox, 'POST', '/orders', order([cardCharge()], { reference_id: 'p-4111111111111111' }));
    const logged = await api(sandbox, 'GET', `/sandbox/requests?resource=${card.body.id}`);
    expect(JSON.stringify(logged.body)).not.toContain('4111111111111111');
    expect(logged.body.requests[0].response_body).toContain('p-[digits]');
  });
});

describe('a timeline', () => {
  it('lists the request before the status change and notification it caused; a Pix order was not created PAID', async ({
    sandbox,
  }) => {
    const r = await receiver();
    try {
      const created = await api(
        sandbox,
        'POST',
        '/orders',
        order(undefined, { qr_codes: [{ amount: { value: 5_000 } }], notification_urls: [r.url] }),
      );
      const orderId = created.body.id;
      await api(sandbox, 'POST', `/sandbox/qr-codes/${created.body.qr_codes[0].id}/pay`);
      const { body } = await until(
        () => api(sandbox, 'GET', `/sandbox/resources/${orderId}`),
        (res) => res.body.timeline.some((e: { type: string }) => e.type === 'delivery_attempt'),
      );
      const shown = body.timeline.map((e: { type: string; request?: { path: string } }) =>
        e.type === 'request' ? `request ${e.request!.path}` : e.type,
      );
      const pay = shown.indexOf(`request /sandbox/qr-codes/${created.body.qr_codes[0].id}/pay`);
      expect(shown[0]).toBe('request /orders');
      expect(pay).toBeGreaterThan(0);
      expect(shown.indexOf('state_change')).toBeGreaterThan(pay);
      expect(shown.indexOf('event')).toBeGreaterThan(pay);
      const change = body.timeline.find((e: { type: string }) => e.type === 'state_change');
      expect(change).toMatchObject({ from: null, to: 'PAID', created: false });

      const page = await consolePage(sandbox, `/console/resources/${orderId}`);
      expect(page.html).not.toMatch(/created <span class="status[^"]*">PAID/);
      expect(page.html).toMatch(/no charge yet<\/span> → <span class="status s-ok">PAID/);
    } finally {
      await r.stop();
    }
  });
});

describe('3DS authentications', () => {
  it('show whether the shopper was authenticated, not only that the flow completed', async ({ sandbox }) => {
    const session = await createSession(sandbox);
    const res = await postAuthentication(sandbox, session, {
      data: authData('4000000000003204'),
      device: validDevice(),
    });
    const { id, status } = (await res.json()) as { id: string; status: string };
    expect(status).toBe('AUTH_FLOW_COMPLETED');
    const listed = await api(sandbox, 'GET', `/sandbox/resources?kind=authentication&id=${id}`);
    expect(listed.body.resources[0]).toMatchObject({
      status: 'AUTH_FLOW_COMPLETED',
      authentication_status: 'NOT_AUTHENTICATED',
      wrong_codes: 0,
      amount: 10_000,
    });
    const page = await consolePage(sandbox, `/console/resources/${id}`);
    expect(page.html).toContain('NOT_AUTHENTICATED');
    expect(page.html).toContain('Codes tried');
    expect((await consolePage(sandbox, '/console/authentications')).html).toContain('NOT_AUTHENTICATED');
  });
});

describe('the lists', () => {
  it('show amount, method and customer', async ({ sandbox }) => {
    const card = await api(sandbox, 'POST', '/orders', order([cardCharge()], { reference_id: 'cols-card' }));
    const boleto = await api(sandbox, 'POST', '/orders', order([boletoCharge()], { reference_id: 'cols-boleto' }));
    const [c] = (await api(sandbox, 'GET', `/sandbox/resources?kind=order&id=${card.body.id}`)).body.resources;
    expect(c).toMatchObject({ amount: card.body.charges[0].amount.value, customer: expect.stringContaining('@') });
    expect(c.payment_method).toMatch(/^CREDIT_CARD \w+ \d{4}$/);
    const [b] = (await api(sandbox, 'GET', `/sandbox/resources?kind=boleto&id=${boleto.body.charges[0].id}`)).body
      .resources;
    expect(b).toMatchObject({ amount: boleto.body.charges[0].amount.value, payment_method: 'BOLETO' });
    const page = (await consolePage(sandbox, '/console/orders')).html;
    for (const header of ['Amount', 'Method', 'Customer']) expect(page).toContain(`<th scope="col">${header}</th>`);
    expect(page).toContain('R$');
  });
});

describe('the request log', () => {
  it('filters by method, path, status and time, as the page does', async ({ startSandbox }) => {
    const s = await startSandbox();
    const before = Date.now() - 1_000;
    await api(s, 'POST', '/orders', order([cardCharge()]));
    await api(s, 'GET', '/orders/ORDE_00000000-0000-4000-8000-000000000000');
    await api(s, 'POST', '/orders', { customer: {} });
    const paths = async (query: string) =>
      (await api(s, 'GET', `/sandbox/requests?${query}`)).body.requests.map(
        (r: { method: string; path: string; status: number }) => `${r.method} ${r.path} ${r.status}`,
      );
    expect(await paths('method=GET&path=/orders')).toEqual([
      'GET /orders/ORDE_00000000-0000-4000-8000-000000000000 404',
    ]);
    expect(await paths('status=4xx&path=/orders')).toEqual([
      'POST /orders 400',
      'GET /orders/ORDE_00000000-0000-4000-8000-000000000000 404',
    ]);
    expect(await paths('status=201&method=post')).toEqual(['POST /orders 201']);
    expect(await paths(`since=${new Date(Date.now() + 3_600_000).toISOString()}`)).toEqual([]);
    expect((await paths(`since=${new Date(before).toISOString()}&path=/orders`)).length).toBe(3);
    const bad = await api(s, 'GET', '/sandbox/requests?status=4x');
    expect(bad.status).toBe(400);
    expect(bad.body.error_messages[0].parameter_name).toBe('status');

    const page = (await consolePage(s, '/console/requests?method=GET&path=/orders&status=404')).html;
    expect(page).toContain('GET /orders/ORDE_00000000-0000-4000-8000-000000000000');
    expect(page).not.toContain('<code>POST /orders</code>');
  });

  it('copies a request as curl without the token or card data', async ({ sandbox }) => {
    const created = await api(sandbox, 'POST', '/orders', order([cardCharge()]), { 'x-idempotency-key': 'curl-key-1' });
    const page = (await consolePage(sandbox, `/console/requests?path=/orders&method=POST`)).html;
    expect(page).toContain('Copy as curl');
    const curl = unescaped(page.match(/<pre id="curl-\d+" class="curl"[^>]*>([^<]*)<\/pre>/)?.[1] ?? '');
    expect(curl).toContain(`curl -X POST '${sandbox.apiUrl}/orders'`);
    expect(curl).toContain('Authorization: Bearer $GATEWAY_TOKEN');
    expect(curl).toContain('x-idempotency-key: curl-key-1');
    expect(curl).not.toContain(sandbox.token);
    expect(page).not.toContain('4111111111111111');
    expect(created.status).toBe(201);
  });
});

describe('deliveries', () => {
  it('filter by event type and URL', async ({ sandbox }) => {
    const a = await receiver();
    const b = await receiver();
    try {
      await api(sandbox, 'POST', '/orders', order([cardCharge()], { notification_urls: [a.url] }));
      const held = await api(
        sandbox,
        'POST',
        '/orders',
        order([cardCharge({ capture: false })], { notification_urls: [b.url] }),
      );
      await until(
        () => api(sandbox, 'GET', '/sandbox/webhook-deliveries?state=delivered'),
        (res) => res.body.deliveries.length >= 2,
      );
      const urls = async (query: string) =>
        (await api(sandbox, 'GET', `/sandbox/webhook-deliveries?${query}`)).body.deliveries.map(
          (d: { url: string; event_type: string }) => `${d.event_type} ${d.url}`,
        );
      const bPort = new URL(b.url).port;
      expect(await urls(`url=${encodeURIComponent(`:${bPort}/`)}`)).toEqual([`CHARGE.AUTHORIZED ${b.url}`]);
      expect(await urls(`event_type=CHARGE.PAID&url=${encodeURIComponent(`:${new URL(a.url).port}/`)}`)).toEqual([
        `CHARGE.PAID ${a.url}`,
      ]);
      expect(await urls(`event_type=CHARGE.AUTHORIZED&url=${encodeURIComponent(`:${new URL(a.url).port}/`)}`)).toEqual(
        [],
      );
      const page = (await consolePage(sandbox, `/console/webhooks?event_type=CHARGE.AUTHORIZED`)).html;
      expect(page).toContain(b.url);
      expect(page).not.toContain(a.url);
      expect(held.status).toBe(201);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

describe('a retry', () => {
  it("is due on the sandbox's clock, said as how long from its now, and a clock move sends it", async ({
    startSandbox,
  }) => {
    const s = await startSandbox({ webhooks: { retryDelaysMs: [600_000], attemptTimeoutMs: 5_000 } });
    let calls = 0;
    const server: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(calls++ === 0 ? 500 : 200).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      await api(s, 'POST', '/orders', order([cardCharge()], { notification_urls: [url] }));
      const [retrying] = (
        await until(
          () => api(s, 'GET', '/sandbox/webhook-deliveries?state=retrying'),
          (res) => res.body.deliveries.length === 1,
        )
      ).body.deliveries;
      const now = Date.parse((await api(s, 'GET', '/sandbox/clock')).body.now);
      expect(retrying.next_attempt.due_at - retrying.attempts[0].at).toBeGreaterThanOrEqual(600_000);
      expect(retrying.next_attempt.due_in_ms).toBeGreaterThan(500_000);
      expect(retrying.next_attempt.due_at - now).toBeGreaterThan(500_000);
      const page = (await consolePage(s, `/console/webhooks/${retrying.id}`)).html;
      expect(page).toMatch(/attempt 2 due <time[^>]*>[^<]*<\/time> \(in (9|10) min\)/);

      await api(s, 'POST', '/sandbox/clock/advance', { seconds: 3_600 });
      const done = await until(
        () => api(s, 'GET', `/sandbox/webhook-deliveries/${retrying.id}`),
        (res) => res.body.state === 'delivered',
      );
      expect(done.body.next_attempt).toBeNull();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the pages', () => {
  it('have a favicon of their own, served under the CSP', async ({ sandbox }) => {
    const page = (await consolePage(sandbox, '/console/orders')).html;
    const href = page.match(/<link rel="icon"[^>]*href="([^"]+)"/)?.[1];
    expect(href).toBe('/console/favicon.svg');
    const icon = await consolePage(sandbox, href!);
    expect(icon.status).toBe(200);
    expect(icon.type).toContain('image/svg+xml');
    expect(icon.html).toContain('<svg');
  });
});
