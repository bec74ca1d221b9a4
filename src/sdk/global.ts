// Entry of the script-tag build: everything of index.ts, as window.Gateway.
import { rememberScriptUrl } from './api-url';

export * from './index';

if (typeof document !== 'undefined') {
  const script = document.currentScript;
  rememberScriptUrl(script instanceof HTMLScriptElement ? script.src : undefined);
}
