import type { Environment } from './types';

/** Where `npm run sandbox` listens by default. */
export const DEFAULT_SANDBOX_API_URL = 'http://127.0.0.1:4010';
/** Path the sandbox serves the script-tag build from. */
export const SANDBOX_SCRIPT_PATH = '/sdk/gateway.js';

let scriptOrigin: string | undefined;
let scriptUrl: URL | undefined;

/**
 * Remembers where the script tag came from. Called once by the script-tag entry while it
 * runs, the only moment `document.currentScript` is known.
 */
export function rememberScriptUrl(src: string | undefined): void {
  if (!src) return;
  try {
    const url = new URL(src);
    scriptUrl = url;
    if (url.pathname.endsWith(SANDBOX_SCRIPT_PATH)) scriptOrigin = url.origin;
  } catch {
    // not a URL we can use
  }
}

/**
 * The API base URL for an environment: explicit option, then the sandbox that served us, then the
 * default sandbox. PROD has no default (undefined): no production API exists yet, and a built-in
 * host this project does not control would receive shoppers' cards; setUp refuses it.
 */
export function resolveApiUrl(env: Environment, explicit?: string): string | undefined {
  if (explicit) return explicit.replace(/\/+$/, '');
  if (env === 'PROD') return undefined;
  return scriptOrigin ?? DEFAULT_SANDBOX_API_URL;
}

/**
 * Where the script-tag build finds its other files (gateway-challenge.js, gateway-encrypt.js):
 * beside gateway.js wherever the page loaded it from (the sandbox, a CDN, the merchant's own
 * server), else the API's (the sandbox's when not set up).
 */
export function sdkFileUrl(file: string, apiUrl = scriptOrigin ?? DEFAULT_SANDBOX_API_URL): string {
  return scriptUrl ? new URL(file, scriptUrl).href : `${apiUrl}/sdk/${file}`;
}
