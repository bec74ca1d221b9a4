import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PAYLOAD_TOO_LARGE } from '../../core/api-error-code';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';

/**
 * Refuses a body over `maxBytes` with 413 and the API error body. hono's bodyLimit judges a
 * declared Content-Length from the header alone and counts a chunked body while it streams,
 * stopping at the first byte over: a body is never read whole before it is measured, so a huge
 * upload cannot fill memory. The error goes through the app's error handler (JSON, or the
 * challenge origin's error page).
 */
export const bodySizeLimit = (maxBytes: number): MiddlewareHandler<AppEnv> =>
  bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw ApiError.of(413, PAYLOAD_TOO_LARGE, '', `The body is larger than ${maxBytes} bytes.`);
    },
  });
