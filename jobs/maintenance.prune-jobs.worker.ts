import { defineJob } from '../src/platform/queue/runtime.ts';
import { NEXT_PRUNE_DELAY_MS, PRUNE_SCHEDULE_KEY, pruneFinishedJobs } from '../src/features/maintenance/service.ts';
import { pruneJobsKind } from '../src/features/maintenance/kinds.ts';

/** Daily: delete old finished jobs, then schedule tomorrow's run in the same commit as today's end. */
export default defineJob<Record<string, never>, { deleted: number }>(async (_payload, ctx) => {
  const deleted = await pruneFinishedJobs(ctx.db);
  ctx.log.info('pruned finished jobs', { deleted });
  return ctx.finish(async (trx) => {
    // Hand the schedule's dedupe key to tomorrow's run (the key is unique among queued and running jobs).
    await trx.updateTable('jobs').set({ dedupe_key: null }).where('id', '=', ctx.jobId).execute();
    await trx
      .insertInto('jobs')
      .values({ kind: pruneJobsKind.kind, payload: '{}', max_attempts: pruneJobsKind.maxAttempts, run_at: new Date(Date.now() + NEXT_PRUNE_DELAY_MS), dedupe_key: PRUNE_SCHEDULE_KEY })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return { deleted };
  });
});
