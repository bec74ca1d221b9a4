import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The built package, as an SSR framework loads it: ESM by import, CommonJS by require.
const dist = join(process.cwd(), 'dist');
const built = (file: string) => {
  const path = join(dist, file);
  if (!existsSync(path)) throw new Error(`${path} is missing: build first (npx rollup -c --silent, or npm run build)`);
  return path;
};

interface Sdk {
  authenticate3DS: (request: unknown) => Promise<unknown>;
  setUp: (options: unknown) => void;
  GatewayError: new (...args: never[]) => Error & { code: string; detail: { traceId: string; httpStatus: number } };
  env: Record<string, string>;
  version: string;
}

const loaders: Array<[string, () => Promise<Sdk>]> = [
  ['dist/index.js (import)', async () => (await import(pathToFileURL(built('index.js')).href)) as Sdk],
  ['dist/index.cjs (require)', async () => createRequire(import.meta.url)(built('index.cjs')) as Sdk],
];

describe.each(loaders)('%s in Node', (_, load) => {
  it('imports without a browser and exports the SDK', async () => {
    expect(typeof window).toBe('undefined');
    const sdk = await load();
    expect(Object.keys(sdk)).toEqual(
      expect.arrayContaining(['authenticate3DS', 'setUp', 'GatewayError', 'env', 'version']),
    );
    expect(sdk.env).toEqual({ PROD: 'PROD', SANDBOX: 'SANDBOX' });
  });

  it('authenticate3DS rejects with a GatewayError BROWSER_REQUIRED, even after setUp', async () => {
    const sdk = await load();
    for (const call of [
      () => sdk.authenticate3DS({ data: {}, dataOnly: false }),
      () => {
        sdk.setUp({ session: 'sess_1', env: 'SANDBOX' });
        return sdk.authenticate3DS(undefined);
      },
    ]) {
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(sdk.GatewayError);
      expect(error).toBeInstanceOf(Error);
      const gatewayError = error as InstanceType<Sdk['GatewayError']>;
      expect(gatewayError.code).toBe('BROWSER_REQUIRED');
      expect(gatewayError.message).toMatch(/browser/);
      expect(gatewayError.detail.traceId).not.toBe('');
    }
  });
});
