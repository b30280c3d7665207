import type { Cache } from '../../platform/cache/port.ts';
import { secondsUntil } from '../../platform/clock.ts';

/** Free readers get this many distinct chapters a day of each (docs/api.md, Limits). */
export const FREE_CHAPTERS_PER_DAY = 3;
export const DAILY_KINDS = ['audio', 'translation'] as const;
export type DailyKind = (typeof DAILY_KINDS)[number];

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function endOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** A day's count lives until that UTC day ends, reckoned from the caller's clock, not the cache's. */
export function secondsLeftInUtcDay(now: Date): number {
  return secondsUntil(endOfUtcDay(now), now);
}

/** The set of chapters (`slug:n`) a reader used today, keyed by readerKey (`user:…` / `anon:…`). */
export function dailyKey(kind: DailyKind, reader: string, now: Date): string {
  return `limit:${kind}:${utcDay(now)}:${reader}`;
}

/** On sign-in the anonymous reader's chapters of the day count for the account too. */
export async function carryOverDaily(cache: Cache, fromReader: string, toReader: string, now: Date): Promise<void> {
  for (const kind of DAILY_KINDS) {
    const chapters = await cache.setMembers(dailyKey(kind, fromReader, now));
    for (const chapter of chapters) await cache.addToSet(dailyKey(kind, toReader, now), chapter, secondsLeftInUtcDay(now));
  }
}
