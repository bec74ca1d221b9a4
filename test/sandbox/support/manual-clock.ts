import type { Clock } from '../../../src/sandbox/clock';

/** A clock that moves only when told, so tests at an exact boundary do not race real time. */
export class ManualClock implements Clock {
  private ms = Date.UTC(2026, 10, 22, 12, 0, 0);

  now(): Date {
    return new Date(this.ms);
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}
