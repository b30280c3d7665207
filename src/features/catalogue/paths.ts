import { PAGE_SIZE, type Ranking } from './model.ts';
import type { BrowseParams } from './service.ts';

/** The browse filters as the page shows them: the same values as the /api/browse query. */
export type BrowseState = BrowseParams;

/** The page size of the API; a different `limit` is kept in links and in the filter form. */
export const DEFAULT_PAGE_SIZE = PAGE_SIZE;

/** /browse with only the values that differ from the defaults, so links stay short and shareable. */
export function browseUrl(state: BrowseState, page = state.page): string {
  const query = new URLSearchParams();
  if (state.genre) query.set('genre', state.genre);
  if (state.status) query.set('status', state.status);
  if (state.sort !== 'popular') query.set('sort', state.sort);
  if (state.audio) query.set('audio', '1');
  if (state.limit !== DEFAULT_PAGE_SIZE) query.set('limit', String(state.limit));
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `/browse?${text}` : '/browse';
}

export function genreUrl(slug: string): string {
  return `/browse?genre=${encodeURIComponent(slug)}`;
}

export function searchUrl(q: string, page = 1): string {
  const query = new URLSearchParams({ q });
  if (page > 1) query.set('page', String(page));
  return `/search?${query.toString()}`;
}

export function rankingUrl(by: Ranking): string {
  return by === 'popular' ? '/ranking' : `/ranking?by=${by}`;
}
