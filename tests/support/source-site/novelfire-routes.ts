import type { SiteBook } from './books.ts';
import type { Fault } from './faults.ts';
import * as nf from './novelfire-pages.ts';

/** What the site holds, shared by both structures' routes. */
export interface SiteState {
  books: Map<string, SiteBook>;
  fictions: Map<string, SiteBook>;
  /** Chapters a book has now (tests add some to ongoing books). */
  count(book: SiteBook): number;
  duplicateListing: { slug: string; chapter: number } | null;
}

export const htmlResponse = (body: string, status = 200, headers: Record<string, string> = {}) => new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });
const pageOf = (url: URL) => Math.max(1, Number(url.searchParams.get('page') ?? '1') || 1);
const LIST_SIZE = 20;

/** novelfire's paths (and its mirror's `/novel/`): book, chapter list, chapter, catalogue, ranking, search. */
export function novelfireRoute(state: SiteState, url: URL, fault: Fault | null): Response {
  const path = url.pathname;
  let match = /^\/(book|novel)\/([a-z0-9-]+)\/?$/.exec(path);
  if (match) {
    const book = state.books.get(match[2]!);
    // A missing book answers 200 with a "not found" page, as the real site does.
    return book ? htmlResponse(nf.bookPage(book, state.count(book), match[1]!, fault === 'redesign')) : htmlResponse(nf.notFoundPage());
  }
  match = /^\/(book|novel)\/([a-z0-9-]+)\/chapters$/.exec(path);
  if (match) {
    const book = state.books.get(match[2]!);
    if (!book) return htmlResponse(nf.notFoundPage(), 404);
    const duplicated = state.duplicateListing?.slug === book.slug ? state.duplicateListing.chapter : null;
    return htmlResponse(nf.chapterListPage(book, state.count(book), pageOf(url), duplicated, match[1]!));
  }
  match = /^\/(book|novel)\/([a-z0-9-]+)\/chapter-(\d+)$/.exec(path);
  if (match) {
    const book = state.books.get(match[2]!);
    const n = Number(match[3]);
    if (!book || n < 1 || n > state.count(book)) return htmlResponse(nf.notFoundPage(), 404);
    return htmlResponse(nf.chapterPage(book, n, fault === 'empty-content', fault === 'redesign'));
  }
  const listHref = (page: number) => `${path}?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), page: String(page) })}`;
  match = /^\/genre-([a-z-]+)\/sort-([a-z-]+)\/status-([a-z]+)\/all-novel$/.exec(path);
  if (match) {
    const [, genre, , status] = match;
    const books = [...state.books.values()].filter(
      (b) => (genre === 'all' || b.genres.some((g) => g.toLowerCase().replace(/ /g, '-') === genre)) && (status === 'all' || b.status === status),
    );
    return htmlResponse(nf.listPage(books, pageOf(url), LIST_SIZE, listHref));
  }
  if (/^\/ranking(\/(ratings|most-read))?$/.test(path)) {
    const books = [...state.books.values()];
    if (path.endsWith('ratings')) books.reverse();
    return htmlResponse(nf.listPage(books, pageOf(url), LIST_SIZE, listHref));
  }
  if (path === '/search') {
    const keyword = (url.searchParams.get('keyword') ?? '').trim().toLowerCase();
    const books = [...state.books.values()].filter((b) => b.title.toLowerCase().includes(keyword));
    return htmlResponse(nf.listPage(books, pageOf(url), LIST_SIZE, listHref));
  }
  return htmlResponse(nf.notFoundPage(), 404);
}
