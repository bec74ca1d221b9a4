// Entry of the script-tag build: everything of index.ts, as window.Gateway (the build's footer
// sets globalThis.Gateway, so a module script, a bundler import or a loader's eval get it too).
import { rememberScriptUrl } from './api-url';

export * from './index';

/**
 * The script element that loaded us. `document.currentScript` knows it only for a classic script
 * run by the page; a `<script type="module">` (and a loader's eval) leaves it null, so the last
 * script whose address ends in gateway.js stands in, rather than silently using the default API.
 */
function ownScript(doc: Document): string | undefined {
  // An SVG <script> has no `src` (its address is `href`): undefined, so the search below runs, as
  // for a module script. No instanceof check needed.
  const current = (doc.currentScript as HTMLScriptElement | null)?.src;
  return (
    current ||
    Array.from(doc.querySelectorAll<HTMLScriptElement>('script[src]'))
      .filter((s) => /\/gateway\.js(?:[?#]|$)/.test(s.src))
      .pop()?.src
  );
}

if (typeof document !== 'undefined') rememberScriptUrl(ownScript(document));
