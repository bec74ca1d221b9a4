import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, TestInfo } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../dist/sandbox/index.js';
import { authData, boletoCharge, cardCharge, order, validDevice } from '../support/request-bodies.mjs';
import { keepScreenshot } from './doc-screenshot';
import { test as base, expect, expectAxeClean } from './examples-support';

/**
 * Every button of the console clicked in a browser (docs/console.md): capture, cancel, pay and
 * expire a Pix code, pay and expire a boleto, resend a delivery, and the clock's three ways
 * forward. Each test has a sandbox of its own (the clock moves) and a receiver for its notifications.
 */
const test = base.extend<{ own: { sandbox: Sandbox; hooks: string } }>({
  own: async ({}, use) => {
    const sandbox = await startSandbox();
    const server: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await use({ sandbox, hooks: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await sandbox.close();
  },
});

/** A merchant server's call. */
async function api(sandbox: Sandbox, method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${sandbox.token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return (await res.json()) as any;
}

/** A 3DS authentication of `card`, as the SDK asks for it in a session the merchant's server created. */
async function authenticate(sandbox: Sandbox, card: string) {
  const session = (await api(sandbox, 'POST', '/checkout-sdk/sessions')).session as string;
  const res = await fetch(`${sandbox.apiUrl}/checkout-sdk/3ds/authentications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-gateway-session': session },
    body: JSON.stringify({ data: authData(card), device: validDevice() }),
  });
  return (await res.json()) as { id: string; status: string; challenge: { url: string } | null };
}

/** The status the resource page shows in its facts. */
const shownStatus = (page: Page) => page.locator('#content dl.facts dd').nth(1);

/** Screenshots of the page at 1280 and 375 px (full page), and no page wider than the screen at 375 px. */
async function atBothWidths(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, testInfo, `${name}-1280`, true);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 375 px`).toBeLessThanOrEqual(375);
  await keepScreenshot(page, testInfo, `${name}-375`, true);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A merchant's request arrives (a read of an order that does not exist), and the open request log updates live. */
async function requestUpdatesLive(page: Page, sandbox: Sandbox): Promise<void> {
  const refreshed = page.waitForResponse(
    (r) => r.request().resourceType() === 'fetch' && new URL(r.url()).pathname === '/console/requests',
  );
  await fetch(`${sandbox.apiUrl}/orders/ORDE_00000000-0000-4000-8000-${String(Date.now()).slice(-12)}`, {
    headers: { authorization: `Bearer ${sandbox.token}` },
  });
  await refreshed;
}

test.describe.configure({ mode: 'serial' });

test('capture, then cancel, a card charge from its page', async ({ page, own: { sandbox, hooks } }, testInfo) => {
  const created = await api(
    sandbox,
    'POST',
    '/orders',
    order([cardCharge({ capture: false })], { notification_urls: [hooks], reference_id: 'cobranca-1795878563495' }),
  );
  const chargeId = created.charges[0].id as string;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${sandbox.apiUrl}/console/charges`);
  // The list's new columns, and the merchant's reference as sent.
  const row = page.locator('tr', { hasText: chargeId });
  await expect(row).toContainText('R$');
  await expect(row).toContainText('CREDIT_CARD');
  await atBothWidths(page, testInfo, 'console-charges');
  await page.goto(`${sandbox.apiUrl}/console/orders`);
  await expect(page.locator('tr', { hasText: created.id })).toContainText('cobranca-1795878563495');

  await page.goto(`${sandbox.apiUrl}/console/resources/${chargeId}`);
  await expect(shownStatus(page)).toHaveText('AUTHORIZED');
  await page.getByRole('button', { name: 'Capture' }).click();
  await expect(page.getByRole('status')).toContainText('Capture: done');
  await expect(shownStatus(page)).toHaveText('PAID');
  // A dismissed confirmation cancels nothing; an accepted one cancels.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(shownStatus(page)).toHaveText('PAID');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status')).toContainText('Cancel: done');
  await expect(shownStatus(page)).toHaveText('CANCELED');
  const timeline = page.locator('ol.timeline');
  await expect(timeline).toContainText(`POST /charges/${chargeId}/capture`);
  await expect(timeline).toContainText('CHARGE.CANCELED');
  expect((await api(sandbox, 'GET', `/charges/${chargeId}`)).status).toBe('CANCELED');
  await expectAxeClean(page);
  await atBothWidths(page, testInfo, 'console-charge-canceled');
});

test('pay one Pix code and expire another', async ({ page, own: { sandbox, hooks } }, testInfo) => {
  const pix = () =>
    api(
      sandbox,
      'POST',
      '/orders',
      order(undefined, { qr_codes: [{ amount: { value: 5_000 } }], notification_urls: [hooks] }),
    );
  const [paid, expired] = [await pix(), await pix()];
  await page.goto(`${sandbox.apiUrl}/console/resources/${paid.qr_codes[0].id}`);
  await expect(shownStatus(page)).toHaveText('WAITING');
  await page.getByRole('button', { name: 'Pay this Pix code' }).click();
  await expect(shownStatus(page)).toHaveText('PAID');
  await expect(page.getByRole('button', { name: 'Expire it' })).toHaveCount(0);

  await page.goto(`${sandbox.apiUrl}/console/resources/${expired.qr_codes[0].id}`);
  await page.getByRole('button', { name: 'Expire it' }).click();
  await expect(page.getByRole('status')).toContainText('Expire it: done');
  await expect(shownStatus(page)).toHaveText('EXPIRED');
  await expect(page.getByRole('button', { name: 'Pay this Pix code' })).toHaveCount(0);
  const bank = await fetch(`${sandbox.apiUrl}/sandbox/qr-codes/${expired.qr_codes[0].id}/pay`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.token}` },
  });
  expect(bank.status).toBeGreaterThanOrEqual(400);

  // The paid order's timeline: the request first, then what it caused; not "created PAID".
  await page.goto(`${sandbox.apiUrl}/console/resources/${paid.id}`);
  const items = page.locator('ol.timeline > li');
  await expect(items.filter({ hasText: 'attempt 1 to' })).toHaveCount(1);
  const texts = await items.allTextContents();
  const pay = texts.findIndex((t) => t.includes('POST /sandbox/qr-codes/'));
  const change = texts.findIndex((t) => t.includes('→'));
  expect(pay).toBeGreaterThan(0);
  expect(change).toBeGreaterThan(pay);
  expect(texts[change]).toContain('no charge yet');
  await atBothWidths(page, testInfo, 'console-pix-order');
});

test('pay one boleto and expire another', async ({ page, own: { sandbox, hooks } }, testInfo) => {
  const boleto = () => api(sandbox, 'POST', '/orders', order([boletoCharge()], { notification_urls: [hooks] }));
  const [paid, expired] = [await boleto(), await boleto()];
  await page.goto(`${sandbox.apiUrl}/console/boletos`);
  await expect(page.locator('tr', { hasText: paid.charges[0].id })).toContainText('BOLETO');
  await page.goto(`${sandbox.apiUrl}/console/resources/${paid.charges[0].id}`);
  await expect(shownStatus(page)).toHaveText('WAITING');
  await page.getByRole('button', { name: 'Pay this boleto' }).click();
  await expect(page.getByRole('status')).toContainText('Pay this boleto: done');
  await expect(shownStatus(page)).toHaveText('PAID');

  await page.goto(`${sandbox.apiUrl}/console/resources/${expired.charges[0].id}`);
  await page.getByRole('button', { name: 'Expire it' }).click();
  await expect(page.getByRole('status')).toContainText('Expire it: done');
  await expect(shownStatus(page)).not.toHaveText('WAITING');
  await expect(page.getByRole('button', { name: 'Pay this boleto' })).toHaveCount(0);
  expect((await api(sandbox, 'GET', `/charges/${expired.charges[0].id}`)).status).not.toBe('WAITING');
  await atBothWidths(page, testInfo, 'console-boleto');
});

test('resend a delivery, filter the deliveries, and a page of deliveries fits 375 px', async ({
  page,
  own: { sandbox, hooks },
}, testInfo) => {
  const created = await api(sandbox, 'POST', '/orders', order([cardCharge()], { notification_urls: [hooks] }));
  await page.goto(`${sandbox.apiUrl}/console/webhooks`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr')).toContainText('delivered');
  await page.getByLabel('Event type').fill('CHARGE.CANCELED');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.locator('#content')).toContainText('No delivery matches these filters');
  await page.getByLabel('Event type').fill('CHARGE.PAID');
  await page.getByLabel('URL contains').fill('/hooks');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await atBothWidths(page, testInfo, 'console-webhooks');

  await page.locator('tbody tr a').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Delivery #');
  await page.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByRole('status')).toContainText('Resend: done');
  await expect(page.locator('summary', { hasText: 'Attempt 2' })).toBeVisible();
  await atBothWidths(page, testInfo, 'console-delivery-resent');

  // The order's timeline holds each attempt with its signature header: it wraps at 375 px.
  await page.goto(`${sandbox.apiUrl}/console/resources/${created.id}`);
  await expect(page.locator('ol.timeline li', { hasText: 'attempt 2 to' })).toBeVisible();
  await atBothWidths(page, testInfo, 'console-order-deliveries');
});

