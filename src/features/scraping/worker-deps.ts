import { loadConfig, type Config } from '../../config.ts';
import { createSourceClient, type SourceClient, type SourcesConfig } from '../../integrations/sources/index.ts';
import { silentLogger } from '../../platform/log.ts';
import { openObjectStore } from '../../platform/objects/index.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { deriveKey, resolveAuthSecret } from '../../platform/secrets.ts';
import { storeSourceCover } from './covers.ts';
import { coverLimits } from '../covers/limits.ts';
import type { ScrapeJobDeps } from './job.ts';
import { sourcesConfig } from './sources-config.ts';
import { SourceWatch, type SourceWatchOptions } from './source-watch.ts';
import { realSleep } from '../../integrations/sources/bucket.ts';

/** A request unanswered for 5 s is slow for a page; a pause under 2 s is the normal pace. */
const SLOW_SOURCE_MS = 5000;
const WORTH_SAYING_MS = 2000;

/**
 * What the scrape job needs inside its worker thread, built from the environment the process
 * started with (tests pass their own variables and object store: tests/support/scrape-app.ts).
 */
export function scrapeJobDeps(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<SourcesConfig> & Pick<ScrapeJobDeps, 'hostPollMs' | 'hostLeaseSeconds'> & Partial<SourceWatchOptions> = {},
  objects?: () => ObjectStore,
): ScrapeJobDeps {
  const config: Readonly<Config> = loadConfig(env);
  const { hostPollMs, hostLeaseSeconds, slowAfterMs, minWaitMs, ...sources } = overrides;
  const watch = new SourceWatch({ slowAfterMs: slowAfterMs ?? SLOW_SOURCE_MS, minWaitMs: minWaitMs ?? WORTH_SAYING_MS });
  const limits = coverLimits(config.content.coverMaxDimension);
  let client: SourceClient | null = null;
  let store: ObjectStore | null = null;
  const openObjects = objects ?? (() => openObjectStore({ s3: config.s3, dataDir: config.dataDir, baseUrl: config.baseUrl, secret: deriveKey(resolveAuthSecret(config.authSecret, config.dataDir, silentLogger), 'objects') }));
  return {
    sources: () => (client ??= createSourceClient(sourcesConfig(config, sources), { sleep: watch.sleep(realSleep), fetch: watch.fetch(fetch), log: watch.log() })),
    watch,
    storeCover: (c, book, slug, signal) => storeSourceCover((store ??= openObjects()), c, book, slug, signal, limits),
    hostPollMs,
    hostLeaseSeconds,
  };
}
