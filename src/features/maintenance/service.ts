import { systemClock, type Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/index.ts';
import { scheduleRecurring } from '../../platform/queue/index.ts';
import { pruneJobsKind } from './kinds.ts';
import { deleteFinishedJobs } from './queries.ts';

export { PRUNE_SCHEDULE_KEY } from './kinds.ts';
export const FINISHED_JOB_RETENTION_DAYS = 14;

/** Deletes finished job rows older than the retention; queued and running jobs are never touched. */
export function pruneFinishedJobs(db: Db, olderThanDays = FINISHED_JOB_RETENTION_DAYS): Promise<number> {
  return deleteFinishedJobs(db, olderThanDays);
}

/** Keeps one pruning job scheduled (safe from every process at start); the queue books each next day's run. */
export async function schedulePruning(db: Db, delayMs = 0, clock: Clock = systemClock): Promise<void> {
  await scheduleRecurring(db, pruneJobsKind, new Date(clock().getTime() + delayMs));
}
