import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PAYLOAD_TOO_LARGE } from '../http/api-error-code';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';

/**
 * Refuses a body over `maxBytes` with 413 and the API error body, before the body is read. A
 * declared Content-Length is judged from the header alone (Node's parser never delivers more
 * than it declares); a chunked body is counted by hono's bodyLimit while it streams, stopping at
 * the first byte over, so a huge upload cannot fill memory. Only that second case builds the
 * full Request object, which costs a third of the 3DS endpoint's throughput when done for every
 * request. The error goes through the app's error handler (JSON, or the challenge origin's
 * error page).
 */
export const bodySizeLimit = (maxBytes: number): MiddlewareHandler<AppEnv> => {
  const tooLarge = () => ApiError.of(413, PAYLOAD_TOO_LARGE, '', `The body is larger than ${maxBytes} bytes.`);
  const streamed = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge();
    },
  });
  return (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(length) > maxBytes) throw tooLarge();
      return next();
    }
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    return streamed(c, next);
  };
};
