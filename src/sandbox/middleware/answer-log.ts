import { appendFileSync } from 'node:fs';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { rawPath } from '../http/raw-path';

/**
 * For contract tests: appends every answer (method, path, status, headers, and the body when it
 * is JSON) as one JSON line to `file`, for scripts/contract-answers.mjs to check against the
 * OpenAPI document. Answers never hold a card number or security code, so neither can the file.
 * Outermost middleware, so it sees what the client gets (error answers and x-trace-id included).
 * Preflight (OPTIONS) answers are CORS's, not the API's, and are left out.
 */
export const answerLog =
  (file: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await next();
    if (c.req.method === 'OPTIONS') return;
    const headers: Record<string, string> = {};
    c.res.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const json = /^application\/json/i.test(headers['content-type'] ?? '');
    const body = json ? await c.res.clone().text() : undefined;
    appendFileSync(
      file,
      `${JSON.stringify({ method: c.req.method, path: rawPath(c), status: c.res.status, headers, ...(body !== undefined && { body }) })}\n`,
    );
  };
