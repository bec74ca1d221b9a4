import type { Context } from 'hono';
import { INVALID_PARAMETER } from '../../core/error-item';
import { ApiError } from '../http/api-error';

export const IDEMPOTENCY_HEADER = 'x-idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The request's idempotency key: undefined when the header is absent, 400 when malformed. */
export function readIdempotencyKey(c: Context): string | undefined {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return undefined;
  if (!KEY_PATTERN.test(key)) {
    throw ApiError.of(
      400,
      INVALID_PARAMETER,
      IDEMPOTENCY_HEADER,
      `${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters without spaces (a UUID is a good key)`,
    );
  }
  return key;
}
