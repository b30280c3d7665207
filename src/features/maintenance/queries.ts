import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';

/** Deletes finished job rows older than `olderThanDays`; queued and running jobs are never touched. */
export async function deleteFinishedJobs(db: Db, olderThanDays: number): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', 'in', ['done', 'failed', 'cancelled'])
    .where('finished_at', '<', sql<Date>`now() - make_interval(days => ${olderThanDays})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
