import { NOT_FOUND } from '../http/api-error-code';
import type { SandboxDeps } from '../app-env';
import { ApiError } from '../http/api-error';
import { servedDocument } from '../openapi/served-document';
import { referencePage, referencePageCsp } from '../openapi/reference-page';
import { defineRoute, type Route } from '../http/route';
import { html } from '../http/route-answers';
import { answerJson } from '../http/json-answer';

/** The served document, read once per app on first use, with this sandbox's own addresses as its servers. */
function documentOf(deps: SandboxDeps): () => NonNullable<ReturnType<typeof servedDocument>> {
  let document: ReturnType<typeof servedDocument>;
  return () => {
    document ??= servedDocument(deps.apiUrl, deps.challengeUrl);
    if (!document) throw ApiError.of(404, NOT_FOUND, '', 'The OpenAPI document is missing: run `npm run build`.');
    return document;
  };
}

/**
 * GET /openapi.json: the sandbox's OpenAPI 3.1 document (docs/openapi.json, generated from the
 * route table and the zod schemas), with this sandbox's own addresses as its servers; GET /docs:
 * the same as a page (no script, works offline). Public, like any API reference.
 */
export const OPENAPI_ROUTES: Route[] = [
  defineRoute({
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/openapi.json',
    origin: 'api',
    tag: 'Reference',
    summary: 'This document',
    security: 'none',
    responses: {
      '200': { description: 'The OpenAPI 3.1 document of the sandbox.', contentType: 'application/json' },
    },
    errors: [404],
    handle: (deps) => {
      const current = documentOf(deps);
      return (c) => answerJson(c, current());
    },
  }),
  defineRoute({
    operationId: 'getReferencePage',
    method: 'get',
    path: '/docs',
    origin: 'api',
    tag: 'Reference',
    summary: 'This document as a readable page (offline, no scripts)',
    security: 'none',
    responses: { '200': html('The reference page.') },
    errors: [404],
    handle: (deps) => {
      const current = documentOf(deps);
      return (c) => {
        const page = referencePage(current());
        c.header('content-security-policy', referencePageCsp());
        c.header('x-content-type-options', 'nosniff');
        return c.html(page);
      };
    },
  }),
];
