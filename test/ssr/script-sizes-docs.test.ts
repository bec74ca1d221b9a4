// The script sizes docs/sdk.md and docs/performance.md quote, checked against the build (dist/,
// which this project needs anyway) and the limit against scripts/size.mjs: a change that moves a
// script by more than the rounding fails here until the docs say the new figure.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const read = (path: string) => readFileSync(root(path), 'utf8');
const gzipKb = (file: string) => {
  if (!existsSync(root(`dist/${file}`))) throw new Error(`dist/${file} is missing: build first (npm run build)`);
  return gzipSync(readFileSync(root(`dist/${file}`)), { level: 9 }).length / 1024;
};
const SCRIPTS = ['gateway.js', 'gateway-challenge.js', 'gateway-fields.js'];

describe('the script sizes the docs quote', () => {
  it('docs/sdk.md: each script-tag file at its gzip size, to the tenth of a KB', () => {
    const page = read('docs/sdk.md');
    for (const file of SCRIPTS) {
      const quoted = new RegExp(`\`${file.replace('.', '\\.')}\` \\((\\d+\\.\\d) KB`).exec(page)?.[1];
      expect(quoted, `docs/sdk.md quotes ${file}'s size`).toBeDefined();
      expect(Math.abs(Number(quoted) - gzipKb(file)), `${file}: docs say ${quoted} KB`).toBeLessThanOrEqual(0.06);
    }
  });

  it("docs/performance.md's table: gateway.js's gzip bytes, and the limit scripts/size.mjs enforces", () => {
    const page = read('docs/performance.md');
    const row = page.split('\n').find((line) => line.startsWith('| `gateway.js`, gzip'))!;
    const bytes = Number(/\(([\d,]+) bytes\)/.exec(row)?.[1]?.replace(/,/g, ''));
    expect(bytes, 'the row quotes the exact bytes').toBeGreaterThan(0);
    // Within 1 %: a small change elsewhere need not touch the page; a real move must.
    expect(Math.abs(bytes / (gzipKb('gateway.js') * 1024) - 1)).toBeLessThan(0.01);
    const limit = Number(/const LIMIT = ([\d.]+) \* 1024;/.exec(read('scripts/size.mjs'))?.[1]);
    expect(row).toContain(`| ${limit} KB, the check fails above |`);
    expect(read('docs/sdk.md')).toContain(`the check fails above ${limit} KB`);
  });
});
