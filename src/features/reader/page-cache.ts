import { createRenderedPages, lookAndViewerKey, type Rendered } from '../../platform/http/rendered-pages.ts';
import { offersBookFont } from './font-offer.ts';

export interface RenderedPageCache {
  /**
   * The page for this request: from the cache when the same data (`stamp`) was already rendered
   * for the same look and viewer, else `render()`'s. A null stamp (data not cached) renders.
   */
  respond(request: Request, pathname: string, stamp: string | null, render: () => Rendered | Promise<Rendered>): Promise<Response>;
}

/**
 * Everything on a chapter page that is not its data: the path (canonical and return-to links),
 * whether the book font is offered (font-offer.ts), and the look and viewer every page shows
 * (platform/http/rendered-pages.ts). The data's stamp covers the book, the chapter and its
 * neighbours (prev/next, prefetch).
 * Must grow with the page: anything new a page shows per request belongs here.
 */
export function renderedPageKey(request: Request, pathname: string, stamp: string): string {
  const offer = offersBookFont(request) ? 'font-offer' : '';
  return `${stamp}\n${pathname}\n${offer}\n${lookAndViewerKey(request)}`;
}

/**
 * Final chapter pages, bounded by bytes. Kept without a lifetime: entries of superseded data are
 * never asked for again (their stamp is gone) and age out.
 */
export function createRenderedPageCache(options: { maxBytes?: number; maxEntries?: number; admitAfter?: number } = {}): RenderedPageCache {
  // A page is kept from its second reading: most chapters of a large catalogue are opened once in a while.
  const pages = createRenderedPages({ cache: 'chapter_page', maxEntries: options.maxEntries ?? 50_000, maxBytes: options.maxBytes ?? 128_000_000, admitAfter: options.admitAfter ?? 200_000 });
  return {
    respond(request, pathname, stamp, render) {
      // Query strings are unbounded (anyone can make new ones): not cached.
      const cacheable = stamp !== null && !request.url.includes('?');
      return pages.respond(request, cacheable ? renderedPageKey(request, pathname, stamp) : null, render);
    },
  };
}
