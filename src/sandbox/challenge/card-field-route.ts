import { html, raw } from 'hono/html';
import * as z from 'zod/mini';
import { CHALLENGE_LOCALE_PARAM, CHALLENGE_PARENT_PARAM } from '../../core/challenge-protocol';
import { INVALID_PARAMETER, REQUIRED_PARAMETER, type ErrorItem } from '../../core/error-item';
import { ApiError } from '../http/api-error';
import { described } from '../http/described';
import { defineRoute, schemaParameters, type Route } from '../http/route';
import { html as htmlAnswer } from '../http/route-answers';
import { cspHash, pageScript } from './challenge-assets';
import { PAGE_LOCALES } from './challenge-page-texts';
import { isOrigin, pageLocale } from './challenge-params';

/** Where the SDK frames each hosted card field (docs/card-fields.md). */
export const CARD_FIELD_PATH = '/card-fields/field';
const FIELDS = ['number', 'expiry', 'securityCode', 'holderName'] as const;

/**
 * The page's one stylesheet: the frame's script inserts its rules into it through the CSSOM, which
 * the CSP (this text's hash) does not restrict, so the merchant's allowed styles need no inline CSS.
 */
const STYLE = ':root{color-scheme:light}';

const QUERY = {
  field: z.enum(FIELDS),
  parent: z.url().check(z.refine(isOrigin)),
  locale: z.optional(z.enum(PAGE_LOCALES)),
};
const CARD_FIELD_QUERY = schemaParameters(
  z.strictObject({
    field: described(QUERY.field, 'The field this frame hosts.'),
    parent: described(QUERY.parent, 'Origin of the checkout page that frames the field (the SDK adds it).'),
    locale: described(QUERY.locale, 'Language of the label and messages until the SDK sends its own.'),
  }),
  'query',
);

/**
 * GET /card-fields/field: one hosted card field, on the challenge origin so a checkout's CSP names
 * one frame origin. Framed only by `parent` (frame-ancestors), which must be an origin the sandbox
 * allows (--cors-origin); the page loads nothing but its inline script and stylesheet (by their
 * hashes) and, for the merchant's web fonts, https fonts. It connects nowhere: the card leaves it
 * only encrypted, through the SDK.
 */
export const CARD_FIELD_ROUTE: Route = defineRoute({
  operationId: 'getCardField',
  method: 'get',
  path: CARD_FIELD_PATH,
  origin: 'challenge',
  tag: 'Challenge origin',
  summary: 'One hosted card field, the page the SDK frames for createCardFields',
  description: 'Errors are HTML pages when the request accepts text/html, the error body otherwise.',
  security: 'none',
  parameters: CARD_FIELD_QUERY,
  responses: {
    '200': htmlAnswer('The field page.', {
      headers: {
        'content-security-policy': {
          description:
            "Only the page's inline script and stylesheet (by their hashes) and https web fonts; framed only by `parent`; no connections.",
          required: true,
          schema: { type: 'string' },
        },
      },
    }),
  },
  errors: [400, 403],
  handle: (deps) => (c) => {
    const errors: ErrorItem[] = [];
    const read = (name: string, schema: z.ZodMiniType, rule: string) => {
      const value = c.req.query(name);
      if (value === undefined || value === '') {
        if (name !== CHALLENGE_LOCALE_PARAM)
          errors.push({ code: REQUIRED_PARAMETER, parameterName: name, description: `${name} is required` });
      } else if (!schema.safeParse(value).success)
        errors.push({ code: INVALID_PARAMETER, parameterName: name, description: `${name} ${rule}` });
      return value ?? '';
    };
    const field = read('field', QUERY.field, `must be one of ${FIELDS.join(', ')}`);
    const parent = read(
      CHALLENGE_PARENT_PARAM,
      QUERY.parent,
      'must be the http(s) origin of the page that frames the field, such as https://shop.example',
    );
    const locale = pageLocale(read(CHALLENGE_LOCALE_PARAM, QUERY.locale, `must be one of ${PAGE_LOCALES.join(', ')}`));
    if (errors.length) throw new ApiError(400, errors);
    if (deps.corsOrigins && !deps.corsOrigins.includes(parent))
      throw ApiError.of(
        403,
        INVALID_PARAMETER,
        CHALLENGE_PARENT_PARAM,
        `${parent} is not an origin this sandbox allows (--cors-origin).`,
      );
    const script = pageScript('card-field');
    const scriptSource = script?.cspSource ?? "'self'";
    c.header(
      'content-security-policy',
      `default-src 'none'; script-src ${scriptSource}; style-src ${cspHash(STYLE)}; font-src https:; ` +
        `base-uri 'none'; form-action 'none'; frame-ancestors ${parent}`,
    );
    return c.html(
      html`<!doctype html>
<html lang="${locale}" data-field="${field}" data-parent="${parent}" data-locale="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${field}</title>
<style>${raw(STYLE)}</style>
</head>
<body>${script ? html`<script>${raw(script.inline)}</script>` : html`<script src="/card-fields/field.js"></script>`}</body>
</html>`,
    );
  },
});
