import type { Fault } from './faults.ts';
import { htmlResponse, type SiteState } from './novelfire-routes.ts';
import * as rr from './royalroad-pages.ts';

const pageOf = (url: URL) => Math.max(1, Number(url.searchParams.get('page') ?? '1') || 1);
const LIST_SIZE = 20;

/** Royal Road's paths, `path` without the /rr prefix: fiction, chapter (both forms), lists, search. */
export function royalroadRoute(state: SiteState, path: string, url: URL, fault: Fault | null): Response {
  let match = /^\/fiction\/(\d+)(?:\/[a-z0-9-]+)?\/?$/.exec(path);
  if (match) {
    const book = state.fictions.get(match[1]!);
    // Royal Road answers a missing fiction with 200 and a "404" page.
    return book ? htmlResponse(rr.fictionPage(book, state.count(book), fault === 'redesign')) : htmlResponse(rr.missingFiction());
  }
  match = /^\/fiction\/(?:(\d+)\/[a-z0-9-]+\/)?chapter\/(\d+)(?:\/[a-z0-9-]+)?$/.exec(path);
  if (match) {
    const id = Number(match[2]);
    const book = state.fictions.get(String(Math.floor(id / 1000)));
    const n = id % 1000;
    const fits = book && (!match[1] || match[1] === String(book.id)) && n >= 1 && n <= state.count(book);
    return fits ? htmlResponse(rr.chapterPage(book, n)) : htmlResponse(rr.missingFiction(), 404);
  }
  const listHref = (page: number) => `${rr.RR}${path}?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), page: String(page) })}`;
  if (path === '/fictions/search') {
    const title = (url.searchParams.get('title') ?? '').trim().toLowerCase();
    const books = [...state.fictions.values()].filter((b) => b.title.toLowerCase().includes(title));
    return htmlResponse(rr.fictionListPage(books, pageOf(url), LIST_SIZE, listHref));
  }
  match = /^\/fictions\/(best-rated|trending|active-popular|weekly-popular|latest-updates|new-releases|complete)$/.exec(path);
  if (match) {
    const genre = url.searchParams.get('genre');
    const books = [...state.fictions.values()].filter((b) => (match![1] !== 'complete' || b.status === 'completed') && (!genre || b.genres.some((g) => g.toLowerCase() === genre.toLowerCase())));
    return htmlResponse(rr.fictionListPage(books, pageOf(url), LIST_SIZE, listHref));
  }
  return htmlResponse(rr.missingFiction(), 404);
}
