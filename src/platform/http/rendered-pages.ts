import { Lru } from '../cache/lru.ts';
import { brotliDecompressSync } from 'node:zlib';
import { compressBytes, pickEncoding } from './compress.ts';
import { countCacheLookup, type CacheName } from './metrics/registry.ts';
import { appearanceFromRequest } from './page.ts';
import { viewerOf } from './request-context.ts';

/**
 * One rendered page, kept compressed only: brotli made with the page (every browser asks for it),
 * gzip on first demand; the rare client that accepts neither gets the brotli decompressed. A page
 * is about a quarter of its UTF-16 string this way, so four times as many fit in the budget.
 */
interface RenderedPage {
  br: Uint8Array;
  gzip?: Uint8Array;
  expiresAt: number;
}

export interface RenderedPages {
  /**
   * The page for this request: the one kept under `key` when there is one, else `render()`'s, kept
   * for the next request with that key. A null key (data not cacheable) renders; so does any
   * method but GET (HEAD has no body). `headers` go on every answer (Vary for htmx fragments).
   */
  respond(request: Request, key: string | null, render: () => string | Promise<string>, headers?: Record<string, string>): Promise<Response>;
}

export interface RenderedPagesOptions {
  /** Its name in chapterhouse_cache_lookups_total. */
  cache: CacheName;
  maxBytes: number;
  maxEntries: number;
  /** How long a page is kept; without it, until evicted (the key alone says when it is stale). */
  ttlMs?: number;
  now?: () => number;
  /** Of every answer; HTML unless said otherwise (the chapter JSON is kept the same way). */
  contentType?: string;
}

const HTML = 'text/html; charset=utf-8';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * What every server-rendered page shows besides its own data: the look (locale, theme, font, size:
 * cookies or Accept-Language) and the viewer in the header (name, role for the admin link, avatar).
 * Part of the key of every cached page; a page's own key adds its data and its path.
 */
export function lookAndViewerKey(request: Request): string {
  const look = appearanceFromRequest(request);
  const viewer = viewerOf(request);
  const who = viewer ? `${viewer.username}\t${viewer.role}\t${viewer.avatarUrl ?? ''}` : '';
  return `${look.locale}\n${look.theme}\n${look.fontFamily}\n${look.fontSize}\n${who}`;
}

/**
 * Final pages bounded by bytes, so a repeat request skips rendering and compression. The answer
 * carries its content-encoding, which the outer compression (compress.ts) leaves alone; without
 * an accepted encoding the HTML goes to the outer compression as any page does. Request ids,
 * cookies and security headers are not in the body: server.ts adds them to every response.
 */
export function createRenderedPages(options: RenderedPagesOptions): RenderedPages {
  const now = options.now ?? Date.now;
  const type = options.contentType ?? HTML;
  const ttlMs = options.ttlMs ?? Infinity;
  const weigh = (page: RenderedPage) => page.br.byteLength + (page.gzip?.byteLength ?? 0) + 100;
  const pages = new Lru<RenderedPage>(options.maxEntries, options.maxBytes, weigh);

  return {
    async respond(request, key, render, headers = {}) {
      if (key === null || request.method !== 'GET') return plain(await render(), headers, type);
      let page = pages.get(key);
      if (page && page.expiresAt <= now()) {
        pages.delete(key);
        page = undefined;
      }
      countCacheLookup(options.cache, page !== undefined);
      if (!page) {
        page = { br: compressBytes(encoder.encode(await render()), 'br'), expiresAt: now() + ttlMs };
        pages.set(key, page);
      }
      const encoding = pickEncoding(request.headers.get('accept-encoding'));
      if (!encoding) return plain(decoder.decode(brotliDecompressSync(page.br)), headers, type);
      let body = encoding === 'br' ? page.br : page.gzip;
      if (!body) {
        body = page.gzip = compressBytes(brotliDecompressSync(page.br), 'gzip');
        if (pages.get(key) === page) pages.set(key, page); // weighed again with its new bytes
      }
      const vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
      return new Response(body as BodyInit, { headers: { ...headers, 'content-type': type, 'content-encoding': encoding, vary } });
    },
  };
}

/** Left to the outer compression, which also adds Accept-Encoding to Vary. */
function plain(body: string, headers: Record<string, string>, type: string): Response {
  return new Response(body, { headers: { ...headers, 'content-type': type } });
}
