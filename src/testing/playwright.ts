import { createRequire } from 'node:module';
import type * as Playwright from '@playwright/test';

/**
 * @playwright/test, loaded with require so that a missing optional peer dependency gives one
 * clear line instead of a resolution error (a static import would fail before any code runs).
 * require and import share one instance: the test runner sees the same `test`.
 */
function loadPlaywright(): typeof Playwright {
  try {
    return createRequire(import.meta.url)('@playwright/test') as typeof Playwright;
  } catch (error) {
    const missing =
      (error as { code?: string }).code === 'MODULE_NOT_FOUND' &&
      String((error as Error).message).includes("'@playwright/test'");
    if (!missing) throw error;
    const line =
      '@gateway/sdk/testing needs @playwright/test: install it with `npm install --save-dev @playwright/test`.';
    // No stack: the line says all there is to do.
    const clear = new Error(line);
    clear.stack = `Error: ${line}`;
    throw clear;
  }
}

export const playwright: typeof Playwright = loadPlaywright();
