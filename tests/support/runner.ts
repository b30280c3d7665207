import { startJobRunner, type JobKindSpec, type JobRunner, type RunnerOptions } from '../../src/platform/queue/index.ts';
import type { TestApp } from './app.ts';
import type { TestDatabase } from './db.ts';

/** A job runner over a test app's database and cache, quick to notice work (polls every 50 ms). */
export function startTestRunner(app: TestApp, kinds: JobKindSpec[], options: Partial<RunnerOptions> = {}): JobRunner {
  return startJobRunner({
    database: app.platform.database,
    databaseUrl: (app.platform.database as TestDatabase).url,
    cache: app.platform.cache,
    log: app.platform.log,
    kinds,
    pollIntervalMs: 50,
    backoffBaseMs: 50,
    progressIntervalMs: 50,
    stopTimeoutMs: 5000,
    ...options,
  });
}
