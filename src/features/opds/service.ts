import type { Db } from '../../platform/db/index.ts';
import { SHELVES, type Shelf } from '../library/model.ts';
import { notFound } from '../../platform/http/errors.ts';
import { translate } from '../../platform/i18n/index.ts';
import { PAGE_SIZE, type BrowseSort } from '../catalogue/model.ts';
import { browse, genres, search, searchQueryText } from '../catalogue/service.ts';
import type { CatalogueIndexSource } from '../catalogue/index/sync.ts';
import { libraryOf } from '../library/service.ts';
import type { Book } from '../catalogue/model.ts';
import { acquisitionFeed, navigationFeed, type BookPageOf, type FeedContext, type NavigationItem } from './feeds.ts';
import { OPDS_ROOT, SEARCH_PATH, genreFeedPath, shelfFeedPath } from './links.ts';
import { catalogueChangedAt, entryFactsOf } from './queries.ts';

/** The catalogue's lists as OPDS feeds: the catalogue's and the library's services, one page each. */
export const LISTS = {
  new: { sort: 'new', title: 'New', description: 'Books most recently added' },
  updated: { sort: 'updated', title: 'Recently updated', description: 'Books with the newest chapters' },
  popular: { sort: 'popular', title: 'Popular', description: 'What readers read most this week' },
} as const satisfies Record<string, { sort: BrowseSort; title: string; description: string }>;
export type ListName = keyof typeof LISTS;

const urn = (...parts: string[]) => ['urn:chapterhouse:opds', ...parts].join(':');
const shelfTitle = (shelf: Shelf) => translate('en', `library.shelf.${shelf}`);

/** An empty catalogue has changed never: a fixed time, so that its feeds read the same each time. */
const NEVER = new Date(0).toISOString();

/** The time of feeds without books of their own: the catalogue's newest change. */
async function catalogueUpdated(db: Db): Promise<string> {
  return (await catalogueChangedAt(db))?.toISOString() ?? NEVER;
}

/**
 * A page of books with when each last changed (one query for the page) and the feed's `updated`:
 * its newest entry's, or, for an empty page, the catalogue's newest change. Never the request's
 * time, so a reader app sees a feed as changed only when a book on it did.
 */
async function dated(db: Db, books: Book[], page: number, hasMore: boolean): Promise<BookPageOf> {
  const facts = await entryFactsOf(db, books.map((book) => book.slug));
  const changes = new Map([...facts].map(([slug, f]) => [slug, f.changed.toISOString()]));
  const languages = new Map([...facts].map(([slug, f]) => [slug, f.language]));
  const newest = Math.max(...[...facts.values()].map((f) => f.changed.getTime()));
  const updated = Number.isFinite(newest) ? new Date(newest).toISOString() : await catalogueUpdated(db);
  return { books, page, hasMore, changes, languages, updated };
}

export async function rootFeed(db: Db, ctx: FeedContext): Promise<string> {
  const items: NavigationItem[] = [
    ...Object.entries(LISTS).map(([name, list]): NavigationItem => ({
      id: urn(name), title: list.title, description: list.description, path: `${OPDS_ROOT}/${name}`, kind: 'acquisition',
      rel: name === 'new' ? 'http://opds-spec.org/sort/new' : name === 'popular' ? 'http://opds-spec.org/sort/popular' : undefined,
    })),
    { id: urn('genres'), title: 'By genre', description: 'Books by genre', path: `${OPDS_ROOT}/genres`, kind: 'navigation' },
    ...SHELVES.map((shelf): NavigationItem => ({
      id: urn('shelf', shelf), title: `My library: ${shelfTitle(shelf)}`, description: `The books on your "${shelfTitle(shelf)}" shelf`, path: shelfFeedPath(shelf), kind: 'acquisition',
    })),
  ];
  return navigationFeed(ctx, urn('root'), 'Chapterhouse', OPDS_ROOT, items, await catalogueUpdated(db));
}

export async function listFeed(db: Db, catalogue: CatalogueIndexSource, ctx: FeedContext, name: ListName, page: number): Promise<string> {
  const list = LISTS[name];
  const found = browse(await catalogue.current(), { sort: list.sort, genre: null, status: null, audio: false, page, limit: PAGE_SIZE });
  return acquisitionFeed(ctx, urn(name), list.title, `${OPDS_ROOT}/${name}`, await dated(db, found.books, page, found.has_more));
}

export async function genresFeed(db: Db, catalogue: CatalogueIndexSource, ctx: FeedContext): Promise<string> {
  const items = genres(await catalogue.current())
    .filter((genre) => genre.count > 0)
    .map((genre): NavigationItem => ({
      id: urn('genre', genre.slug), title: genre.name, description: `${genre.count} ${genre.count === 1 ? 'book' : 'books'}`, path: genreFeedPath(genre.slug), kind: 'acquisition',
    }));
  return navigationFeed(ctx, urn('genres'), 'By genre', `${OPDS_ROOT}/genres`, items, await catalogueUpdated(db));
}

export async function genreFeed(db: Db, catalogue: CatalogueIndexSource, ctx: FeedContext, slug: string, page: number): Promise<string> {
  const snapshot = await catalogue.current();
  const genre = genres(snapshot).find((g) => g.slug === slug);
  if (!genre) throw notFound('Genre not found');
  const found = browse(snapshot, { sort: 'popular', genre: slug, status: null, audio: false, page, limit: PAGE_SIZE });
  return acquisitionFeed(ctx, urn('genre', slug), genre.name, genreFeedPath(slug), await dated(db, found.books, page, found.has_more));
}

/** A shelf of the reader's library, in the library's own order (most recently changed first). */
export async function shelfFeed(db: Db, ctx: FeedContext, userId: string, shelf: Shelf, page: number): Promise<string> {
  const entries = await libraryOf(db, userId, shelf);
  const start = (page - 1) * PAGE_SIZE;
  const books = entries.slice(start, start + PAGE_SIZE).map((entry) => entry.book);
  return acquisitionFeed(ctx, urn('shelf', shelf), `My library: ${shelfTitle(shelf)}`, shelfFeedPath(shelf), await dated(db, books, page, entries.length > start + PAGE_SIZE));
}

export async function searchFeed(db: Db, catalogue: CatalogueIndexSource, ctx: FeedContext, q: string | undefined, page: number): Promise<string> {
  const text = searchQueryText(q);
  const found = search(await catalogue.current(), text, page, PAGE_SIZE);
  return acquisitionFeed(ctx, urn('search'), `Search: ${text}`, SEARCH_PATH, await dated(db, found.books, page, found.has_more), { q: text });
}
