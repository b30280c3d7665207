import { jobKind } from '../../../platform/queue/index.ts';

/** Naming a book's chapters: two at a time per process (they wait on the AI service, not a core). */
export const chapterNamesKind = jobKind({
  kind: 'ai.chapter-names',
  workerFile: new URL('../../../../jobs/ai.chapter-names.worker.ts', import.meta.url).pathname,
  concurrency: 2,
  leaseSeconds: 60,
  maxAttempts: 3,
});
