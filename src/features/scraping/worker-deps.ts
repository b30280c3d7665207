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

/**
 * What the scrape job needs inside its worker thread, built from the environment the process
 * started with (tests pass their own variables and object store: tests/support/scrape-app.ts).
 */
export function scrapeJobDeps(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<SourcesConfig> & Pick<ScrapeJobDeps, 'hostPollMs' | 'hostLeaseSeconds'> = {},
  objects?: () => ObjectStore,
): ScrapeJobDeps {
  const config: Readonly<Config> = loadConfig(env);
  const { hostPollMs, hostLeaseSeconds, ...sources } = overrides;
  const limits = coverLimits(config.content.coverMaxDimension);
  let client: SourceClient | null = null;
  let store: ObjectStore | null = null;
  const openObjects = objects ?? (() => openObjectStore({ s3: config.s3, dataDir: config.dataDir, baseUrl: config.baseUrl, secret: deriveKey(resolveAuthSecret(config.authSecret, config.dataDir, silentLogger), 'objects') }));
  return {
    sources: () => (client ??= createSourceClient(sourcesConfig(config, sources))),
    storeCover: (c, book, slug, signal) => storeSourceCover((store ??= openObjects()), c, book, slug, signal, limits),
    hostPollMs,
    hostLeaseSeconds,
  };
}
