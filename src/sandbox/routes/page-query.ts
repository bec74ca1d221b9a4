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

/** A status to match: one (`404`) or a class (`4xx`). */
export const statusFilter = () =>
  described(
    z.optional(z.string().check(z.regex(/^[1-5](?:\d\d|xx)$/, 'must be a status such as 404 or a class such as 4xx'))),
    'Only answers with this status, or of this class (`4xx`).',
    '4xx',
  );

/** The statuses a {@link statusFilter} matches, as a range. */
export const statusRange = (text: string | undefined) =>
  text === undefined
    ? undefined
    : text.endsWith('xx')
      ? { from: Number(text[0]) * 100, to: Number(text[0]) * 100 + 99 }
      : { from: Number(text), to: Number(text) };

/**
 * The form of an instant to filter by: a date-time with its offset, or without one read as São
 * Paulo time, the time the console shows (a datetime-local field's value, `2026-11-28T14:30`). Its
 * fields are bounded in the pattern itself, so the OpenAPI document says exactly what is taken.
 */
const INSTANT =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;

/** An instant to filter by ({@link INSTANT}); an empty value, as a form sends it, is no filter. */
export const instantFilter = (what: string) =>
  described(
    z.optional(
      z
        .string()
        .check(
          z.regex(
            new RegExp(`${INSTANT.source}|^$`),
            'must be a date-time such as 2026-11-28T14:30 or 2026-11-28T14:30:00Z',
          ),
        ),
    ),
    what,
    '2026-11-28T14:30',
  );

/** Epoch ms of an {@link instantFilter}'s text. */
export const instant = (text: string): number =>
  INSTANT.test(text)
    ? Date.parse(/(?:Z|[+-]\d\d:\d\d)$/.test(text) ? text : `${text.length === 16 ? `${text}:00` : text}-03:00`)
    : Number.NaN;
