import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { NOT_FOUND } from '../http/api-error-code';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';
import { CHALLENGE_PAGE_CSS } from './challenge-page-styles';

/**
 * Where rollup put a page script. Next to the running module when it is the built sandbox
 * (dist/sandbox), in dist/sandbox when tests run the TypeScript sources of src/sandbox/challenge.
 */
function builtScript(name: string): string {
  const candidates = [`./${name}`, `../../../dist/sandbox/${name}`].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  return candidates.find((p) => existsSync(p)) ?? candidates[0]!;
}

/** The host and issuer pages' scripts (browser bundles built by rollup) and their stylesheet. */
export function challengeAssetRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const page of ['host', 'acs']) {
    app.get(`/challenge/${page}.js`, (c) => {
      let script: Buffer;
      try {
        // Read per request, so a rebuild is served without restarting the sandbox.
        script = readFileSync(builtScript(`challenge-${page}.js`));
      } catch {
        throw ApiError.of(404, NOT_FOUND, '', `The challenge ${page} script is missing: run \`npm run build\`.`);
      }
      return c.body(new Uint8Array(script), 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
    });
  }
  app.get('/challenge/challenge.css', (c) => c.body(CHALLENGE_PAGE_CSS, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' }));
  return app;
}
