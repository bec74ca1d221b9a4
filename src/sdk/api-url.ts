import type { Environment } from './types';

/** Where `npm run sandbox` listens by default. */
const DEFAULT_SANDBOX_API_URL = 'http://127.0.0.1:4010';
/** Path the sandbox serves the script-tag build from. */
const SANDBOX_SCRIPT_PATH = '/sdk/gateway.js';

let scriptUrl: URL | undefined;
let scriptApiUrl: string | undefined;
/** The sandbox that served gateway.js (its own path), if it did. */
const sandboxOrigin = () => (scriptUrl?.pathname.endsWith(SANDBOX_SCRIPT_PATH) ? scriptUrl.origin : undefined);

/**
 * Remembers where the script tag came from and the API its `data-gateway-api-url` names. Called
 * once by the script-tag entry while it runs, the only moment `document.currentScript` is known.
 */
export function rememberScript(src: string | undefined, apiUrl: string | null | undefined): void {
  scriptApiUrl = apiUrl ?? undefined;
  try {
    // Throws on a missing or relative src: not a URL we can use.
    scriptUrl = new URL(src as string);
  } catch {
    // the other files then come from the API
  }
}

/**
 * The API the page named without calling setUp with `apiUrl`, and where it said so: a
 * `GatewayConfig = { apiUrl }` global (read at setUp: a page under RequireJS or a testing kit
 * cannot add attributes to the script tag), else the script tag's `data-gateway-api-url`.
 * See docs/sdk.md, "A script served from anywhere".
 */
export function configuredApiUrl(): { value: unknown; name: string } | undefined {
  const fromGlobal = (globalThis as { GatewayConfig?: { apiUrl?: unknown } }).GatewayConfig?.apiUrl;
  if (fromGlobal !== undefined) return { value: fromGlobal, name: 'GatewayConfig.apiUrl' };
  return scriptApiUrl === undefined ? undefined : { value: scriptApiUrl, name: 'data-gateway-api-url' };
}

/**
 * The API base URL for an environment: explicit option (setUp's, else the page's configuration),
 * then the sandbox that served us, then the default sandbox. PROD has no default (undefined): no
 * production API exists yet, and a built-in host this project does not control would receive
 * shoppers' cards; setUp refuses it.
 */
export function resolveApiUrl(env: Environment, explicit?: string): string | undefined {
  if (explicit) return explicit.replace(/\/+$/, '');
  if (env === 'PROD') return undefined;
  return sandboxOrigin() ?? DEFAULT_SANDBOX_API_URL;
}

/**
 * Where the script-tag build finds its other files (gateway-challenge.js, gateway-fields.js):
 * beside gateway.js wherever the page loaded it from (the sandbox, a CDN, the merchant's own
 * server), else the API's.
 */
export function sdkFileUrl(file: string, apiUrl: string): string {
  return scriptUrl ? new URL(file, scriptUrl).href : `${apiUrl}/sdk/${file}`;
}
