import { createHash } from 'node:crypto';
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
  const candidates = [`./${name}`, `../../../dist/sandbox/${name}`].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  return candidates.find((p) => existsSync(p)) ?? candidates[0]!;
}

/** A page script's file, read per request so a rebuild is served without restarting the sandbox; undefined when not built. */
function readScript(page: 'host' | 'acs'): Buffer | undefined {
  try {
    return readFileSync(builtScript(`challenge-${page}.js`));
  } catch {
    return undefined;
  }
}

const version = (content: string | Uint8Array) => createHash('sha256').update(content).digest('base64url').slice(0, 16);
const CSS_VERSION = version(CHALLENGE_PAGE_CSS);

/**
 * The address a page links an asset at: versioned by its content (`?v=`), so the browser may keep
 * it (immutable) and the next challenge page, or the issuer page after the host page, takes it
 * from its cache instead of waiting for a round trip. A rebuilt script gets a new address.
 */
export function assetUrl(asset: 'host.js' | 'acs.js' | 'challenge.css'): string {
  if (asset === 'challenge.css') return `/challenge/challenge.css?v=${CSS_VERSION}`;
  const script = readScript(asset === 'host.js' ? 'host' : 'acs');
  return script ? `/challenge/${asset}?v=${version(script)}` : `/challenge/${asset}`;
}

/** Kept for a year when asked for by its current version; revalidated every time otherwise. */
const caching = (given: string | undefined, current: string) =>
  given === current ? 'public, max-age=31536000, immutable' : 'no-cache';

/** The host and issuer pages' scripts (browser bundles built by rollup) and their stylesheet. */
export function challengeAssetRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const page of ['host', 'acs'] as const) {
    app.get(`/challenge/${page}.js`, (c) => {
      const script = readScript(page);
      if (!script)
        throw ApiError.of(404, NOT_FOUND, '', `The challenge ${page} script is missing: run \`npm run build\`.`);
      return c.body(new Uint8Array(script), 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': caching(c.req.query('v'), version(script)),
      });
    });
  }
  app.get('/challenge/challenge.css', (c) =>
    c.body(CHALLENGE_PAGE_CSS, 200, {
      'content-type': 'text/css; charset=utf-8',
      'cache-control': caching(c.req.query('v'), CSS_VERSION),
    }),
  );
  return app;
}
