import type { JobBody, JobContext } from '../../platform/queue/runtime.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { sweepAudioParts, type PartsSweepResult } from '../audio/generation/parts-sweep.ts';
import { pruneImportFiles, type ImportFilesPruneResult } from '../imports/prune.ts';
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
  /** Files of imports that ended over 14 days ago (imports/prune.ts); null like audioParts. */
  importFiles: ImportFilesPruneResult | null;
}

type StoreWork = Pick<MaintenanceResult, 'audioParts' | 'importFiles'>;

// A store outage must not cost the pruning or tomorrow's schedule: each sweep is skipped, not the job.
async function sweepStore(deps: MaintenanceDeps, ctx: JobContext): Promise<StoreWork> {
  let objects: ObjectStore | null = null;
  const attempt = async <T>(what: string, work: (objects: ObjectStore) => Promise<T>): Promise<T | null> => {
    try {
      objects ??= await deps.openObjects();
      return await work(objects);
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      ctx.log.warn(`${what} not swept`, { error });
      return null;
    }
  };
  try {
    const audioParts = await attempt('audio pieces', (store) => sweepAudioParts(ctx.db, store, { signal: ctx.signal }));
    const importFiles = await attempt('import files', (store) => pruneImportFiles(ctx.db, store, { signal: ctx.signal }));
    return { audioParts, importFiles };
  } finally {
    await (objects as ObjectStore | null)?.close();
  }
}

/** Daily: delete old finished jobs, leftover audio pieces and old imports' files, then schedule tomorrow's run in the same commit as today's end. */
export function maintenanceJob(deps: MaintenanceDeps): JobBody<Record<string, never>, MaintenanceResult> {
  return async (_payload, ctx) => {
    const deleted = await pruneFinishedJobs(ctx.db);
    const { audioParts, importFiles } = await sweepStore(deps, ctx);
    ctx.log.info('maintenance done', { deleted, audioParts, importFiles });
    return ctx.finish(async (trx) => {
      // Hand the schedule's dedupe key to tomorrow's run (the key is unique among queued and running jobs).
      await trx.updateTable('jobs').set({ dedupe_key: null }).where('id', '=', ctx.jobId).execute();
      await trx
        .insertInto('jobs')
        .values({ kind: pruneJobsKind.kind, payload: '{}', max_attempts: pruneJobsKind.maxAttempts, run_at: new Date(Date.now() + NEXT_PRUNE_DELAY_MS), dedupe_key: PRUNE_SCHEDULE_KEY })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return { deleted, audioParts, importFiles };
    });
  };
}
