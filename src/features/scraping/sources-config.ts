import type { Config } from '../../config.ts';
import { DEFAULT_LIMITS, pickSourceBaseUrls, type SourcesConfig } from '../../integrations/sources/index.ts';

/** The sources' settings from the process configuration (README, Configuration). */
export function sourcesConfig(config: Pick<Config, 'content'>, overrides: Partial<SourcesConfig> = {}): SourcesConfig {
  return {
    ...DEFAULT_LIMITS,
    ...pickSourceBaseUrls(config.content),
    ratePerSecond: config.content.scrapeRate,
    ...overrides,
  };
}
