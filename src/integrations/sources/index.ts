/**
 * Source sites (sources.md): novelfire (and its mirror) and Royal Road behind one client.
 *   client.ts    createSourceClient: resolve, book, chapter, catalogue, search, image, check
 *   registry.ts  the list of sources; each has a folder (novelfire/, royalroad/): its sites and
 *                their settings, URL rules and lists (index.ts, lists.ts), selectors (profile.ts),
 *                parser (parse.ts); adapter.ts says what a folder provides
 *   settings.ts  each site's base URL: variable, config field, default
 *   fetcher.ts   every request: URL guard, token bucket, time-out, size cap, retries
 *   markdown.ts  chapter HTML → clean markdown (noise, hidden elements, watermarks)
 *   defaults.ts  the polite limits, and a config from the environment (check-cli.ts)
 */
export { createSourceClient, type SourceBook, type SourceClient, type SourceClientOptions } from './client.ts';
export { DEFAULT_BASES, pickSourceBaseUrls, sourceBases, type SourcesConfig } from './settings.ts';
export { DEFAULT_LIMITS, sourcesConfigFromEnv } from './defaults.ts';
export { SOURCES, type SourceId } from './registry.ts';
export { SourceError, type SourceChapterRef, type SourceChapterText, type SourceListItem, type CheckReport, type SourceErrorKind } from './types.ts';
