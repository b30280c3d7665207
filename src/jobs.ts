import type { BootedPlatform } from './platform/boot.ts';
import { startJobRunner, type JobKindSpec, type JobRunner } from './platform/queue/index.ts';
import { pruneJobsKind } from './features/maintenance/kinds.ts';
import { schedulePruning } from './features/maintenance/service.ts';
import { refreshPopularityKind, schedulePopularityRefresh } from './features/catalogue/popularity.ts';
import { generateAudioKind } from './features/audio/kind.ts';

const FIRST_PRUNE_DELAY_MS = 10 * 60 * 1000;

/** Every job kind this build runs. Features add theirs here as they arrive (audio, scraping, imports). */
export const JOB_KINDS: readonly JobKindSpec[] = [pruneJobsKind, refreshPopularityKind, generateAudioKind];

/** ROLE=all|worker: claim and run jobs in Bun workers until stopped. */
export async function startJobs(platform: BootedPlatform): Promise<JobRunner> {
  const runner = startJobRunner({
    database: platform.database,
    databaseUrl: platform.config.databaseUrl,
    cache: platform.cache,
    log: platform.log.child({ component: 'jobs' }),
    kinds: JOB_KINDS,
  });
  // Not at boot: a fresh start should not pay for a worker thread it does not need yet.
  await schedulePruning(platform.db, FIRST_PRUNE_DELAY_MS);
  await schedulePopularityRefresh(platform.db);
  return runner;
}
