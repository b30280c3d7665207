import { jobKind } from '../../platform/queue/index.ts';

/**
 * Making one narrated EPUB or audiobook. It mostly waits for narrations and copies audio, one
 * chapter at a time: one at a time per worker process; a 120 s lease kept by the heartbeat while
 * it waits; three attempts (what was narrated stays narrated, so a retry starts further on).
 */
export const exportBuildKind = jobKind({
  kind: 'exports.build',
  workerFile: new URL('../../../jobs/exports.build.worker.ts', import.meta.url).pathname,
  concurrency: 1,
  leaseSeconds: 120,
  maxAttempts: 3,
});
