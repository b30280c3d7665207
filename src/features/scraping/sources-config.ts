import type { Config } from '../../config.ts';
import type { SourcesConfig } from '../../integrations/sources/index.ts';

/** The sources' settings from the process configuration (README, Configuration). */
export function sourcesConfig(config: Pick<Config, 'content'>, overrides: Partial<SourcesConfig> = {}): SourcesConfig {
  return {
    novelfireBaseUrl: config.content.novelfireBaseUrl,
    royalroadBaseUrl: config.content.royalroadBaseUrl,
    ratePerSecond: config.content.scrapeRate,
    timeoutMs: 20_000,
    maxBytes: 5 * 1024 * 1024,
    maxRetries: 5,
    maxBackoffMs: 60_000,
    emptyRetries: 3,
    ...overrides,
  };
}