test('the clock moves an hour, a day, and to a date from the header', async ({ page, own: { sandbox } }, testInfo) => {
  const clock = async () =>
    Date.parse(
      (
        await (
          await fetch(`${sandbox.apiUrl}/sandbox/clock`, { headers: { authorization: `Bearer ${sandbox.token}` } })
        ).json()
      ).now,
    );
  await page.goto(`${sandbox.apiUrl}/console/requests`);
  const start = await clock();
  const shown = page.locator('#clock-now');
  let before = await shown.textContent();
  await page.getByRole('button', { name: '+1 hour' }).click();
  await expect(shown).not.toHaveText(before!);
  expect((await clock()) - start).toBeGreaterThanOrEqual(3_600_000);
  before = await shown.textContent();
  await page.getByRole('button', { name: '+1 day' }).click();
  await expect(shown).not.toHaveText(before!);
  expect((await clock()) - start).toBeGreaterThanOrEqual(90_000_000);
  // The date field offers the sandbox's now plus a day: moving there adds about a day more.
  before = await shown.textContent();
  await page.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByRole('status')).toContainText('Clock moved to');
  await expect(shown).not.toHaveText(before!);
  expect((await clock()) - start).toBeGreaterThanOrEqual(175_000_000);
  await atBothWidths(page, testInfo, 'console-clock');
});

