import * as z from 'zod/mini';
import { described } from '../http/described';
import { integer } from '../http/request-fields';

/** How many entries one page of a console list holds, unless `limit` says otherwise. */
const DEFAULT_PAGE = 50;

/** The paging fields of the console's lists: newest first, `before` the previous page's `next_before`. */
export const pageFields = {
  limit: described(
    z._default(integer(1, 200), DEFAULT_PAGE),
    `Entries in one page, 1 to 200. Default ${DEFAULT_PAGE}.`,
    20,
  ),
  before: described(
    z.optional(integer(1, 999_999_999)),
    "Only entries older than this one: the previous page's `next_before`.",
    120,
  ),
};

/** A text to match exactly, at most `max` characters: a filter that matches nothing finds nothing, never a 400. */
export const matchText = (max: number) => z.optional(z.string().check(z.maxLength(max)));

/** A resource id to filter on: the entries that named it or showed it. */
export const resourceFilter = () =>
  described(matchText(100), 'Only entries about this order, charge, QR code or 3DS authentication id.');
