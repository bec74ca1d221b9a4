import { describe, expect, it } from 'vitest';
import { timestamp } from '../../src/sandbox/clock';

describe('timestamp', () => {
  const instant = new Date('2026-11-22T14:15:44.123Z');

  it('writes São Paulo time with milliseconds and the -03:00 offset by default', () => {
    expect(timestamp(instant)).toBe('2026-11-22T11:15:44.123-03:00');
    expect(timestamp(new Date('2026-01-01T02:00:00.000Z'))).toBe('2025-12-31T23:00:00.000-03:00');
  });

  it('writes any other offset as ISO 8601 does', () => {
    expect(timestamp(instant, 0)).toBe('2026-11-22T14:15:44.123+00:00');
    expect(timestamp(instant, 330)).toBe('2026-11-22T19:45:44.123+05:30');
    expect(timestamp(instant, -90)).toBe('2026-11-22T12:45:44.123-01:30');
  });

  it('gives each call its own instant and offset, whatever was written just before', () => {
    expect(timestamp(instant)).toBe('2026-11-22T11:15:44.123-03:00');
    expect(timestamp(new Date(instant.getTime()))).toBe('2026-11-22T11:15:44.123-03:00');
    expect(timestamp(instant, 0)).toBe('2026-11-22T14:15:44.123+00:00');
    expect(timestamp(new Date(instant.getTime() + 1))).toBe('2026-11-22T11:15:44.124-03:00');
    expect(timestamp(instant, -180)).toBe('2026-11-22T11:15:44.123-03:00');
  });

  it("keeps two instants apart when calls alternate between them, as an answer's creation and expiry do", () => {
    const expiry = new Date(instant.getTime() + 600_000);
    const later = new Date(instant.getTime() + 7);
    for (let round = 0; round < 3; round++) {
      expect(timestamp(instant)).toBe('2026-11-22T11:15:44.123-03:00');
      expect(timestamp(expiry)).toBe('2026-11-22T11:25:44.123-03:00');
    }
    expect(timestamp(later)).toBe('2026-11-22T11:15:44.130-03:00');
    expect(timestamp(instant)).toBe('2026-11-22T11:15:44.123-03:00');
    expect(timestamp(expiry)).toBe('2026-11-22T11:25:44.123-03:00');
    expect(timestamp(later)).toBe('2026-11-22T11:15:44.130-03:00');
  });
});
