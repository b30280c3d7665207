import type { SourceId } from './types.ts';

/** Catalogue and search URLs of each source (sources.md), as data a redesign changes in one place. */
export function catalogueUrl(source: SourceId, base: string, query: { page: number; genre?: string; sort?: string; status?: string }): string {
  const page = Math.max(1, Math.floor(query.page));
  if (source === 'royalroad') {
    const list = query.sort ?? 'best-rated';
    return `${base}/fictions/${encodeURIComponent(list)}?page=${page}${query.genre ? `&genre=${encodeURIComponent(query.genre)}` : ''}`;
  }
  const genre = query.genre ?? 'all';
  const sort = query.sort ?? 'popular';
  const status = query.status ?? 'all';
  return `${base}/genre-${encodeURIComponent(genre)}/sort-${encodeURIComponent(sort)}/status-${encodeURIComponent(status)}/all-novel?page=${page}`;
}

export function searchUrl(source: SourceId, base: string, keyword: string, page: number): string {
  const n = Math.max(1, Math.floor(page));
  if (source === 'royalroad') return `${base}/fictions/search?title=${encodeURIComponent(keyword)}&page=${n}`;
  return `${base}/search?keyword=${encodeURIComponent(keyword)}&type=title&page=${n}`;
}
