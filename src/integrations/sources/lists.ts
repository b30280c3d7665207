import type { CatalogueQuery } from './adapter.ts';
import { adapterOf, type SourceId } from './registry.ts';

/** Catalogue and search URLs of a site: its source's lists.ts builds them from a whole page number ≥ 1. */
export function catalogueUrl(source: SourceId, base: string, query: CatalogueQuery): string {
  return adapterOf(source).catalogueUrl(base, { ...query, page: Math.max(1, Math.floor(query.page)) });
}

export function searchUrl(source: SourceId, base: string, keyword: string, page: number): string {
  return adapterOf(source).searchUrl(base, keyword, Math.max(1, Math.floor(page)));
}
