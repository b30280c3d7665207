import type { Db } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/errors.ts';
import {
  MAX_QUERY_LENGTH, PAGE_SIZE, RANKING_SIZE,
  type Book, type BookPageBody, type BrowseQueryInput, type BrowseSort, type Genre, type Ranking, type RankedBook,
} from './model.ts';
import {
  browseBooks, findBooksBySlugs, listAudioSlugs, listGenres, listHomeRow, orderBooks, bookColumns,
  type BookRow, type BrowseFilter, type HomeRowKind,
} from './queries.ts';
import { searchBooks } from './search-queries.ts';
import { searchTerms, type SearchTerms } from './search-terms.ts';
import type { CatalogueAnswers } from './answers.ts';
import type { PageBoundary } from './keyset.ts';

/** Covers are served by the app at /covers/<key without its "covers/" prefix> (features/covers). */
export function coverPath(coverKey: string | null): string | null {
  return coverKey ? `/${coverKey}` : null;
}

export function toBook(row: BookRow): Book {
  return {
    slug: row.slug,
    title: row.title,
    author: row.author,
    cover_url: coverPath(row.cover_key),
    description: row.description,
    genres: row.genres,
    status: row.status,
    chapter_count: row.chapter_count,
    rating_avg: row.rating_count > 0 ? Math.round((row.rating_sum / row.rating_count) * 100) / 100 : null,
    rating_count: row.rating_count,
    has_audio: row.has_audio,
  };
}

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

/** One page plus whether another follows (one extra row is read instead of counting them all). */
function paged(rows: BookRow[], page: number, limit: number): BookPageBody {
  return { books: rows.slice(0, limit).map(toBook), page, has_more: rows.length > limit };
}

export async function browse(db: Db, params: BrowseParams): Promise<BookPageBody> {
  return (await browsePage(db, params)).body;
}

/** A browse page and where it ends; after `after` (the previous page's end) when it is known. */
async function browsePage(db: Db, params: BrowseParams, after?: PageBoundary): Promise<BrowseAnswer> {
  const filter: BrowseFilter = { ...params, offset: (params.page - 1) * params.limit, after, limit: params.limit + 1 };
  const rows = await browseBooks(db, filter);
  const last = rows.slice(0, params.limit).at(-1);
  const end: PageBoundary | null = last ? { sort: params.sort, key: [last.k0, last.k1], slug: last.slug } : null;
  return { body: paged(rows, params.page, params.limit), end };
}

/** What the answer cache keeps of a browse page: the page, and its end for the next page's keyset. */
interface BrowseAnswer {
  body: BookPageBody;
  end: PageBoundary | null;
}

/** Trims and checks `q`: required (400 when missing or blank) and at most 200 characters. */
export function searchQueryText(q: string | undefined): string {
  const text = (q ?? '').trim();
  if (!text) throw badRequest('q is required');
  if (text.length > MAX_QUERY_LENGTH) throw badRequest(`q must be at most ${MAX_QUERY_LENGTH} characters`);
  return text;
}

export async function search(db: Db, q: string, page: number, limit = PAGE_SIZE): Promise<BookPageBody & { terms: SearchTerms }> {
  const terms = searchTerms(q);
  const rows = await searchBooks(db, terms, (page - 1) * limit, limit + 1);
  return { ...paged(rows, page, limit), terms };
}

export async function ranking(db: Db, by: Ranking, limit = RANKING_SIZE): Promise<RankedBook[]> {
  const rows = await orderBooks(bookColumns(db), by).limit(limit).execute();
  return rows.map((row) => ({ book: toBook(row), reads7d: row.reads_7d, reads30d: row.reads_30d }));
}

/**
 * The same answers through the catalogue's answer cache (answers.ts), keyed by the query after
 * defaults and normalisation: two spellings of one query share an entry. Nothing here depends on
 * the locale or the viewer (the page around the books is rendered per request).
 */
export async function cachedBrowse(db: Db, answers: CatalogueAnswers, params: BrowseParams): Promise<BookPageBody> {
  const key = (page: number) => ['browse', params.sort, params.genre ?? '', params.status ?? '', params.audio ? 'audio' : '', page, params.limit].join('\t');
  const answer = await answers.get(key(params.page), async () => {
    // Infinite scroll asks for page n + 1 right after page n: its end, cached under the same
    // catalogue version, is where this page starts. Without it (a link to page 50), OFFSET.
    const previous = params.page > 1 ? await answers.peek<BrowseAnswer>(key(params.page - 1)) : undefined;
    return browsePage(db, params, previous?.end ?? undefined);
  });
  return answer.body;
}

export function cachedSearch(db: Db, answers: CatalogueAnswers, q: string, page: number, limit = PAGE_SIZE): ReturnType<typeof search> {
  // The answer depends on the words only (their order is kept: it is returned for highlighting).
  const key = ['search', searchTerms(q).words.join(' '), page, limit].join('\t');
  return answers.get(key, () => search(db, q, page, limit));
}

export function cachedRanking(db: Db, answers: CatalogueAnswers, by: Ranking, limit = RANKING_SIZE): Promise<RankedBook[]> {
  return answers.get(['ranking', by, limit].join('\t'), () => ranking(db, by, limit));
}

/** Genre counts change only when books do; every browse page shows them (docs/api.md: 5 minutes). */
export const GENRE_LIST_TTL_MS = 5 * 60 * 1000;
const genreLists = new WeakMap<Db, { until: number; list: Promise<Genre[]> }>();

export function genres(db: Db, now = Date.now()): Promise<Genre[]> {
  const cached = genreLists.get(db);
  if (cached && cached.until > now) return cached.list;
  const list = listGenres(db);
  genreLists.set(db, { until: now + GENRE_LIST_TTL_MS, list });
  list.catch(() => genreLists.delete(db));
  return list;
}

/** After an edit of genres: this process counts them again at the next browse page. */
export function refreshGenreCounts(db: Db): void {
  genreLists.delete(db);
}

export function audioSlugs(db: Db): Promise<string[]> {
  return listAudioSlugs(db);
}
