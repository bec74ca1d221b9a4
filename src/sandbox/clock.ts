/** Where the sandbox reads the time, so tests can move it instead of waiting. */
export interface Clock {
  now(): Date;
}

/** Told the sandbox time before and after the clock moved (epoch ms). */
type AdvanceListener = (from: number, to: number) => void;

/** The real time, shifted by an offset tests can move forward (`advance`). */
export class SandboxClock implements Clock {
  private offsetMs = 0;
  private readonly listeners = new Set<AdvanceListener>();

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /**
   * Moves the sandbox's time forward, e.g. past a session's expiry; then tells the listeners, so
   * what falls due in the time skipped happens now (boletos and Pix codes expire, webhook retries
   * go out), each at the moment the clock passed it.
   */
  advance(ms: number): void {
    const from = Date.now() + this.offsetMs;
    this.offsetMs += ms;
    const to = from + ms;
    for (const listener of this.listeners) listener(from, to);
  }

  /** Calls `listener` after each advance until the returned function is called. */
  onAdvance(listener: AdvanceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
