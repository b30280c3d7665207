import type { JobBody, JobContext } from '../../platform/queue/runtime.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { sweepAudioParts, type PartsSweepResult } from '../audio/generation/parts-sweep.ts';
import { pruneJobsKind } from './kinds.ts';
import { NEXT_PRUNE_DELAY_MS, PRUNE_SCHEDULE_KEY, pruneFinishedJobs } from './service.ts';

/** What the daily job needs inside its worker thread (worker-deps.ts builds the real one). */
export interface MaintenanceDeps {
  /** Opened for one run and closed after it. */
  openObjects(): Promise<ObjectStore>;
}

export interface MaintenanceResult {
  deleted: number;
  /** null when the object store could not be swept this time (logged; tried again tomorrow). */
  audioParts: PartsSweepResult | null;
}

// A store outage must not cost the pruning or tomorrow's schedule: the sweep is skipped, not the job.
async function sweepParts(deps: MaintenanceDeps, ctx: JobContext): Promise<PartsSweepResult | null> {
  let objects: ObjectStore | null = null;
  try {
    objects = await deps.openObjects();
    return await sweepAudioParts(ctx.db, objects, { signal: ctx.signal });
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    ctx.log.warn('audio pieces not swept', { error });
    return null;
  } finally {
    await objects?.close();
  }
}

/** Daily: delete old finished jobs and leftover audio pieces, then schedule tomorrow's run in the same commit as today's end. */
export function maintenanceJob(deps: MaintenanceDeps): JobBody<Record<string, never>, MaintenanceResult> {
  return async (_payload, ctx) => {
    const deleted = await pruneFinishedJobs(ctx.db);
    const audioParts = await sweepParts(deps, ctx);
    ctx.log.info('maintenance done', { deleted, audioParts });
    return ctx.finish(async (trx) => {
      // Hand the schedule's dedupe key to tomorrow's run (the key is unique among queued and running jobs).
      await trx.updateTable('jobs').set({ dedupe_key: null }).where('id', '=', ctx.jobId).execute();
      await trx
        .insertInto('jobs')
        .values({ kind: pruneJobsKind.kind, payload: '{}', max_attempts: pruneJobsKind.maxAttempts, run_at: new Date(Date.now() + NEXT_PRUNE_DELAY_MS), dedupe_key: PRUNE_SCHEDULE_KEY })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return { deleted, audioParts };
    });
  };
}
