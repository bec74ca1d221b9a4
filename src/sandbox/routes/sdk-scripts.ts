import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NOT_FOUND } from '../http/api-error-code';
import { ApiError } from '../http/api-error';
import { defineRoute, type Route } from '../http/route';

/**
 * The scripts served: the script-tag build and the code it loads on demand from beside itself (the
 * challenge, card fields). The route's pattern, its OpenAPI parameter and the docs' lists come
 * from here; test/sandbox/sdk-scripts.test.ts checks it names every script the build writes.
 */
export const SDK_SCRIPT_FILES = ['gateway.js', 'gateway-challenge.js', 'gateway-fields.js'] as const;
const quoted = (file: string) => file.replaceAll('.', '\\.');

/** The script-tag build and the challenge and card-fields code it loads on demand from beside itself. */
export const SDK_SCRIPT_ROUTE: Route = defineRoute({
  operationId: 'getSdkScript',
  method: 'get',
  path: '/sdk/{file}',
  pattern: `/sdk/:file{(?:${SDK_SCRIPT_FILES.map(quoted).join('|')})}`,
  origin: 'api',
  tag: 'SDK',
  summary: `The SDK script-tag build and the code it loads on demand: ${SDK_SCRIPT_FILES.join(', ')}`,
  security: 'none',
  parameters: [
    {
      name: 'file',
      in: 'path',
      required: true,
      description: `One of ${SDK_SCRIPT_FILES.join(', ')}.`,
      schema: { type: 'string', enum: [...SDK_SCRIPT_FILES] },
    },
  ],
  responses: { '200': { description: 'The script.', contentType: 'text/javascript' } },
  errors: [404],
  handle: (deps) => (c) => {
    const file = join(dirname(deps.sdkScriptPath), c.req.param('file')!);
    let script: Buffer;
    try {
      script = readFileSync(file);
    } catch {
      throw ApiError.of(404, NOT_FOUND, '', 'The SDK build is missing: run `npm run build`.');
    }
    return c.body(new Uint8Array(script), 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
    });
  },
});
