import { errorItem, INVALID_PARAMETER, REQUIRED_PARAMETER, type ErrorItem } from '../core/error-item';
import { randomUuid } from '../core/trace-id';
import { configuredApiUrl, resolveApiUrl } from './api-url';
import { ErrorCode } from './errors/error-code';
import { GatewayError } from './errors/gateway-error';
import type { Environment, Locale, SetUpOptions } from './types';

/** The environments, as `Gateway.env.PROD` and `Gateway.env.SANDBOX`. */
export const env: { readonly [E in Environment]: E } = Object.freeze({ PROD: 'PROD', SANDBOX: 'SANDBOX' });

/** What setUp stored: everything a call needs to reach the API. */
export interface Config {
  session: string;
  env: Environment;
  apiUrl: string;
  timeout: number;
  locale: Locale;
}

let current: Config | undefined;

/** The configuration of the last successful setUp, if any. */
export const getConfig = (): Config | undefined => current;

const fail = (items: ErrorItem[]): never => {
  throw new GatewayError(ErrorCode.INVALID_SETUP, `setUp: ${items.map((i) => i.description).join('; ')}`, {
    httpStatus: 400,
    traceId: randomUuid(),
    errorMessages: items,
  });
};

/**
 * Binds the SDK to a merchant session. Call it before {@link authenticate3DS}, and again with a
 * new session whenever the session expires (it lasts at most 30 minutes). Throws a
 * {@link GatewayError} with code `INVALID_SETUP` naming the bad field.
 *
 * @example
 * ```ts
 * import { env, setUp } from '@gateway/sdk';
 * // `session`: what your server got from POST /checkout-sdk/sessions, never typed into the page.
 * setUp({ session, env: env.SANDBOX });
 * ```
 */
export function setUp(options: SetUpOptions): void {
  if (typeof options !== 'object' || options === null) {
    fail([
      errorItem(
        options == null ? REQUIRED_PARAMETER : INVALID_PARAMETER,
        'options',
        'must be an object with session and env',
      ),
    ]);
  }
  const items: ErrorItem[] = [];
  const bad = (code: string, name: string, rule: string) => items.push(errorItem(code, name, rule));
  let o: Partial<Record<keyof SetUpOptions, unknown>> = {};
  try {
    // Each option read once, in this order: a getter runs once, and one that throws is one item.
    for (const key of ['session', 'env', 'apiUrl', 'timeout', 'locale'] as const) o[key] = options[key];
  } catch {
    o = {};
    bad(INVALID_PARAMETER, 'options', 'could not be read');
  }
  if (o.session == null || o.session === '') bad(REQUIRED_PARAMETER, 'session', 'is required');
  else if (typeof o.session !== 'string' || !/^[\x21-\x7e]{1,2048}$/.test(o.session))
    bad(INVALID_PARAMETER, 'session', 'must be the session string your server received');
  if (o.env == null) bad(REQUIRED_PARAMETER, 'env', 'is required: "PROD" or "SANDBOX"');
  else if (o.env !== 'PROD' && o.env !== 'SANDBOX') bad(INVALID_PARAMETER, 'env', 'must be "PROD" or "SANDBOX"');
  let apiUrl: string | undefined;
  // setUp's apiUrl, else the one the page configured (a GatewayConfig global, the script tag's
  // data-gateway-api-url), named as the page wrote it when it is not a URL.
  const given = o.apiUrl === undefined ? configuredApiUrl() : { value: o.apiUrl, name: 'apiUrl' };
  if (given) {
    try {
      // new URL throws on anything that is not an absolute URL: apiUrl stays unset.
      if (typeof given.value === 'string' && /^https?:$/.test(new URL(given.value).protocol)) apiUrl = given.value;
    } catch {}
    if (!apiUrl) bad(INVALID_PARAMETER, given.name, 'must be an absolute http(s) URL');
  }
  if (
    o.timeout !== undefined &&
    !(Number.isInteger(o.timeout) && (o.timeout as number) >= 1000 && (o.timeout as number) <= 120_000)
  )
    bad(INVALID_PARAMETER, 'timeout', 'must be an integer number of milliseconds from 1000 to 120000');
  if (o.locale !== undefined && o.locale !== 'pt-BR' && o.locale !== 'en')
    bad(INVALID_PARAMETER, 'locale', 'must be "pt-BR" or "en"');
  if (items.length) fail(items);
  const resolved = resolveApiUrl(o.env as Environment, apiUrl);
  if (resolved === undefined)
    fail([
      errorItem(
        REQUIRED_PARAMETER,
        'apiUrl',
        'is required with env "PROD": pass the production API base URL your Gateway account was given, ' +
          'e.g. setUp({ session, env: "PROD", apiUrl: "https://..." })',
      ),
    ]);
  // The options as read (session, env), with the API's address resolved and the defaults filled in.
  current = {
    ...(o as Config),
    apiUrl: resolved as string,
    timeout: (o.timeout as number | undefined) ?? 15_000,
    locale: (o.locale as Locale | undefined) ?? 'pt-BR',
  };
}
