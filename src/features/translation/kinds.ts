import { jobKind, type JobKindSpec } from '../../platform/queue/index.ts';

/** Translating one chapter into one locale: it waits on the AI service, so two at a time per process. */
export const translateChapterKind = jobKind({
  kind: 'translation.chapter',
  workerFile: new URL('../../../jobs/translation.chapter.worker.ts', import.meta.url).pathname,
  concurrency: 2,
  leaseSeconds: 60,
  maxAttempts: 3,
});

/** The translation feature's job kinds (src/jobs.ts runs them). */
export const translationKinds: readonly JobKindSpec[] = [translateChapterKind];
