import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import { enqueueKind } from '../../platform/queue/index.ts';
import { pruneJobsKind } from './kinds.ts';

export const FINISHED_JOB_RETENTION_DAYS = 14;
const DAY_MS = 24 * 3600 * 1000;
export const PRUNE_SCHEDULE_KEY = 'daily';

/** Deletes finished job rows older than the retention; queued and running jobs are never touched. */
export async function pruneFinishedJobs(db: Db, olderThanDays = FINISHED_JOB_RETENTION_DAYS): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', 'in', ['done', 'failed', 'cancelled'])
    .where('finished_at', '<', sql<Date>`now() - make_interval(days => ${olderThanDays})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Keeps one pruning job scheduled (the dedupe key makes this safe from every process at start). */
export async function schedulePruning(db: Db, delayMs = 0): Promise<void> {
  await enqueueKind(db, pruneJobsKind, {}, { dedupeKey: PRUNE_SCHEDULE_KEY, runAt: new Date(Date.now() + delayMs) });
}

export const NEXT_PRUNE_DELAY_MS = DAY_MS;
