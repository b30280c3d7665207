import { systemClock, type Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/index.ts';
import { jobKind, scheduleRecurring } from '../../platform/queue/index.ts';
import { updateReadCounts } from './queries.ts';

export const POPULARITY_SCHEDULE_KEY = 'every-10-minutes';
export const POPULARITY_INTERVAL_MS = 10 * 60 * 1000;
/** After a start: soon enough that a restarted server shows fresh figures, late enough not to slow the boot. */
export const FIRST_REFRESH_DELAY_MS = 30 * 1000;

/**
 * Popularity (readers in the last 7 and 30 days) is stored on books and refreshed in the background,
 * so listing popular books never counts progress rows on the request path.
 */
export const refreshPopularityKind = jobKind({
  kind: 'catalogue.refresh-popularity',
  workerFile: new URL('../../../jobs/catalogue.refresh-popularity.worker.ts', import.meta.url).pathname,
  concurrency: 1,
  leaseSeconds: 60,
  maxAttempts: 3,
  recurrence: { key: POPULARITY_SCHEDULE_KEY, every: POPULARITY_INTERVAL_MS },
});

/** Recounts readers of the week and month before `now`; returns how many books changed. Tests call it directly. */
export function refreshPopularity(db: Db, now: Date): Promise<number> {
  return updateReadCounts(db, now);
}

/**
 * Keeps exactly one refresh scheduled (every process may call this at start) and brings a queued
 * run forward to `delayMs` from now; the queue books each next run.
 */
export async function schedulePopularityRefresh(db: Db, delayMs = FIRST_REFRESH_DELAY_MS, clock: Clock = systemClock): Promise<void> {
  await scheduleRecurring(db, refreshPopularityKind, new Date(clock().getTime() + delayMs), { bringForward: true });
}
