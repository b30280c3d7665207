import { createRenderedPages, lookAndViewerKey } from '../../platform/http/rendered-pages.ts';
import type { CatalogueAnswers } from './answers.ts';

export interface ListingPageCacheOptions {
  /** Pages live as long as the answers they show (answers.ts). */
  ttlSeconds?: number;
  maxBytes?: number;
  maxEntries?: number;
  now?: () => number;
}

/** What a listing page is drawn from besides the catalogue, the look and the viewer. */
export interface ListingPage {
  /** The canonical URL: the route and the parsed query written back (page-routes.ts). */
  path: string;
  /** 'page', or the htmx fragment drawn instead (one of the route's own names, never the raw header). */
  part: string;
  /** genreListStamp of the genre list drawn, when the page shows it. */
  genres?: number;
}

export interface ListingPageCache {
  respond(request: Request, page: ListingPage, render: () => string | Promise<string>, headers: Record<string, string>): Promise<Response>;
}

/**
 * The key of a rendered /browse, /search or /ranking page: everything the page shows per request.
 * - The catalogue version, read once per request before any answer: every book, chapter, rating or
 *   count a listing shows moves it (answers.ts), so a change shows on the very next request. The
 *   answers read afterwards are of that version or a newer one, never an older one.
 * - The canonical URL, not the raw one: the parsed parameters the page uses (browse filters with
 *   their defaults, the trimmed search words as typed and the page, the ranking and its limit).
 *   Junk parameters and spelled-out defaults share one entry, and the page is drawn for that URL
 *   (its return-to links), so nothing of the raw query reaches a page kept for others. Search
 *   words keep their case and inner spaces: the page shows them (box, title, "nothing for …").
 * - The part: a whole page, or which htmx fragment (a history restore asks for the whole page).
 * - The genre list's stamp where the page shows it (browse filters and title, the suggestions of
 *   a search that finds nothing): that list is kept 5 minutes per process, apart from the version.
 * - The look (locale, theme, font, size) and the viewer in the header (lookAndViewerKey).
 * No CSRF token or request id is in these pages (CSRF is an Origin check; server.ts adds request
 * ids and cookies to every response), and the notification count is fetched by the page itself.
 * Must grow with the pages: anything new they show per request belongs here or outside the cache.
 */
export function listingPageKey(request: Request, version: string, page: ListingPage): string {
  return `${version}\n${page.path}\n${page.part}\n${page.genres ?? ''}\n${lookAndViewerKey(request)}`;
}

/**
 * Rendered and compressed listing pages of this process, bounded by bytes, for 60 s. While the
 * shared cache is away there is no version to key on, and pages are rendered as without a cache.
 */
export function createListingPageCache(answers: CatalogueAnswers, options: ListingPageCacheOptions = {}): ListingPageCache {
  const pages = createRenderedPages({
    cache: 'catalogue_page',
    maxEntries: options.maxEntries ?? 2000,
    maxBytes: options.maxBytes ?? 32_000_000,
    ttlMs: (options.ttlSeconds ?? 60) * 1000,
    now: options.now,
  });
  return {
    async respond(request, page, render, headers) {
      const version = request.method === 'GET' ? await answers.version() : null;
      return pages.respond(request, version === null ? null : listingPageKey(request, version, page), render, headers);
    },
  };
}

const genreStamps = new WeakMap<object, number>();
let lastGenreStamp = 0;

/** A number for each genre list genres(db) hands out: a new list (new counts) gets a new one. */
export function genreListStamp(list: object): number {
  let stamp = genreStamps.get(list);
  if (stamp === undefined) genreStamps.set(list, (stamp = ++lastGenreStamp));
  return stamp;
}
