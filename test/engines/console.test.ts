// The sandbox's console (docs/console.md) in Firefox ESR and WebKitGTK: it opens, a button acts
// through the API's endpoint with the console's cookie, and the page follows by server-sent events
// without a reload. ENGINE picks the engine, as for checkout.test.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../dist/sandbox/index.js';
import { until } from './checkout-support';
import type { EngineDriver } from './engine-driver';
import { launchEngine } from './launch-engine';

let driver: EngineDriver;
let sandbox: Sandbox;

beforeAll(async () => {
  [driver, sandbox] = await Promise.all([launchEngine(), startSandbox()]);
});

afterAll(async () => {
  await Promise.all([driver?.close(), sandbox?.close()]);
});

const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${sandbox.token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};

const text = (selector: string) => `(document.querySelector(${JSON.stringify(selector)})?.textContent ?? '')`;

it('opens, pays a Pix code from its button, and updates live without a reload', async () => {
  const created = await api('POST', '/orders', {
    reference_id: 'engines-console',
    customer: { name: 'Maria Silva', email: 'maria@example.com', tax_id: '12345678909' },
    items: [{ name: 'Café', quantity: 1, unit_amount: 5_000 }],
    qr_codes: [{ amount: { value: 5_000 } }],
  });
  expect(created.status).toBe(201);
  const qrCodeId = created.body.qr_codes[0].id as string;

  await driver.goto(`${sandbox.apiUrl}/console/resources/${qrCodeId}`);
  await until(driver, 'page', `${text('h1')}.includes(${JSON.stringify(qrCodeId)})`, 'the QR code page');
  await until(driver, 'page', `${text('#content dl.facts')}.includes('WAITING')`, 'the code waiting');
  await driver.evaluate('page', 'window.__notReloaded = true');
  await driver.click('page', `button[data-post="/sandbox/qr-codes/${qrCodeId}/pay"]`);
  await until(driver, 'page', `${text('#content dl.facts')}.includes('PAID')`, 'the code paid, on the page');
  await until(driver, 'page', `${text('#announce')}.includes('Pay this Pix code: done')`, 'the announcement');
  expect(await driver.evaluate<boolean>('page', 'window.__notReloaded === true')).toBe(true);
  const order = await api('GET', `/orders/${created.body.id}`);
  expect(order.body.charges[0].status).toBe('PAID');

  // A request made elsewhere reaches an open request log by the event stream.
  await driver.goto(`${sandbox.apiUrl}/console/requests`);
  await until(driver, 'page', `${text('main h1')} === 'Requests'`, 'the request log');
  await driver.evaluate('page', 'window.__notReloaded = true');
  await api('GET', '/orders/ORDE_00000000-0000-4000-8000-0000000e0001', undefined, { 'x-trace-id': 'engines-live-1' });
  await until(driver, 'page', `${text('ol.timeline')}.includes('engines-live-1')`, 'the new request, live');
  expect(await driver.evaluate<boolean>('page', 'window.__notReloaded === true')).toBe(true);

  mkdirSync('test-results', { recursive: true });
  writeFileSync(`test-results/engines-${driver.name}-console.png`, await driver.screenshot());
});
