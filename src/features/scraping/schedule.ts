import type { Transaction } from 'kysely';
import type { Database, Db } from '../../platform/db/index.ts';
import { enqueueKind, type JobBody, type JobKindSpec } from '../../platform/queue/index.ts';
import { emptyDetail } from './model.ts';
import { activeTaskFor, insertTask, setJob } from './queries.ts';
import { checkUpdatesKind, UPDATE_SCHEDULE_KEY } from './kind.ts';

/**
 * New chapters for ongoing books, every SCRAPE_UPDATE_HOURS. Exactly one run is scheduled across
 * every process (the dedupe key is unique among queued and running jobs, so every process may call
 * this at start); each run starts an `update` scrape task and books the next run in the same commit.
 */
export async function scheduleUpdateChecks(db: Db, intervalMs: number, now: Date): Promise<void> {
  await enqueueKind(db, checkUpdatesKind, { intervalMs }, { dedupeKey: UPDATE_SCHEDULE_KEY, runAt: new Date(now.getTime() + intervalMs) });
}

/** The check-updates job: an update task (unless one is still under way), then the next run. */
export function createCheckUpdatesJob(scrape: JobKindSpec, now: () => Date = () => new Date()): JobBody<{ intervalMs: number }, { taskId: string | null }> {
  return (payload, ctx) =>
    ctx.finish(async (trx: Transaction<Database>) => {
      let taskId: string | null = null;
      if (!(await activeTaskFor(trx, 'update', null))) {
        const task = await insertTask(trx, { kind: 'update', url: null, source: '', bookSlug: null, from: null, to: null, initiatorId: null, detail: emptyDetail() });
        const job = await enqueueKind(trx, scrape, { taskId: task.id });
        await setJob(trx, task.id, job.id);
        taskId = task.id;
      }
      // Hand the schedule's key to the next run.
      await trx.updateTable('jobs').set({ dedupe_key: null }).where('id', '=', ctx.jobId).execute();
      await enqueueKind(trx, checkUpdatesKind, payload, { dedupeKey: UPDATE_SCHEDULE_KEY, runAt: new Date(now().getTime() + payload.intervalMs) });
      return { taskId };
    });
}
