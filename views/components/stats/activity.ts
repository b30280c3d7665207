import type { StatsDay } from '../../../src/features/stats/service.ts';

/** A day's activity in chapters: listening counts a chapter a quarter of an hour (a typical chapter's narration). */
export const activityOf = (day: Pick<StatsDay, 'chapters' | 'minutes'> | undefined) => (day ? day.chapters + day.minutes / 15 : 0);

/** Five shades: none, and four steps up to a busy day (7 chapter-equivalents or more). */
export function levelOf(activity: number): 0 | 1 | 2 | 3 | 4 {
  if (activity <= 0) return 0;
  if (activity < 2) return 1;
  if (activity < 4) return 2;
  if (activity < 7) return 3;
  return 4;
}
