import type { CatalogueQuery } from '../adapter.ts';

/** Fiction lists and search (sources.md): `sort` names the list (best-rated, trending, …). */
export function royalroadCatalogueUrl(base: string, query: CatalogueQuery): string {
  const list = query.sort ?? 'best-rated';
  return `${base}/fictions/${encodeURIComponent(list)}?page=${query.page}${query.genre ? `&genre=${encodeURIComponent(query.genre)}` : ''}`;
}

export function royalroadSearchUrl(base: string, keyword: string, page: number): string {
  return `${base}/fictions/search?title=${encodeURIComponent(keyword)}&page=${page}`;
}
