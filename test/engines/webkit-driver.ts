import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Builder, By, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { deepQuery, type EngineDriver, type FrameName } from './engine-driver';
import { startXvfb } from './xvfb';

/** WebKitGTK's MiniBrowser (Debian libwebkit2gtk-4.1-0); MINIBROWSER_PATH overrides it. */
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** WebKitWebDriver (Debian webkit2gtk-driver). */
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Waits until the driver answers its /status endpoint. */
async function driverReady(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer at ${url}`);
}

const KEYS = { Escape: Key.ESCAPE, Tab: Key.TAB } as const;

/** WebKitGTK's MiniBrowser over WebDriver classic, under its own Xvfb display, one window for a whole test file. */
export async function launchWebKit(): Promise<EngineDriver> {
  for (const [path, pkg] of [
    [MINIBROWSER_PATH, 'libwebkit2gtk-4.1-0'],
    [WEBKIT_DRIVER_PATH, 'webkit2gtk-driver'],
  ] as const) {
    if (!existsSync(path)) throw new Error(`${path} is missing: apt-get install -y ${pkg} (and xvfb).`);
  }
  const display = await startXvfb();
  const port = await freePort();
  const server = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: display.name },
  });
  const stop = () => {
    server.kill();
    display.stop();
  };
  let driver: WebDriver;
  try {
    const url = `http://127.0.0.1:${port}`;
    await driverReady(url);
    driver = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
      })
      .build();
  } catch (error) {
    stop();
    throw error;
  }
  const version = String((await driver.getCapabilities()).get('browserVersion'));

  // WebDriver classic runs scripts and input in one frame at a time: walk down from the top each time
  // (the issuer page navigates on every answer, which a kept frame reference would not survive).
  const enter = async (frame: FrameName): Promise<void> => {
    await driver.switchTo().defaultContent();
    if (frame === 'page') return;
    if (frame.startsWith('card:')) {
      await driver
        .switchTo()
        .frame(await driver.findElement(By.css(`iframe[data-gateway-card-field="${frame.slice(5)}"]`)));
      return;
    }
    // The SDK's challenge frame (CHALLENGE_HOOKS.frame), not a card field's.
    const host = (await driver.executeScript(
      `return ${deepQuery('iframe[data-gateway="frame"]')}`,
    )) as WebElement | null;
    if (!host) throw new Error(`no ${frame} frame`);
    await driver.switchTo().frame(host);
    if (frame === 'issuer') await driver.switchTo().frame(await driver.findElement(By.css('#acs')));
  };

  return {
    name: 'webkit',
    version: `MiniBrowser (WebKitGTK ${version})`,
    async goto(url) {
      await driver.switchTo().defaultContent();
      await driver.get(url);
    },
    async evaluate<T>(frame: FrameName, expression: string) {
      await enter(frame);
      return (await driver.executeScript(`return (${expression})`)) as T;
    },
    async click(frame, selector) {
      await enter(frame);
      const element = (await driver.executeScript(`return ${deepQuery(selector)}`)) as WebElement | null;
      if (!element) throw new Error(`nothing matches ${selector} in ${frame}`);
      // WebKitWebDriver sends key actions to the current frame: it stays the clicked one.
      await element.click();
    },
    async type(text) {
      await driver.actions().sendKeys(text).perform();
    },
    async press(key) {
      if (key === 'Shift+Tab') await driver.actions().keyDown(Key.SHIFT).sendKeys(Key.TAB).keyUp(Key.SHIFT).perform();
      else await driver.actions().sendKeys(KEYS[key]).perform();
    },
    async screenshot() {
      await driver.switchTo().defaultContent();
      return Buffer.from(await driver.takeScreenshot(), 'base64');
    },
    async close() {
      try {
        await driver.quit();
      } finally {
        stop();
      }
    },
  };
}
