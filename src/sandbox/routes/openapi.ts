import { Hono } from 'hono';
import type { AppEnv, SandboxDeps } from '../app-env';
import { openApiDocument } from '../openapi/openapi-document';
import { referencePage, referencePageCsp } from '../openapi/reference-page';

/**
 * GET /openapi.json: the sandbox's OpenAPI 3.1 document, with this sandbox's own addresses as its
 * servers; GET /docs: the same as a page (no script, works offline). Public, like any API reference.
 */
export function openApiRoutes(deps: SandboxDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let document: ReturnType<typeof openApiDocument> | undefined;
  const current = () => (document ??= openApiDocument({ apiUrl: deps.apiUrl, challengeUrl: deps.challengeUrl }));
  app.get('/openapi.json', (c) => c.json(current()));
  app.get('/docs', (c) => {
    c.header('content-security-policy', referencePageCsp());
    c.header('x-content-type-options', 'nosniff');
    return c.html(referencePage(current()));
  });
  return app;
}
