import { jobKind } from '../../platform/queue/registry.ts';

export const PRUNE_SCHEDULE_KEY = 'daily';
export const PRUNE_INTERVAL_MS = 24 * 3600 * 1000;

/** Once a day: removes old finished job rows (the queue table stays small), leftover audio pieces and the files of imports that ended long ago (job.ts). */
export const pruneJobsKind = jobKind({
  kind: 'maintenance.prune-jobs',
  workerFile: new URL('../../../jobs/maintenance.prune-jobs.worker.ts', import.meta.url).pathname,
  concurrency: 1,
  leaseSeconds: 60,
  maxAttempts: 3,
  recurrence: { key: PRUNE_SCHEDULE_KEY, every: PRUNE_INTERVAL_MS },
});
