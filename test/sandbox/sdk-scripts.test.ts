import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect } from 'vitest';
import { SDK_SCRIPT_FILES } from '../../src/sandbox/routes/sdk-scripts';
import { it } from './support/sandbox-test';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const docs = (page: string) => readFileSync(fileURLToPath(new URL(`../../docs/${page}`, import.meta.url)), 'utf8');

// GET /sdk/{file} serves the script-tag build and what it loads from beside itself: every one of
// them, and the list the API document and the docs show is the one the route serves.
describe('GET /sdk/{file}', () => {
  it('serves every script the build writes beside gateway.js, and names them all', async ({ sandbox }) => {
    const built = readdirSync(dist).filter((f) => /^gateway[\w-]*\.js$/.test(f));
    expect([...SDK_SCRIPT_FILES].sort()).toEqual(built.sort());
    for (const file of SDK_SCRIPT_FILES) {
      const res = await fetch(`${sandbox.apiUrl}/sdk/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(`${dist}${file}`)), file).toBe(true);
    }
  });

  it('is documented with the same list of files', () => {
    const operation = (
      JSON.parse(docs('openapi.json')) as {
        paths: Record<string, { get: { parameters: Array<{ schema: { enum: string[] } }> } }>;
      }
    ).paths['/sdk/{file}']!.get;
    expect(operation.parameters[0]!.schema.enum).toEqual([...SDK_SCRIPT_FILES]);
    const endpoints = docs('sandbox.md');
    for (const file of SDK_SCRIPT_FILES) expect(endpoints, file).toContain(file);
  });
});
