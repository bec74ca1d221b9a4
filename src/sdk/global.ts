// Entry of the script-tag build: everything of index.ts, as window.Gateway, and as window.PagSeguro
// when the page has none of its own, so a page written for the provider's browser SDK runs with
// only its script's src changed (docs/coming-from-the-provider.md). The build's footer sets both
// globals on globalThis, so a module script, a bundler import or a loader's eval get them too, and
// hands the API to RequireJS when RequireJS loaded the script (see rollup.config.mjs).
import { rememberScript } from './api-url';

export * from './index';
/** The provider's name for the SDK's error class: `err instanceof PagSeguro.PagSeguroError`. */
export { GatewayError as PagSeguroError } from './errors/gateway-error';

/**
 * The script element that loaded us. `document.currentScript` knows it only for a classic script
 * run by the page; a `<script type="module">` (and a loader's eval) leaves it null, so the last
 * script whose address ends in gateway.js stands in, rather than silently using the default API.
 */
function ownScript(doc: Document): HTMLScriptElement | undefined {
  // An SVG <script> has no `src` (its address is `href`): undefined, so the search below runs, as
  // for a module script. No instanceof check needed.
  const current = doc.currentScript as HTMLScriptElement | null;
  return current?.src
    ? current
    : Array.from(doc.querySelectorAll<HTMLScriptElement>('script[src]'))
        .filter((s) => /\/gateway\.js(?:[?#]|$)/.test(s.src))
        .pop();
}

if (typeof document !== 'undefined') {
  const script = ownScript(document);
  rememberScript(script?.src, script?.getAttribute('data-gateway-api-url'));
}
