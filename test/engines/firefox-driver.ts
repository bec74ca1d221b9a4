import { existsSync } from 'node:fs';
import puppeteer, { type Frame, type Page } from 'puppeteer-core';
import { startXvfb } from './xvfb';
import { deepQuery, type EngineDriver, type FrameName } from './engine-driver';

/** Debian's Firefox ESR; FIREFOX_PATH overrides it. puppeteer-core never downloads a browser. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Firefox ESR over WebDriver BiDi, one headless browser and one tab for a whole test file. */
export async function launchFirefox(): Promise<EngineDriver> {
  if (!existsSync(FIREFOX_PATH))
    throw new Error(`${FIREFOX_PATH} is missing: apt-get install -y firefox-esr, or set FIREFOX_PATH.`);
  // Headed under its own Xvfb display: headless Firefox never gives a document the focus, and
  // focus is one of the things this suite checks.
  const display = await startXvfb();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: false,
    env: { ...process.env, DISPLAY: display.name },
    protocol: 'webDriverBiDi',
    // The machine's network is closed: no update checks, telemetry or captive-portal probes.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
      'toolkit.telemetry.enabled': false,
      'focusmanager.testmode': true,
    },
  });
  const page: Page = (await browser.pages())[0] ?? (await browser.newPage());
  await page.setViewport({ width: 1280, height: 800 });
  // A headless window is not focused until activated: without it no document has focus, as no real shopper's tab would be.
  await page.bringToFront();

  const frameOf = (name: FrameName): Frame => {
    const main = page.mainFrame();
    if (name === 'page') return main;
    if (name.startsWith('card:')) {
      const field = main.childFrames().find((f) => f.url().includes(`/card-fields/field?field=${name.slice(5)}&`));
      if (!field) throw new Error(`no ${name} frame`);
      return field;
    }
    const host = main.childFrames().find((f) => f.url().includes('/challenge/host'));
    const frame = name === 'host' ? host : host?.childFrames()[0];
    if (!frame) throw new Error(`no ${name} frame`);
    return frame;
  };

  return {
    name: 'firefox',
    version: await browser.version(),
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    async evaluate<T>(frame: FrameName, expression: string) {
      return (await frameOf(frame).evaluate(expression)) as T;
    },
    async click(frame, selector) {
      const handle = await frameOf(frame).evaluateHandle(deepQuery(selector));
      const element = handle.asElement();
      if (!element) throw new Error(`nothing matches ${selector} in ${frame}`);
      await (element as import('puppeteer-core').ElementHandle<Element>).click();
      await handle.dispose();
    },
    async type(text) {
      await page.keyboard.type(text);
    },
    async press(key) {
      if (key !== 'Shift+Tab') return page.keyboard.press(key);
      await page.keyboard.down('Shift');
      await page.keyboard.press('Tab');
      await page.keyboard.up('Shift');
    },
    async screenshot() {
      return Buffer.from(await page.screenshot());
    },
    async close() {
      try {
        await browser.close();
      } finally {
        display.stop();
      }
    },
  };
}
