import type { CatalogueQuery } from '../adapter.ts';

/** Browse and search pages (sources.md), as data a redesign changes in one place. */
export function novelfireCatalogueUrl(base: string, query: CatalogueQuery): string {
  const genre = query.genre ?? 'all';
  const sort = query.sort ?? 'popular';
  const status = query.status ?? 'all';
  return `${base}/genre-${encodeURIComponent(genre)}/sort-${encodeURIComponent(sort)}/status-${encodeURIComponent(status)}/all-novel?page=${query.page}`;
}

export function novelfireSearchUrl(base: string, keyword: string, page: number): string {
  return `${base}/search?keyword=${encodeURIComponent(keyword)}&type=title&page=${page}`;
}
