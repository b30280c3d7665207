import type { Db } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/errors.ts';
import {
  MAX_QUERY_LENGTH, PAGE_SIZE, RANKING_SIZE,
  type Book, type BookPageBody, type BrowseQueryInput, type BrowseSort, type Genre, type Ranking, type RankedBook,
} from './model.ts';
import { findBooksBySlugs, listAudioSlugs, listHomeRow, type HomeRowKind } from './queries.ts';
import { searchTerms, type SearchTerms } from './search-terms.ts';
import { toBook } from './book.ts';
import type { CatalogueSnapshot } from './index/sync.ts';

export { coverPath, toBook } from './book.ts';

/** The books of one home row (features/home/rows.ts), one query. */
export async function homeRowBooks(db: Db, kind: HomeRowKind, limit: number): Promise<Book[]> {
  return (await listHomeRow(db, kind, limit)).map(toBook);
}

export type { HomeRowKind };

/** Books by slug in one query, for shelves that list books in their own order (progress, library, feed). */
export async function booksBySlugs(db: Db, slugs: readonly string[]): Promise<Map<string, Book>> {
  const rows = await findBooksBySlugs(db, slugs);
  return new Map(rows.map((row) => [row.slug, toBook(row)]));
}

/** The browse filters with defaults applied; the page and the API read the same query this way. */
export interface BrowseParams {
  genre: string | null;
  status: 'ongoing' | 'completed' | null;
  sort: BrowseSort;
  audio: boolean;
  page: number;
  limit: number;
}

export function browseParams(query: BrowseQueryInput): BrowseParams {
  return {
    genre: query.genre?.trim() || null,
    status: query.status || null,
    sort: query.sort || 'popular',
    audio: query.audio === '1',
    page: query.page ?? 1,
    limit: query.limit ?? PAGE_SIZE,
  };
}

/*
 * Browse, search, rankings and genre counts are answered from this process's catalogue index
 * (index/), which is as current as the catalogue version: no query, whatever the filters or the
 * page, and a write shows on the next request. A request takes one snapshot of it
 * (CatalogueIndexSource.current(): one read of the version) and answers everything from that one.
 */

export function browse({ books }: CatalogueSnapshot, params: BrowseParams): BookPageBody {
  const page = books.browse(params, params.sort, (params.page - 1) * params.limit, params.limit);
  return { books: page.books, page: params.page, has_more: page.hasMore };
}

/** Trims and checks `q`: required (400 when missing or blank) and at most 200 characters. */
export function searchQueryText(q: string | undefined): string {
  const text = (q ?? '').trim();
  if (!text) throw badRequest('q is required');
  if (text.length > MAX_QUERY_LENGTH) throw badRequest(`q must be at most ${MAX_QUERY_LENGTH} characters`);
  return text;
}

export function search({ books }: CatalogueSnapshot, q: string, page: number, limit = PAGE_SIZE): BookPageBody & { terms: SearchTerms } {
  const terms = searchTerms(q);
  const found = books.find(terms, (page - 1) * limit, limit);
  return { books: found.books, page, has_more: found.hasMore, terms };
}

export function ranking({ books }: CatalogueSnapshot, by: Ranking, limit = RANKING_SIZE): RankedBook[] {
  return books.ranking(by, limit).map((entry) => ({ book: entry.book, reads7d: entry.reads7d, reads30d: entry.reads30d }));
}

const genresOfSnapshot = new WeakMap<CatalogueSnapshot, Genre[]>();

/**
 * Every genre with its number of books, by name: one list per snapshot of the index, the same
 * object for every request under it (pages keep the filters they draw from it: kept-drawings.ts).
 */
export function genres(snapshot: CatalogueSnapshot): readonly Genre[] {
  let list = genresOfSnapshot.get(snapshot);
  if (!list) genresOfSnapshot.set(snapshot, (list = snapshot.books.genres(snapshot.genres)));
  return list;
}

export function audioSlugs(db: Db): Promise<string[]> {
  return listAudioSlugs(db);
}
