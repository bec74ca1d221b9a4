import type { Context } from 'hono';
import * as z from 'zod/mini';
import { UNSUPPORTED_MEDIA_TYPE } from '../http/api-error-code';
import { CHALLENGE_LOCALE_PARAM, CHALLENGE_PARENT_PARAM } from '../../core/challenge-protocol';
import { INVALID_PARAMETER, REQUIRED_PARAMETER, type ErrorItem } from '../../core/error-item';
import { ApiError } from '../http/api-error';
import { described } from '../http/described';
import { schemaParameters, type Parameter } from '../http/route';
import type { AuthenticationRecord } from '../three-ds/authentication-record';
import type { AuthenticationStore } from '../three-ds/authentication-store';
import { PAGE_LOCALES, type PageLocale } from './challenge-page-texts';
import { ID_PREFIXES, resourceId } from '../values/resource-id';

/** The parameters every challenge page and the code form carry, checked and the token verified. */
export interface ChallengeParams {
  record: AuthenticationRecord;
  token: string;
  locale: PageLocale;
  /** Origin of the SDK's page: the only one that may frame the challenge pages (CSP frame-ancestors). */
  parent: string;
}

export const isOrigin = (value: string) => {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
};

/**
 * The parameters every challenge page's URL and form carry, made anew for each use: the query's
 * (described for the document, and what readChallengeParams checks each value with) and each form's.
 */
const challengeFields = () => ({
  authentication: resourceId(ID_PREFIXES.authentication),
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/)),
  // Every origin is a URL: the document says uri; the check, an http(s) origin.
  parent: z.url().check(z.refine(isOrigin)),
  locale: z.optional(z.enum(PAGE_LOCALES)),
});
const QUERY = challengeFields();

/** The document's view of the parameters a challenge page's URL carries. */
export const CHALLENGE_QUERY: Parameter[] = schemaParameters(
  z.strictObject({
    authentication: described(QUERY.authentication, 'The authentication id (3DS_<uuid>) of the challenge URL.'),
    token: described(QUERY.token, 'The challenge token of the challenge URL.'),
    parent: described(QUERY.parent, 'Origin of the page that frames the challenge (the SDK adds it).'),
    locale: described(QUERY.locale, 'Language of the page.'),
  }),
  'query',
);

/** The language a request asks for, for its pages and its error pages; pt-BR when absent or unknown. */
export const pageLocale = (value: string | undefined): PageLocale =>
  PAGE_LOCALES.includes(value as PageLocale) ? (value as PageLocale) : 'pt-BR';

/**
 * Checks `authentication`, `token`, `parent` and `locale` (query or form fields) and verifies the
 * challenge token: 400 naming each bad field; 403 when the token does not open this authentication
 * (an unknown id gets the same answer, so ids cannot be probed) or when `parent` is not an origin
 * the sandbox allows (`corsOrigins`).
 */
export function readChallengeParams(
  get: (name: string) => string | undefined,
  store: AuthenticationStore,
  corsOrigins?: readonly string[],
): ChallengeParams {
  const errors: ErrorItem[] = [];
  const field = (name: string, schema: z.ZodMiniType, rule: string) => {
    const value = get(name);
    if (value === undefined || value === '')
      errors.push({ code: REQUIRED_PARAMETER, parameterName: name, description: `${name} is required` });
    else if (!schema.safeParse(value).success)
      errors.push({ code: INVALID_PARAMETER, parameterName: name, description: `${name} ${rule}` });
    return value ?? '';
  };
  const id = field('authentication', QUERY.authentication, 'must be an authentication id (3DS_<uuid>)');
  const token = field('token', QUERY.token, 'must be the challenge token of the challenge URL');
  const parent = field(
    CHALLENGE_PARENT_PARAM,
    QUERY.parent,
    'must be the http(s) origin of the page that frames the challenge, such as https://shop.example',
  );
  const locale = get(CHALLENGE_LOCALE_PARAM);
  if (!QUERY.locale.safeParse(locale).success) {
    errors.push({
      code: INVALID_PARAMETER,
      parameterName: CHALLENGE_LOCALE_PARAM,
      description: `locale must be one of ${PAGE_LOCALES.join(', ')}`,
    });
  }
  if (errors.length) throw new ApiError(400, errors);
  const record = store.byChallengeToken(id, token);
  if (!record)
    throw ApiError.of(
      403,
      INVALID_PARAMETER,
      'token',
      'The challenge token does not open this authentication: use the challenge URL the API returned.',
    );
  if (corsOrigins && !corsOrigins.includes(parent)) {
    throw ApiError.of(
      403,
      INVALID_PARAMETER,
      CHALLENGE_PARENT_PARAM,
      `${parent} is not an origin this sandbox allows (--cors-origin).`,
    );
  }
  return { record, token, locale: pageLocale(locale), parent };
}

/**
 * Reads an `application/x-www-form-urlencoded` body (the issuer page's form): 415 for another
 * type. The size limit (413) is the bodySizeLimit middleware's, enforced while the body streams in.
 */
export async function readForm(c: Context): Promise<URLSearchParams> {
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
    throw ApiError.of(
      415,
      UNSUPPORTED_MEDIA_TYPE,
      '',
      'The body must be a form, sent as application/x-www-form-urlencoded.',
    );
  }
  return new URLSearchParams(await c.req.text());
}

/** The document's view of the form of a challenge page: the parameters above and the page's own fields. */
export const challengeForm = (extra: Record<string, z.ZodMiniType>) =>
  z.strictObject({ ...challengeFields(), ...extra });
