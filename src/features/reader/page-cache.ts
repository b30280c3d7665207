import { compressBytes, pickEncoding, type Encoding } from '../../platform/http/compress.ts';
import { appearanceFromRequest } from '../../platform/http/page.ts';
import { viewerOf } from '../../platform/http/request-context.ts';
import { offersBookFont } from './font-offer.ts';
import { countCacheLookup } from '../../platform/http/metrics/registry.ts';
import { Lru } from './lru.ts';

/** One rendered page and its compressed forms, made on first demand. */
interface RenderedPage {
  html: string;
  encoded: Partial<Record<Encoding, Uint8Array>>;
}

export interface RenderedPageCache {
  /**
   * The page for this request: from the cache when the same data (`stamp`) was already rendered
   * for the same look and viewer, else `render()`'s. A null stamp (data not cached) renders.
   */
  respond(request: Request, pathname: string, stamp: number | null, render: () => string | Promise<string>): Promise<Response>;
}

const HTML = 'text/html; charset=utf-8';
const encoder = new TextEncoder();

/**
 * Everything on a chapter page that is not its data: the path (canonical and return-to links),
 * the look (locale, theme, font, size: cookies or Accept-Language), whether the book font is
 * offered (font-offer.ts) and the viewer in the header.
 * The data's stamp covers the book, the chapter and its neighbours (prev/next, prefetch). Request
 * ids, cookies and security headers are not in the body: server.ts adds them to every response.
 * Must grow with the page: anything new a page shows per request belongs here.
 */
export function renderedPageKey(request: Request, pathname: string, stamp: number): string {
  const look = appearanceFromRequest(request);
  const viewer = viewerOf(request);
  const who = viewer ? `${viewer.username}\t${viewer.role}\t${viewer.avatarUrl ?? ''}` : '';
  const offer = offersBookFont(request) ? 'font-offer' : '';
  return `${stamp}\n${pathname}\n${look.locale}\n${look.theme}\n${look.fontFamily}\n${look.fontSize}\n${offer}\n${who}`;
}

/**
 * Final chapter pages, bounded by bytes, so a repeat request skips rendering and compression. The
 * answer carries its content-encoding, which the outer compression (platform/http/compress.ts)
 * leaves alone. Entries of superseded data are never asked for again and age out.
 */
export function createRenderedPageCache(options: { maxBytes?: number; maxEntries?: number } = {}): RenderedPageCache {
  // Strings are held as UTF-16: two bytes a character.
  const weigh = (page: RenderedPage) => page.html.length * 2 + (page.encoded.br?.byteLength ?? 0) + (page.encoded.gzip?.byteLength ?? 0);
  const pages = new Lru<RenderedPage>(options.maxEntries ?? 5000, options.maxBytes ?? 64_000_000, weigh);

  return {
    async respond(request, pathname, stamp, render) {
      // Query strings are unbounded (anyone can make new ones) and HEAD has no body: not cached.
      if (stamp === null || request.method !== 'GET' || request.url.includes('?')) return plain(await render());
      const key = renderedPageKey(request, pathname, stamp);
      let page = pages.get(key);
      countCacheLookup('chapter_page', page !== undefined);
      if (!page) {
        page = { html: await render(), encoded: {} };
        pages.set(key, page);
      }
      const encoding = pickEncoding(request.headers.get('accept-encoding'));
      if (!encoding) return plain(page.html);
      let body = page.encoded[encoding];
      if (!body) {
        body = page.encoded[encoding] = compressBytes(encoder.encode(page.html), encoding);
        pages.set(key, page); // weighed again with its new bytes
      }
      return new Response(body as BodyInit, { headers: { 'content-type': HTML, 'content-encoding': encoding, vary: 'Accept-Encoding' } });
    },
  };
}

/** Left to the outer compression, which also adds Vary. */
function plain(html: string): Response {
  return new Response(html, { headers: { 'content-type': HTML } });
}
