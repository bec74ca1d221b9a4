import type { Context } from 'hono';
import { MALFORMED_JSON, UNSUPPORTED_MEDIA_TYPE } from './api-error-code';
import { INVALID_PARAMETER, UNEXPECTED_PARAMETER } from '../../core/error-item';
import { ApiError } from './api-error';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';
import { withoutNulls } from './parse-with-schema';

// A whole-buffer decode keeps no state between calls, so one decoder serves every request.
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a JSON object body. Every way a body can be wrong is a 4xx with an error body, never
 * a 500: wrong content type 415, nested deeper than {@link MAX_JSON_DEPTH} levels 400 with 40002
 * (checked on the text, before the parse and every walk after it: docs/rules.md#limits), not JSON or
 * not an object 400, prototype-polluting keys (`__proto__`, `constructor`, `prototype`) 400 with
 * 40003. The size limit (413) is the bodySizeLimit middleware's, enforced while the body streams
 * in. Keys holding null are dropped: null means "not given" on every JSON body
 * (docs/rules.md#null-means-not-given).
 */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw ApiError.of(
      415,
      UNSUPPORTED_MEDIA_TYPE,
      '',
      'The body must be JSON, sent with Content-Type: application/json.',
    );
  }
  const buffer = await c.req.arrayBuffer();
  let text: string;
  try {
    text = UTF8.decode(buffer);
  } catch {
    throw ApiError.of(400, MALFORMED_JSON, '', 'The body is not valid JSON.');
  }
  c.set('bodyText', text);
  if (nestsDeeperThan(text)) {
    throw ApiError.of(
      400,
      INVALID_PARAMETER,
      '',
      `The body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep, the most the API reads.`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw ApiError.of(400, MALFORMED_JSON, '', 'The body is not valid JSON.');
  }
  // JSON.parse makes `__proto__` an own key like any other (escaped or not), so the copy sees them all.
  let forbidden: string | undefined;
  const copy = withoutNulls(body, (key) => {
    forbidden ??= key;
  });
  if (forbidden)
    throw ApiError.of(
      400,
      UNEXPECTED_PARAMETER,
      forbidden,
      `The key "${forbidden}" is not allowed anywhere in a body.`,
    );
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw ApiError.of(400, INVALID_PARAMETER, '', 'The body must be a JSON object.');
  }
  return copy as Record<string, unknown>;
}
