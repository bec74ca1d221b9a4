import type { FieldRule } from '../../core/field-rules';

const ISO_WITH_ZONE = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const BRASILIA_OFFSET_MS = -3 * 3_600_000;

/**
 * A QR code's `expiration_date`: ISO 8601 with `Z` or an offset (docs/rules.md#pix), read as
 * milliseconds since the epoch; fractions beyond milliseconds (Python's isoformat writes
 * microseconds) are accepted and cut. The calendar is checked too: JavaScript's Date reads 30 February
 * as 2 March, and a code expiring on another day than the one asked would be worse than a 400.
 * Anything else, a number of milliseconds included (the provider takes the text only), reads as
 * NaN, which the test refuses.
 */
export const expirationDateRule: FieldRule = {
  message: 'must be a date and time in ISO 8601 with Z or an offset, such as 2026-11-23T23:59:59-03:00',
  normalise: (v) => {
    const m = typeof v === 'string' ? ISO_WITH_ZONE.exec(v) : null;
    if (!m) return Number.NaN;
    const ms = Date.parse(v as string);
    const naive = new Date(`${m[1]}T${m[2]}${m[3] ?? ''}Z`);
    return Number.isNaN(naive.getTime()) || naive.toISOString().slice(0, 10) !== m[1] ? Number.NaN : ms;
  },
  test: (v) => Number.isFinite(v),
};

/**
 * When a QR code created without `expiration_date` expires: 23:59:59.000 of the next day in
 * Brasília time, as the provider does (docs/rules.md#pix).
 */
export function defaultExpiration(now: number): number {
  const local = new Date(now + BRASILIA_OFFSET_MS);
  const endOfNextDay = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1, 23, 59, 59, 0);
  return endOfNextDay - BRASILIA_OFFSET_MS;
}
