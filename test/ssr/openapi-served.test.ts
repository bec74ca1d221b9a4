import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

// The built sandbox serves the committed document (rollup copies docs/openapi.json into
// dist/sandbox), not the generator, which stays out of the package.
it('the built sandbox answers GET /openapi.json with docs/openapi.json and its own addresses', async () => {
  const root = join(import.meta.dirname, '../..');
  const { startSandbox } = (await import(
    pathToFileURL(join(root, 'dist/sandbox/index.js')).href
  )) as typeof import('../../src/sandbox');
  const sandbox = await startSandbox();
  try {
    const res = await fetch(`${sandbox.apiUrl}/openapi.json`);
    expect(res.status).toBe(200);
    const expected = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8'));
    expected.servers[0].url = sandbox.apiUrl;
    for (const item of Object.values(expected.paths) as Array<{ servers?: Array<{ url: string }> }>)
      for (const s of item.servers ?? []) s.url = sandbox.challengeUrl;
    expect(await res.json()).toEqual(expected);
    expect((await fetch(`${sandbox.apiUrl}/docs`)).status).toBe(200);
  } finally {
    await sandbox.close();
  }
});
