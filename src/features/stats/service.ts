import type { Db } from '../../platform/db/index.ts';
import { booksSince, daysSince } from './queries.ts';
import { addDays, isoDay, streaks, type Streaks } from './streak.ts';

/** The window of the profile's statistics: the year at a glance. */
export const STATS_DAYS = 365;
export const TOP_BOOKS = 5;

export interface StatsDay {
  day: string;
  chapters: number;
  words: number;
  minutes: number;
}

export interface StatsBook {
  slug: string;
  title: string;
  chapters: number;
  words: number;
  minutes: number;
}

export interface ReadingStats {
  /** The UTC day the statistics end on; `from` is STATS_DAYS - 1 days before. */
  today: string;
  from: string;
  /** Days with any reading or listening, oldest first. */
  days: StatsDay[];
  totals: { chapters: number; words: number; minutes: number; activeDays: number };
  streak: Streaks;
  books: StatsBook[];
}

const minutesOf = (seconds: number) => Math.round((seconds / 60) * 10) / 10;

/** A reader's last year of reading and listening: two range reads of reading_days. */
export async function readingStats(db: Db, userId: string, now: Date): Promise<ReadingStats> {
  const today = isoDay(now);
  const from = addDays(today, -(STATS_DAYS - 1));
  const [dayRows, bookRows] = await Promise.all([daysSince(db, userId, from), booksSince(db, userId, from, TOP_BOOKS)]);
  const days = dayRows.filter((d) => d.day <= today).map((d) => ({ day: d.day, chapters: d.chapters, words: d.words, minutes: minutesOf(d.listened_seconds) }));
  const totals = days.reduce((sum, d) => ({ chapters: sum.chapters + d.chapters, words: sum.words + d.words, minutes: sum.minutes + d.minutes, activeDays: sum.activeDays + 1 }), { chapters: 0, words: 0, minutes: 0, activeDays: 0 });
  totals.minutes = Math.round(totals.minutes * 10) / 10;
  return {
    today,
    from,
    days,
    totals,
    streak: streaks(days.map((d) => d.day), today),
    books: bookRows.map((b) => ({ slug: b.slug, title: b.title, chapters: b.chapters, words: b.words, minutes: minutesOf(b.listened_seconds) })),
  };
}
