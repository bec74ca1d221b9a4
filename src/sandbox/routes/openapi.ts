import { Hono } from 'hono';
import { NOT_FOUND } from '../http/api-error-code';
import type { AppEnv, SandboxDeps } from '../app-env';
import { ApiError } from '../http/api-error';
import { servedDocument } from '../openapi/served-document';
import { referencePage, referencePageCsp } from '../openapi/reference-page';

/**
 * GET /openapi.json: the sandbox's OpenAPI 3.1 document (docs/openapi.json, generated from the
 * route table and the zod schemas), with this sandbox's own addresses as its servers; GET /docs:
 * the same as a page (no script, works offline). Public, like any API reference.
 */
export function openApiRoutes(deps: SandboxDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let document: ReturnType<typeof servedDocument>;
  const current = () => {
    document ??= servedDocument(deps.apiUrl, deps.challengeUrl);
    if (!document) throw ApiError.of(404, NOT_FOUND, '', 'The OpenAPI document is missing: run `npm run build`.');
    return document;
  };
  app.get('/openapi.json', (c) => c.json(current()));
  app.get('/docs', (c) => {
    const page = referencePage(current());
    c.header('content-security-policy', referencePageCsp());
    c.header('x-content-type-options', 'nosniff');
    return c.html(page);
  });
  return app;
}