test("a Pix code the clock expires shows on its order's page, and nothing is notified", async ({
  page,
  own: { sandbox, hooks },
}, testInfo) => {
  const now = Date.parse((await api(sandbox, 'GET', '/sandbox/clock')).now);
  const expiresAt = new Date(now + 30 * 60_000).toISOString();
  const created = await api(
    sandbox,
    'POST',
    '/orders',
    order(undefined, {
      qr_codes: [{ amount: { value: 5_000 }, expiration_date: expiresAt }],
      notification_urls: [hooks],
    }),
  );
  const code = created.qr_codes[0];
  await page.goto(`${sandbox.apiUrl}/console/resources/${created.id}`);
  const expiry = page.locator('ol.timeline > li', { hasText: 'EXPIRED' });
  await expect(expiry).toHaveCount(0);
  const shown = page.locator('#clock-now');
  const before = await shown.textContent();
  await page.getByRole('button', { name: '+1 hour' }).click();
  await expect(shown).not.toHaveText(before!);
  await page.reload();
  await expect(expiry).toHaveCount(1);
  await expect(expiry).toContainText('WAITING → EXPIRED');
  await expect(expiry).toContainText('by the clock');
  await expect(expiry.getByRole('link', { name: code.id })).toBeVisible();
  await expect(expiry.locator('time')).toHaveAttribute(
    'datetime',
    new Date(Date.parse(code.expiration_date)).toISOString(),
  );
  // No notification: the provider sends none for a code that expires unpaid (docs/webhooks.md).
  await expect(page.locator('ol.timeline > li', { hasText: 'Event' })).toHaveCount(0);
  expect((await api(sandbox, 'GET', `/sandbox/webhook-deliveries?resource=${created.id}`)).deliveries).toEqual([]);
  await expectAxeClean(page);
  await atBothWidths(page, testInfo, 'console-pix-expired-by-clock');
});

