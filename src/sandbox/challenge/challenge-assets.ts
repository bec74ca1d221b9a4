import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NOT_FOUND } from '../http/api-error-code';
import { ApiError } from '../http/api-error';
import { defineRoute, type Route } from '../http/route';
import { CHALLENGE_PAGE_CSS } from './challenge-page-styles';

/** The built page scripts: the challenge host's, the issuer page's, and the hosted card field's (src/sdk/card-fields/frame/). */
type Page = 'host' | 'acs' | 'card-field';

/** A built page script: its code, and the same code inline in a page with the CSP source that allows it there. */
export interface PageScript {
  bytes: Buffer;
  /** The text to put between `<script>` and `</script>`: the same code, safe inside HTML. */
  inline: string;
  /** `'sha256-…'` of `inline`, for the page's CSP script-src. */
  cspSource: string;
}

/** The CSP source that allows one inline `<script>` or `<style>` with exactly this text. */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The page script at `path`, or undefined when there is none. Read on every page: a rebuild is
 * served without restarting the sandbox, and no cache is shared by the sandboxes of a process (a
 * read and a hash of a few kilobytes cost tens of microseconds against a challenge's 60 ms or more).
 */
export function readPageScript(path: string): PageScript | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  // Inside <script> a "</script" or "<!--" would end or bend the element: in minified code both
  // can only sit in string or regex literals, where "<\/" and "<\!" mean the same.
  const inline = bytes
    .toString('utf8')
    .replace(/<\/(script)/gi, '<\\/$1')
    .replace(/<!--/g, '<\\!--');
  return { bytes, inline, cspSource: cspHash(inline) };
}

/**
 * A page script as built now (undefined when not built): next to the running module when it is
 * the built sandbox (dist/sandbox), in dist/sandbox when tests run the TypeScript sources.
 */
export function pageScript(page: Page): PageScript | undefined {
  for (const p of [`./challenge-${page}.js`, `../../../dist/sandbox/challenge-${page}.js`]) {
    const script = readPageScript(fileURLToPath(new URL(p, import.meta.url)));
    if (script) return script;
  }
  return undefined;
}

/** The CSP source of the pages' inline stylesheet (CHALLENGE_PAGE_CSS in a `<style>` element). */
export const PAGE_STYLE_CSP = cspHash(CHALLENGE_PAGE_CSS);

/**
 * The host and issuer pages' scripts (browser bundles built by rollup) and their stylesheet. The
 * pages carry them inline; a page links its script here only when it is not built (the 404 says
 * how to build it). Revalidated on every use: no page links them by version any more.
 */
/** Each page script's route: where it is served when a page links it, and how the document names it. */
const ASSETS: Record<Page, { operationId: string; path: string; name: string }> = {
  host: { operationId: 'getChallengeHostScript', path: '/challenge/host.js', name: 'challenge host' },
  acs: { operationId: 'getIssuerPageScript', path: '/challenge/acs.js', name: 'issuer' },
  'card-field': { operationId: 'getCardFieldScript', path: '/card-fields/field.js', name: 'hosted card field' },
};

export const CHALLENGE_ASSET_ROUTES: Route[] = [
  ...(['host', 'acs', 'card-field'] as const).map((page) =>
    defineRoute({
      operationId: ASSETS[page].operationId,
      method: 'get',
      path: ASSETS[page].path,
      origin: 'challenge',
      tag: 'Challenge origin',
      summary: `The ${ASSETS[page].name} page's script`,
      security: 'none',
      responses: { '200': { description: 'The script.', contentType: 'text/javascript' } },
      errors: [404],
      handle: () => (c) => {
        const script = pageScript(page);
        if (!script)
          throw ApiError.of(404, NOT_FOUND, '', `The ${ASSETS[page].name} script is missing: run \`npm run build\`.`);
        return c.body(new Uint8Array(script.bytes), 200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'no-cache',
        });
      },
    }),
  ),
  defineRoute({
    operationId: 'getChallengeStyles',
    method: 'get',
    path: '/challenge/challenge.css',
    origin: 'challenge',
    tag: 'Challenge origin',
    summary: "The challenge pages' stylesheet",
    security: 'none',
    responses: { '200': { description: 'The stylesheet.', contentType: 'text/css' } },
    errors: [],
    handle: () => (c) =>
      c.body(CHALLENGE_PAGE_CSS, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' }),
  }),
];
