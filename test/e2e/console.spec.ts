import type { Page } from '@playwright/test';
import { keepScreenshot } from './doc-screenshot';
import { startSandbox, type Sandbox } from '../../dist/sandbox/index.js';
import { startCheckout, type Checkout } from '../../examples/checkout/server.mjs';
import { test as base, expect, expectAxeClean, openExample, readOrder, startPix } from './examples-support';

/**
 * Each test gets a sandbox and an example checkout of its own: the console moves the clock a day
 * forward and resets all data, and the worker's shared sandbox must keep its clock and its public
 * key for the tests after these (a page encrypts a card with the browser's time, which a sandbox a
 * day ahead refuses as expired).
 */
const test = base.extend<{ own: { sandbox: Sandbox; checkout: Checkout } }>({
  own: async ({}, use) => {
    const sandbox = await startSandbox();
    const checkout = await startCheckout(sandbox);
    await use({ sandbox, checkout });
    await checkout.close();
    await sandbox.close();
  },
});

/** Marks the page, so a later check tells an update in place from a reload (which loses the mark). */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __notReloaded: true }));
const notReloaded = (page: Page) => page.evaluate(() => (window as { __notReloaded?: boolean }).__notReloaded === true);

test.describe.configure({ mode: 'serial' });

test('the console follows a Pix order of the example checkout: its request, pay from the page, the notification and its answer, a resend and a day forward, live', async ({
  page,
  own: { checkout, sandbox },
}, testInfo) => {
  await openExample(page, checkout.url);
  const { orderId } = await startPix(page);
  const qrCodeId = (await readOrder(sandbox, orderId)).qr_codes[0].id as string;

  const consolePage = await page.context().newPage();
  await consolePage.setViewportSize({ width: 1280, height: 900 });
  await consolePage.goto(`${sandbox.apiUrl}/console`);
  await expect(consolePage.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await consolePage.getByRole('link', { name: orderId }).click();

  // The request the merchant's server sent, its body masked, and the answer.
  const created = consolePage.locator('summary', { hasText: 'POST /orders' });
  await expect(created).toBeVisible();
  await created.click();
  await expect(consolePage.locator('details[open] pre').first()).toContainText('"qr_codes"');
  await expectAxeClean(consolePage);
  await keepScreenshot(consolePage, testInfo, 'console-order', true);

  // The QR code's page: pay it from the page, and watch it update without a reload.
  await consolePage.getByRole('link', { name: qrCodeId }).click();
  await expect(consolePage.getByRole('heading', { level: 1 })).toContainText(qrCodeId);
  await mark(consolePage);
  await consolePage.getByRole('button', { name: 'Pay this Pix code' }).click();
  await expect(consolePage.locator('#content dl.facts').first()).toContainText('PAID');
  await expect(consolePage.getByRole('status')).toContainText('Pay this Pix code: done');
  expect(await notReloaded(consolePage)).toBe(true);
  // The shopper's page learns it from the notification the sandbox sent.
  await expect(page.locator('#status')).toContainText('Pagamento aprovado');

  // The order's timeline now holds the charge, its status, the event and the delivery with the receiver's answer.
  await consolePage.getByRole('link', { name: orderId }).click();
  const timeline = consolePage.locator('ol.timeline');
  await expect(timeline).toContainText('POST /sandbox/qr-codes/');
  await expect(timeline).toContainText('CHARGE.PAID');
  await expect(timeline.locator('li', { hasText: 'attempt 1 to' }).first()).toContainText('204');
  const chargeId = (await readOrder(sandbox, orderId)).charges[0].id as string;
  await consolePage.getByRole('link', { name: chargeId }).first().click();
  await expect(consolePage.locator('ol.timeline')).toContainText('created');
  await expect(consolePage.locator('ol.timeline')).toContainText('PAID');

  // The delivery: the signed string and header, a secret checked, then a resend seen live.
  await consolePage
    .getByRole('link', { name: /^delivery \d+$/ })
    .first()
    .click();
  await expect(consolePage.getByRole('heading', { level: 1 })).toContainText('Delivery #');
  await expect(consolePage.locator('#signed-string')).toContainText(`"id":"${orderId}"`);
  await consolePage.getByLabel('Webhook secret to check').fill('whsec_not_the_right_one');
  await consolePage.getByRole('button', { name: 'Check' }).click();
  await expect(consolePage.getByRole('alert')).toContainText('did not sign');
  await consolePage.getByLabel('Webhook secret to check').fill(sandbox.webhookSecret);
  await consolePage.getByRole('button', { name: 'Check' }).click();
  await expect(consolePage.getByRole('alert')).toContainText('This secret signed the delivery');
  await expectAxeClean(consolePage);
  await mark(consolePage);
  await consolePage.getByRole('button', { name: 'Resend' }).click();
  await expect(consolePage.locator('summary', { hasText: 'Attempt 2' })).toBeVisible();
  expect(await notReloaded(consolePage)).toBe(true);
  await keepScreenshot(consolePage, testInfo, 'console-delivery', true);

  // A day forward from the page: the clock in the header moves, no reload.
  const before = await consolePage.locator('#clock-now').textContent();
  await consolePage.getByRole('button', { name: '+1 day' }).click();
  await expect(consolePage.locator('#clock-now')).not.toHaveText(before!);
  expect(await notReloaded(consolePage)).toBe(true);
  const now = Date.parse(
    (
      await (
        await fetch(`${sandbox.apiUrl}/sandbox/clock`, { headers: { authorization: `Bearer ${sandbox.token}` } })
      ).json()
    ).now,
  );
  expect(now - Date.now()).toBeGreaterThan(86_000_000);

  // The request log, searched by a trace id.
  await consolePage.getByRole('link', { name: 'Requests' }).click();
  const trace = await consolePage.locator('details summary + dl a code').first().textContent();
  await consolePage.getByLabel('Trace id').fill(trace!);
  await consolePage.getByRole('button', { name: 'Search' }).click();
  await expect(consolePage.locator('ol.timeline > li')).toHaveCount(1);
  await expectAxeClean(consolePage);
});

test('a request arriving updates an open list live, and the console is usable at 375 px and by keyboard', async ({
  page,
  own: { sandbox },
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // The request is sent once the page listens to the live feed: before, it would have nothing to update.
  const listening = page.waitForResponse((r) => new URL(r.url()).pathname === '/sandbox/events');
  await page.goto(`${sandbox.apiUrl}/console/requests`);
  await listening;
  await mark(page);
  const res = await fetch(`${sandbox.apiUrl}/orders/ORDE_00000000-0000-4000-8000-00000000abcd`, {
    headers: { authorization: `Bearer ${sandbox.token}`, 'x-trace-id': 'console-live-trace-1' },
  });
  expect(res.status).toBe(404);
  await expect(page.locator('ol.timeline')).toContainText('console-live-trace-1');
  expect(await notReloaded(page)).toBe(true);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAxeClean(page);
  await keepScreenshot(page, testInfo, 'console-requests-375', true);

  // By keyboard: the skip link first, then the sections.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Orders' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.goto(`${sandbox.apiUrl}/console/webhooks`);
  await expectAxeClean(page);
  await page.goto(`${sandbox.apiUrl}/console/account`);
  await expect(page.locator('#content')).toContainText(sandbox.token);
  await expectAxeClean(page);
});

test('reset all data asks first, then empties the lists', async ({ page, own: { sandbox } }) => {
  await fetch(`${sandbox.apiUrl}/orders/ORDE_00000000-0000-4000-8000-00000000abce`, {
    headers: { authorization: `Bearer ${sandbox.token}` },
  });
  await page.goto(`${sandbox.apiUrl}/console/requests`);
  await expect(page.locator('ol.timeline > li').first()).toBeVisible();
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('button', { name: 'Reset all data' }).click();
  await expect(page.locator('ol.timeline > li').first()).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Reset all data' }).click();
  await expect(page.getByRole('status')).toContainText('Reset all data: done');
  await expect(page.locator('ol.timeline > li')).toHaveCount(1);
  await expect(page.locator('ol.timeline')).toContainText('POST /sandbox/reset');
});
