import { createRenderedPages, lookAndViewerKey, type Rendered } from '../../platform/http/rendered-pages.ts';

export interface ListingPageCacheOptions {
  /** How long a page is kept (its stamp already retires it when the catalogue changes). */
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
  /** The stamp of the catalogue index the page was drawn from (index/sync.ts: it moves with every change). */
  stamp: number;
}

export interface ListingPageCache {
  respond(request: Request, page: ListingPage, render: () => Rendered | Promise<Rendered>, headers: Record<string, string>): Promise<Response>;
}

/**
 * The key of a rendered /browse, /search or /ranking page (or its JSON): everything the page shows.
 * - The stamp of the catalogue index the page was drawn from: the index applies every change to
 *   a book, chapter, rating or count before it answers (index/sync.ts), and its stamp moves with
 *   each, so a change shows on the very next request; genre counts are part of it too.
 * - The canonical URL, not the raw one: the parsed parameters the page uses (browse filters with
 *   their defaults, the trimmed search words as typed and the page, the ranking and its limit).
 *   Junk parameters and spelled-out defaults share one entry, and the page is drawn for that URL
 *   (its return-to links), so nothing of the raw query reaches a page kept for others. Search
 *   words keep their case and inner spaces: the page shows them (box, title, "nothing for …").
 * - The part: a whole page, or which htmx fragment (a history restore asks for the whole page).
 * - The look (locale, theme, font, size) and the viewer in the header (lookAndViewerKey).
 * - The public origin the page's absolute links name: added by every rendered-page cache itself.
 * No CSRF token or request id is in these pages (CSRF is an Origin check; server.ts adds request
 * ids and cookies to every response), and the notification count is fetched by the page itself.
 * Must grow with the pages: anything new they show per request belongs here or outside the cache.
 */
export function listingPageKey(request: Request, page: ListingPage): string {
  return `${page.stamp}\n${page.path}\n${page.part}\n${lookAndViewerKey(request)}`;
}

/** Rendered and compressed listing pages (and JSON answers) of this process, bounded by bytes, for 60 s. */
export function createListingPageCache(options: ListingPageCacheOptions & { contentType?: string } = {}): ListingPageCache {
  const pages = createRenderedPages({
    cache: 'catalogue_page',
    maxEntries: options.maxEntries ?? 4000,
    maxBytes: options.maxBytes ?? 32_000_000,
    ttlMs: (options.ttlSeconds ?? 60) * 1000,
    now: options.now,
    contentType: options.contentType,
  });
  return {
    respond(request, page, render, headers) {
      return pages.respond(request, listingPageKey(request, page), render, headers);
    },
  };
}