test('the request log filters by method, path and status, keeps a filter typed through a live update, and copies a request as curl without the token', async ({
  page,
  context,
  own: { sandbox },
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sandbox.apiUrl });
  await api(sandbox, 'POST', '/orders', order([cardCharge()]));
  await fetch(`${sandbox.apiUrl}/orders/ORDE_00000000-0000-4000-8000-00000000abcd`, {
    headers: { authorization: `Bearer ${sandbox.token}` },
  });
  await page.goto(`${sandbox.apiUrl}/console/requests`);
  await page.getByLabel('Method').selectOption('POST');
  await page.getByLabel('Path contains').fill('/orders');
  await page.getByLabel('Status').fill('2xx');
  await page.keyboard.press('Home');
  // The field being typed in is never replaced (so focus, caret and a screen reader's place stay).
  await page.getByLabel('Status').evaluate((field) => {
    field.dataset.typedIn = 'yes';
  });
  // A request arriving while the filter is typed updates the page live and keeps what was typed,
  // and the caret in its field.
  await requestUpdatesLive(page, sandbox);
  await expect(page.locator('ol.timeline > li')).toHaveCount(3);
  await expect(page.getByLabel('Method')).toHaveValue('POST');
  await expect(page.getByLabel('Path contains')).toHaveValue('/orders');
  await expect(page.getByLabel('Status')).toHaveValue('2xx');
  await expect(page.getByLabel('Status')).toBeFocused();
  await expect(page.getByLabel('Status')).toHaveAttribute('data-typed-in', 'yes');
  await page.keyboard.type('1');
  await expect(page.getByLabel('Status')).toHaveValue('12xx');
  await page.keyboard.press('Backspace');
  await expect(page.getByLabel('Status')).toHaveValue('2xx');
  // Focus out of the form: the next update replaces the content whole, and what was typed and not
  // sent yet is carried into the new fields.
  await page.getByRole('heading', { name: 'Requests' }).click();
  await requestUpdatesLive(page, sandbox);
  await expect(page.locator('ol.timeline > li')).toHaveCount(4);
  await expect(page.getByLabel('Status')).not.toHaveAttribute('data-typed-in', 'yes');
  await expect(page.getByLabel('Method')).toHaveValue('POST');
  await expect(page.getByLabel('Path contains')).toHaveValue('/orders');
  await expect(page.getByLabel('Status')).toHaveValue('2xx');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.locator('ol.timeline > li')).toHaveCount(1);
  await expect(page.locator('ol.timeline')).toContainText('POST /orders');
  await page.locator('summary', { hasText: 'POST /orders' }).click();
  await page.getByRole('button', { name: 'Copy as curl' }).click();
  await expect(page.getByRole('status')).toContainText('Copied as curl');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`curl -X POST '${sandbox.apiUrl}/orders'`);
  expect(copied).toContain('Bearer $GATEWAY_TOKEN');
  expect(copied).not.toContain(sandbox.token);
  expect(copied).toContain('"number":"[redacted]"');
  await expectAxeClean(page);
  await atBothWidths(page, testInfo, 'console-requests-filtered');
});

