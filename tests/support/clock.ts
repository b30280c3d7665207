import type { Clock } from '../../src/platform/clock.ts';

/**
 * A clock a test sets (DESIGN rule 11). It starts at the real time, so whatever it stamps also
 * sits right beside what the database and the cache stamp, and moves only when the test says.
 */
export interface TestClock {
  now: Clock;
  set(instant: Date): void;
  advance(ms: number): void;
}

export function testClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (instant) => void (current = instant.getTime()),
    advance: (ms) => void (current += ms),
  };
}

/** A minute before the end of the real UTC day: a test that crosses midnight from there never meets a date it wrote down. */
export function justBeforeUtcMidnight(from: Date = new Date()): Date {
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + 1) - 60_000);
}
