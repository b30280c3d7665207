/**
 * "Now" as an input (DESIGN rule 11). Code that counts per day, expires or schedules takes a Clock;
 * production passes systemClock, tests pass a fixed or stepped one (tests/support/clock.ts).
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Seconds from `now` until `until`, at least one: a TTL for the cache that ends at that instant. */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}
