import { sourceBaseUrlsFromEnv, type SourcesConfig } from './settings.ts';
import type { SourceLimits } from './types.ts';

/** The polite defaults (sources.md: 1–3 requests a second, retries backing off up to a minute). */
export const DEFAULT_LIMITS: SourceLimits = {
  ratePerSecond: 2,
  timeoutMs: 20_000,
  maxBytes: 5 * 1024 * 1024,
  maxRetries: 5,
  maxBackoffMs: 60_000,
  emptyRetries: 3,
};

/** Each source's base URL variable (SOURCE_BASE_URL, …) and SCRAPE_RATE from an environment, the rest default. */
export function sourcesConfigFromEnv(env: Record<string, string | undefined>): SourcesConfig {
  const rate = Number(env.SCRAPE_RATE);
  return {
    ...DEFAULT_LIMITS,
    ...sourceBaseUrlsFromEnv(env),
    ratePerSecond: env.SCRAPE_RATE && Number.isFinite(rate) && rate >= 0 ? rate : DEFAULT_LIMITS.ratePerSecond,
  };
}
