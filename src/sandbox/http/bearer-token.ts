import type { Context } from 'hono';

/**
 * The token of the Authorization header, with or without the word Bearer (SPEC.md shows one
 * example without it); '' when there is none. merchantAuth checks it; routes behind it may
 * take it as valid.
 */
export const bearerToken = (c: Context): string => (c.req.header('authorization') ?? '').trim().replace(/^Bearer\s+/i, '');
