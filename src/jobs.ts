import type { BootedPlatform } from './platform/boot.ts';
import { startJobRunner, type JobKindSpec, type JobRunner } from './platform/queue/index.ts';
import { pruneJobsKind } from './features/maintenance/kinds.ts';
import { schedulePruning } from './features/maintenance/service.ts';
import { FIRST_REFRESH_DELAY_MS, refreshPopularityKind, schedulePopularityRefresh } from './features/catalogue/popularity.ts';
import { generateAudioKind } from './features/audio/generation/kind.ts';
import { voiceSamplesKind } from './features/audio/samples/kind.ts';
import { scheduleMissingVoiceSamples } from './features/audio/samples/service.ts';
import { createTtsRegistry } from './integrations/tts/index.ts';
import { checkUpdatesKind, scrapeKind } from './features/scraping/kind.ts';
import { scheduleUpdateChecks } from './features/scraping/schedule.ts';
import { importKind } from './features/imports/kind.ts';
import { exportBuildKind } from './features/exports/kind.ts';
import { aiKinds } from './features/ai/kinds.ts';
import { translationKinds } from './features/translation/kinds.ts';
import { periodEndKind } from './features/billing/kind.ts';

const FIRST_PRUNE_DELAY_MS = 10 * 60 * 1000;

/** Every job kind this build runs. Features add theirs here as they arrive (audio, scraping, imports). */
export const JOB_KINDS: readonly JobKindSpec[] = [pruneJobsKind, refreshPopularityKind, generateAudioKind, voiceSamplesKind, scrapeKind, checkUpdatesKind, importKind, exportBuildKind, ...aiKinds, ...translationKinds, periodEndKind];

/** ROLE=all|worker: claim and run jobs in Bun workers until stopped. */
export async function startJobs(platform: BootedPlatform): Promise<JobRunner> {
  const runner = startJobRunner({
    database: platform.database,
    databaseUrl: platform.config.databaseUrl,
    cache: platform.cache,
    log: platform.log.child({ component: 'jobs' }),
    kinds: JOB_KINDS,
    clock: platform.clock,
  });
  // Not at boot: a fresh start should not pay for a worker thread it does not need yet.
  await schedulePruning(platform.db, FIRST_PRUNE_DELAY_MS, platform.clock);
  await schedulePopularityRefresh(platform.db, FIRST_REFRESH_DELAY_MS, platform.clock);
  await scheduleUpdateChecks(platform.db, platform.config.content.updateIntervalHours * 3600_000, platform.clock());
  // In the background: asking the engines for their voices must not hold up the start.
  void scheduleMissingVoiceSamples({ db: platform.db, objects: platform.objects, speech: createTtsRegistry({ engines: platform.config.tts.engines, openai: platform.config.tts.openai }) }, platform.log).catch((error) =>
    platform.log.warn('voice samples not scheduled', { error }),
  );
  return runner;
}