test("a 3DS authentication's page says whether the shopper was authenticated", async ({
  page,
  own: { sandbox },
}, testInfo) => {
  // The frictionless test card the issuer does not authenticate (docs/authentications.md).
  const { id, status } = await authenticate(sandbox, '4000000000003204');
  expect(status).toBe('AUTH_FLOW_COMPLETED');
  await page.goto(`${sandbox.apiUrl}/console/authentications`);
  await expect(page.locator('tr', { hasText: id })).toContainText('NOT_AUTHENTICATED');
  await page.getByRole('link', { name: id }).click();
  const facts = page.locator('#content dl.facts').first();
  await expect(facts).toContainText('AUTH_FLOW_COMPLETED');
  await expect(facts).toContainText('NOT_AUTHENTICATED');
  await expect(facts).toContainText('no wrong code');
  // Said in red, not in the green of a success.
  await expect(facts.locator('.status', { hasText: 'NOT_AUTHENTICATED' })).toHaveClass(/s-bad/);
  await expectAxeClean(page);
  await atBothWidths(page, testInfo, 'console-authentication');
});

test("a 3DS authentication's page lists the codes the shopper typed in its challenge, in order", async ({
  page,
  context,
  own: { sandbox },
}, testInfo) => {
  // The test card whose issuer asks for a challenge (docs/authentications.md).
  const { id, status, challenge } = await authenticate(sandbox, '4000000000002503');
  expect(status).toBe('REQUIRE_CHALLENGE');
  // The console's page open first, listening to the live feed: each code shows as it is typed.
  const listening = page.waitForResponse((r) => new URL(r.url()).pathname === '/sandbox/events');
  await page.goto(`${sandbox.apiUrl}/console/resources/${id}`);
  await listening;
  const facts = page.locator('#content dl.facts').first();
  await expect(facts).toContainText('REQUIRE_CHALLENGE');
  await expect(facts).toContainText('no wrong code');
  const codes = facts.locator('ol.codes > li');
  await expect(codes).toHaveCount(0);

  // The issuer's page on its own, typed in as the shopper types in it: a wrong code, then the right one.
  const issuer = await context.newPage();
  const acs = new URL('/challenge/acs', sandbox.challengeUrl);
  acs.search = new URLSearchParams({
    authentication: id,
    token: new URL(challenge!.url).searchParams.get('token')!,
    parent: sandbox.apiUrl,
    locale: 'en',
  }).toString();
  await issuer.goto(acs.href);
  await issuer.getByLabel('Verification code').fill('111111');
  await issuer.getByRole('button', { name: 'Confirm' }).click();
  await expect(issuer.getByText('Wrong code. 2 attempts left.')).toBeVisible();
  // A wrong code changes no status: the page shows it all the same, without a reload.
  await expect(codes).toHaveCount(1);
  await expect(facts).toContainText('1 wrong');
  await issuer.getByLabel('Verification code').fill('123456');
  await issuer.getByRole('button', { name: 'Confirm' }).click();
  await expect(issuer.getByText('Done! Your bank confirmed the purchase.')).toBeVisible();
  await issuer.close();

  await expect(codes).toHaveCount(2);
  await expect(facts).toContainText('AUTH_FLOW_COMPLETED');
  await expect(codes.nth(0)).toContainText('111111');
  await expect(codes.nth(0)).toContainText('refused');
  await expect(codes.nth(0)).toContainText('RETRY');
  await expect(codes.nth(0).locator('.status', { hasText: 'refused' })).toHaveClass(/s-bad/);
  await expect(codes.nth(1)).toContainText('123456');
  await expect(codes.nth(1)).toContainText('accepted');
  await expect(codes.nth(1)).toContainText('AUTHENTICATED');
  await expect(codes.nth(1).locator('.status', { hasText: 'accepted' })).toHaveClass(/s-ok/);
  for (const i of [0, 1]) await expect(codes.nth(i)).toContainText('on the issuer page');
  // What the live page shows is what a fresh load shows.
  await page.reload();
  await expect(codes).toHaveCount(2);
  await expectAxeClean(page);
  await atBothWidths(page, testInfo, 'console-authentication-codes');
});
