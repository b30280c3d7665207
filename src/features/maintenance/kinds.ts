import { jobKind } from '../../platform/queue/registry.ts';

/** Removes old finished job rows once a day, so the queue table stays small. */
export const pruneJobsKind = jobKind({
  kind: 'maintenance.prune-jobs',
  workerFile: new URL('../../../jobs/maintenance.prune-jobs.worker.ts', import.meta.url).pathname,
  concurrency: 1,
  leaseSeconds: 60,
  maxAttempts: 3,
});
