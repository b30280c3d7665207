import type { SourcesConfig } from './types.ts';

/** The polite defaults (sources.md: 1–3 requests a second, retries backing off up to a minute). */
export const DEFAULT_LIMITS: Omit<SourcesConfig, 'novelfireBaseUrl' | 'royalroadBaseUrl'> = {
  ratePerSecond: 2,
  timeoutMs: 20_000,
  maxBytes: 5 * 1024 * 1024,
  maxRetries: 5,
  maxBackoffMs: 60_000,
  emptyRetries: 3,
};

/** SOURCE_BASE_URL, SOURCE_ROYALROAD_URL and SCRAPE_RATE from an environment, the rest default. */
export function sourcesConfigFromEnv(env: Record<string, string | undefined>): SourcesConfig {
  const base = (name: string) => env[name]?.trim().replace(/\/+$/, '') || null;
  const rate = Number(env.SCRAPE_RATE);
  return {
    ...DEFAULT_LIMITS,
    novelfireBaseUrl: base('SOURCE_BASE_URL'),
    royalroadBaseUrl: base('SOURCE_ROYALROAD_URL'),
    ratePerSecond: env.SCRAPE_RATE && Number.isFinite(rate) && rate >= 0 ? rate : DEFAULT_LIMITS.ratePerSecond,
  };
}
