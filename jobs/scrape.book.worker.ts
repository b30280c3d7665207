import { defineJob } from '../src/platform/queue/runtime.ts';
import { createScrapeJob } from '../src/features/scraping/job.ts';
import { scrapeJobDeps } from '../src/features/scraping/worker-deps.ts';

/** Runs one scrape task: a book, a range, every book, or the new-chapters check (features/scraping/job.ts). */
export default defineJob(createScrapeJob(scrapeJobDeps()));
