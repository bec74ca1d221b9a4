import type { Context } from 'hono';

/**
 * The token of the Authorization header, read as merchantAuth reads it (with or without the
 * word Bearer). Only for routes behind merchantAuth, where it is known to be valid.
 */
export const bearerToken = (c: Context): string => (c.req.header('authorization') ?? '').trim().replace(/^Bearer\s+/i, '');
