/** Where the sandbox reads the time, so tests can move it instead of waiting. */
export interface Clock {
  now(): Date;
}

/** The real time, shifted by an offset tests can move forward (`advance`). */
export class SandboxClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the sandbox's time forward, e.g. past a session's expiry. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/** `-03:00` for -180 minutes: the offset as ISO 8601 writes it. */
const zoneOf = (offsetMinutes: number): string => {
  const abs = Math.abs(offsetMinutes);
  return `${offsetMinutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};
/** São Paulo's offset, the one nearly every timestamp is written in. */
const BRASILIA = -180;

/** ISO 8601 with milliseconds and a time-zone offset (docs/rules.md#formats): 2026-11-22T11:15:44.123-03:00. */
export function timestamp(date: Date, offsetMinutes: number = BRASILIA): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString();
  // toISOString always ends in Z: the local time is everything before it.
  return local.slice(0, -1) + zoneOf(offsetMinutes);
}
