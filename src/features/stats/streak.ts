/** `YYYY-MM-DD` of a UTC day, and back: the statistics count UTC days (migration 20261128000400). */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, delta: number): string => isoDay(new Date(dayStart(day).getTime() + delta * 86_400_000));

export interface Streaks {
  /** Days in a row with reading or listening, ending today (or yesterday: today is not over). */
  current: number;
  /** The longest such run among the days given. */
  longest: number;
}

/** Streaks over `activeDays` (UTC days with any activity, any order, duplicates allowed). */
export function streaks(activeDays: readonly string[], today: string): Streaks {
  const days = [...new Set(activeDays)].sort();
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of days) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const active = new Set(days);
  let current = 0;
  let day = active.has(today) ? today : addDays(today, -1);
  while (active.has(day)) {
    current++;
    day = addDays(day, -1);
  }
  return { current, longest };
}
