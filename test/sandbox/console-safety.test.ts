import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { describe, expect } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index';
import { api, cardCharge, order } from './support/payments';
import { it } from './support/sandbox-test';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with the headers a browser would send (Host and Origin included), through node:http. */
function raw(url: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, url), { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        // An event stream does not end: its first event is enough.
        if (res.headers['content-type']?.startsWith('text/event-stream') && text.includes('\n\n')) res.destroy();
      });
      res.on('close', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The console's cookie, as a loopback console hands it out on its first page. */
async function consoleCookie(sandbox: Sandbox): Promise<string> {
  const page = await raw(sandbox.apiUrl, 'GET', '/console/orders', {});
  expect(page.status).toBe(200);
  const cookie = String(page.headers['set-cookie']).split(';')[0]!;
  expect(cookie).toMatch(/^gateway_console=/);
  expect(String(page.headers['set-cookie'])).toMatch(/HttpOnly/i);
  expect(String(page.headers['set-cookie'])).toMatch(/SameSite=Strict/i);
  return cookie;
}

describe('the console on a loopback sandbox', () => {
  it('opens without a login, and its cookie reads the endpoints from its own pages', async ({ sandbox }) => {
    const cookie = await consoleCookie(sandbox);
    const own = new URL(sandbox.apiUrl).origin;
    const read = await raw(sandbox.apiUrl, 'GET', '/sandbox/requests', { cookie, 'sec-fetch-site': 'same-origin' });
    expect(read.status).toBe(200);
    const reset = await raw(
      sandbox.apiUrl,
      'POST',
      '/sandbox/clock/advance',
      {
        cookie,
        origin: own,
        'content-type': 'application/json',
      },
      '{"seconds":60}',
    );
    expect(reset.status).toBe(200);
  });

  it('is served with a CSP of its own origin only, and no resource from elsewhere', async ({ sandbox }) => {
    const page = await raw(sandbox.apiUrl, 'GET', '/console/orders', {});
    // The one script allowed is the console's, inline, by its hash (built by rollup from console-script.ts).
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)?.[1];
    expect(script, 'the built console script, inline').toBeTruthy();
    const hash = createHash('sha256').update(script!).digest('base64');
    expect(page.headers['content-security-policy']).toContain(`default-src 'none'; script-src 'sha256-${hash}';`);
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('refuses a Host that is not one of its names (DNS rebinding), page and cookie alike', async ({ sandbox }) => {
    const cookie = await consoleCookie(sandbox);
    const port = new URL(sandbox.apiUrl).port;
    const page = await raw(sandbox.apiUrl, 'GET', '/console/orders', { host: `rebind.attacker.example:${port}` });
    expect(page.status).toBe(403);
    expect(page.headers['set-cookie']).toBeUndefined();
    const read = await raw(sandbox.apiUrl, 'GET', '/sandbox/requests', {
      host: `rebind.attacker.example:${port}`,
      cookie,
    });
    expect(read.status).toBe(403);
    expect(JSON.parse(read.body).error_messages[0].code).toBe('40301');
    // Its own names answer.
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`])
      expect((await raw(sandbox.apiUrl, 'GET', '/console/orders', { host })).status, host).toBe(200);
  });

  it('refuses a state change and the event stream from another origin (CSRF)', async ({ sandbox }) => {
    const cookie = await consoleCookie(sandbox);
    const port = new URL(sandbox.apiUrl).port;
    const created = await api(sandbox, 'POST', '/orders', order([cardCharge()]));
    // Another port of localhost is another origin, though the browser still sends a SameSite cookie there.
    for (const origin of ['http://localhost:3000', 'https://attacker.example', `http://rebind.example:${port}`]) {
      const reset = await raw(sandbox.apiUrl, 'POST', '/sandbox/reset', { cookie, origin });
      expect(reset.status, origin).toBe(403);
      const stream = await raw(sandbox.apiUrl, 'GET', '/sandbox/events', { cookie, origin });
      expect(stream.status, origin).toBe(403);
    }
    const crossSite = await raw(sandbox.apiUrl, 'GET', '/sandbox/events', { cookie, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect((await api(sandbox, 'GET', `/orders/${created.body.id}`)).status).toBe(200);
    // From its own origin, the stream opens.
    const own = await raw(sandbox.apiUrl, 'GET', '/sandbox/events', {
      cookie,
      origin: new URL(sandbox.apiUrl).origin,
      'sec-fetch-site': 'same-origin',
    });
    expect(own.status).toBe(200);
    expect(own.body).toContain('event: ready');
  });

  it("lets the console's buttons capture and cancel a charge through the API's own endpoints", async ({ sandbox }) => {
    const cookie = await consoleCookie(sandbox);
    const origin = new URL(sandbox.apiUrl).origin;
    const created = await api(sandbox, 'POST', '/orders', order([cardCharge({ capture: false })]));
    const chargeId = created.body.charges[0].id;
    // As console.js sends a button without a body: no content type.
    const capture = await raw(sandbox.apiUrl, 'POST', `/charges/${chargeId}/capture`, { cookie, origin });
    expect(capture.status).toBeLessThan(300);
    expect(JSON.parse(capture.body).status).toBe('PAID');
    const cancel = await raw(sandbox.apiUrl, 'POST', `/charges/${chargeId}/cancel`, { cookie, origin });
    expect(cancel.status).toBeLessThan(300);
    expect(JSON.parse(cancel.body).status).toBe('CANCELED');
    const timeline = (await api(sandbox, 'GET', `/sandbox/resources/${chargeId}`)).body.timeline;
    const changes = timeline.filter((e: { type: string }) => e.type === 'state_change');
    // Each recorded with what made it: the API request, then the console's two buttons.
    expect(changes.map((c: { to: string; source: string }) => `${c.to} ${c.source}`)).toEqual([
      'AUTHORIZED request',
      'PAID console',
      'CANCELED console',
    ]);
  });

  it('takes no forged cookie', async ({ sandbox }) => {
    const read = await raw(sandbox.apiUrl, 'GET', '/sandbox/requests', { cookie: 'gateway_console=forged' });
    expect(read.status).toBe(401);
  });
});

describe('the console on a non-loopback host', () => {
  it('asks for the merchant token, refuses a wrong one, and opens with the right one', async ({ startSandbox }) => {
    const s = await startSandbox({ host: '0.0.0.0' });
    const first = await raw(s.apiUrl, 'GET', '/console/orders', {});
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/console/login');
    expect(first.headers['set-cookie']).toBeUndefined();
    const own = new URL(s.apiUrl).origin;
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: own };
    const wrong = await raw(s.apiUrl, 'POST', '/console/login', form, 'token=sbx_wrong');
    expect(wrong.status).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const elsewhere = await raw(
      s.apiUrl,
      'POST',
      '/console/login',
      { ...form, origin: 'https://attacker.example' },
      `token=${s.token}`,
    );
    expect(elsewhere.status).toBe(403);
    const right = await raw(s.apiUrl, 'POST', '/console/login', form, `token=${encodeURIComponent(s.token)}`);
    expect(right.status).toBe(303);
    const cookie = String(right.headers['set-cookie']).split(';')[0]!;
    const page = await raw(s.apiUrl, 'GET', '/console/account', { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain(s.token);
  });
});
