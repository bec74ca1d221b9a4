import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';

/**
 * Saves a screenshot in the test's output (test-results/, attached to the report) and, only when
 * UPDATE_DOC_SCREENSHOTS=1, as docs/screenshots/<name>.png for the docs. Pages show random order
 * references and times, so every run renders slightly different pixels: a plain test run must not
 * rewrite tracked files (docs/development.md#screenshots).
 */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string, fullPage = false): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  if (process.env.UPDATE_DOC_SCREENSHOTS !== '1') return;
  const docs = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
  mkdirSync(docs, { recursive: true });
  copyFileSync(file, join(docs, `${name}.png`));
}
