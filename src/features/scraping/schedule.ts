import type { Transaction } from 'kysely';
import type { Database, Db } from '../../platform/db/index.ts';
import { enqueueKind, scheduleRecurring, type JobBody, type JobKindSpec } from '../../platform/queue/index.ts';
import { emptyDetail } from './model.ts';
import { activeTaskFor, insertTask, setJob } from './queries.ts';
import { checkUpdatesKind, type CheckUpdatesPayload } from './kind.ts';

/**
 * New chapters for ongoing books, every SCRAPE_UPDATE_HOURS. Exactly one run is scheduled across
 * every process (every process may call this at start); each run starts an `update` scrape task,
 * and the queue books the next run in the same commit (checkUpdatesKind's recurrence).
 */
export async function scheduleUpdateChecks(db: Db, intervalMs: number, now: Date): Promise<void> {
  const payload: CheckUpdatesPayload = { intervalMs };
  await scheduleRecurring(db, checkUpdatesKind, new Date(now.getTime() + intervalMs), { payload });
}

/** The check-updates job: an update task, unless one is still under way. */
export function createCheckUpdatesJob(scrape: JobKindSpec): JobBody<CheckUpdatesPayload, { taskId: string | null }> {
  return (_payload, ctx) =>
    ctx.finish(async (trx: Transaction<Database>) => {
      if (await activeTaskFor(trx, 'update', null)) return { taskId: null };
      const task = await insertTask(trx, { kind: 'update', url: null, source: '', bookSlug: null, from: null, to: null, initiatorId: null, detail: emptyDetail() });
      const job = await enqueueKind(trx, scrape, { taskId: task.id });
      await setJob(trx, task.id, job.id);
      return { taskId: task.id };
    });
}
