import { defineJob } from '../src/platform/queue/runtime.ts';
import { scrapeKind } from '../src/features/scraping/kind.ts';
import { createCheckUpdatesJob } from '../src/features/scraping/schedule.ts';

/** Starts the new-chapters task; the queue books the next run (features/scraping/schedule.ts). */
export default defineJob(createCheckUpdatesJob(scrapeKind));
