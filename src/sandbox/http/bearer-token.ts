import type { Context } from 'hono';

/**
 * The token of the Authorization header, with or without the word Bearer (a bare token is
 * accepted: docs/rules.md#credentials); '' when there is none. merchantAuth checks it; routes behind it may
 * take it as valid.
 */
export const bearerToken = (c: Context): string =>
  (c.req.header('authorization') ?? '').trim().replace(/^Bearer\s+/i, '');
