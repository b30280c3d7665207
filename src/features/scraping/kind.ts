import { jobKind } from '../../platform/queue/index.ts';

/**
 * Scraping one task. One at a time per worker process (politeness is per host, and a second host
 * waits behind it); a 60 s lease renewed every 20 s, so a task whose process died resumes within
 * about a minute; three attempts for failures that may pass (time-outs, blocks).
 */
export const scrapeKind = jobKind({
  kind: 'scrape.book',
  workerFile: new URL('../../../jobs/scrape.book.worker.ts', import.meta.url).pathname,
  concurrency: 1,
  leaseSeconds: 60,
  maxAttempts: 3,
});

export const UPDATE_SCHEDULE_KEY = 'new-chapters';

/** SCRAPE_UPDATE_HOURS as it was when the schedule began: each run hands it to the next. */
export interface CheckUpdatesPayload {
  intervalMs: number;
}

/** The new-chapters schedule: a light job that starts an `update` task; the queue books the next run. */
export const checkUpdatesKind = jobKind({
  kind: 'scrape.check-updates',
  workerFile: new URL('../../../jobs/scrape.check-updates.worker.ts', import.meta.url).pathname,
  concurrency: 1,
  leaseSeconds: 30,
  maxAttempts: 3,
  recurrence: { key: UPDATE_SCHEDULE_KEY, every: (payload) => (payload as CheckUpdatesPayload).intervalMs },
});
