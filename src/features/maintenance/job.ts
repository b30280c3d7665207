import type { JobBody, JobContext } from '../../platform/queue/runtime.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { sweepAudioParts, type PartsSweepResult } from '../audio/generation/parts-sweep.ts';
import { pruneImportFiles, type ImportFilesPruneResult } from '../imports/prune.ts';
import { pruneFinishedJobs } from './service.ts';

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

/** Daily: delete old finished jobs, leftover audio pieces and old imports' files (the queue books tomorrow's run: kinds.ts). */
export function maintenanceJob(deps: MaintenanceDeps): JobBody<Record<string, never>, MaintenanceResult> {
  return async (_payload, ctx) => {
    const deleted = await pruneFinishedJobs(ctx.db);
    const { audioParts, importFiles } = await sweepStore(deps, ctx);
    ctx.log.info('maintenance done', { deleted, audioParts, importFiles });
    return { deleted, audioParts, importFiles };
  };
}
