/**
 * Source sites (sources.md): novelfire (and its mirror) and Royal Road behind one client.
 *   client.ts    createSourceClient: resolve, book, chapter, catalogue, search, image, check
 *   fetcher.ts   every request: URL guard, token bucket, time-out, size cap, retries
 *   profiles/    the selectors and URL patterns of each site: data
 *   markdown.ts  chapter HTML → clean markdown (noise, hidden elements, watermarks)
 *   defaults.ts  the polite limits, and a config from the environment (check-cli.ts)
 */
export { createSourceClient, sourceBases, DEFAULT_BASES, type SourceClient, type SourceClientOptions } from './client.ts';
export { DEFAULT_LIMITS, sourcesConfigFromEnv } from './defaults.ts';
export { SourceError, type SourceId, type SourcesConfig, type SourceBook, type SourceChapterRef, type SourceChapterText, type SourceListItem, type CheckReport, type SourceErrorKind } from './types.ts';
