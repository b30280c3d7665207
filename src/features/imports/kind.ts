import { jobKind } from '../../platform/queue/index.ts';

/**
 * Reading or publishing one uploaded book. One at a time per worker process (a 1,000-page PDF
 * takes a core and some memory); a 120 s lease, three attempts for failures that may pass
 * (a file the parser refuses fails at once).
 */
export const importKind = jobKind({
  kind: 'import.book',
  workerFile: new URL('../../../jobs/import.book.worker.ts', import.meta.url).pathname,
  concurrency: 1,
  leaseSeconds: 120,
  maxAttempts: 3,
});
