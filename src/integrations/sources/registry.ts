import type { SourceAdapter } from './adapter.ts';
import { novelfire } from './novelfire/index.ts';
import { royalroad } from './royalroad/index.ts';

/**
 * Every source the scraper reads. Adding one: a folder like novelfire/ (index.ts, profile.ts,
 * parse.ts, lists.ts) and its line here; the client, the configuration and the health check
 * follow from this list.
 */
export const SOURCES = [novelfire, royalroad] as const;

type Site = (typeof SOURCES)[number]['sites'][number];
export type SourceId = Site['id'];

/** Every site of every source, in registry order (mirrors after their source). */
export const SITES: readonly Site[] = SOURCES.flatMap<Site>((source) => source.sites);

const adapters = new Map<string, SourceAdapter>(SOURCES.flatMap((source) => source.sites.map((site) => [site.id, source] as const)));

/** The adapter reading a site's pages (a mirror's is its source's). */
export function adapterOf(site: SourceId): SourceAdapter {
  return adapters.get(site)!;
}
