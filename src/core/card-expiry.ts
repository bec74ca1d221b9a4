/**
 * True when a card expired before the month of `now`: a card is valid through its expiry month.
 * `utc` reads `now` in UTC instead of local time.
 */
export function hasExpired(month: number, year: number, now: Date, utc = false): boolean {
  const current = utc ? now.getUTCFullYear() * 12 + now.getUTCMonth() : now.getFullYear() * 12 + now.getMonth();
  return year * 12 + month < current + 1;
}
