import { Lru } from '../cache/lru.ts';
import { compressBytes, pickEncoding, type Encoding } from './compress.ts';
import { countCacheLookup, type CacheName } from './metrics/registry.ts';
import { appearanceFromRequest } from './page.ts';
import { viewerOf } from './request-context.ts';

/** One rendered page and its compressed forms, made on first demand. */
interface RenderedPage {
  html: string;
  encoded: Partial<Record<Encoding, Uint8Array>>;
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
}

const HTML = 'text/html; charset=utf-8';
const encoder = new TextEncoder();

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
  const ttlMs = options.ttlMs ?? Infinity;
  // Strings are held as UTF-16: two bytes a character.
  const weigh = (page: RenderedPage) => page.html.length * 2 + (page.encoded.br?.byteLength ?? 0) + (page.encoded.gzip?.byteLength ?? 0);
  const pages = new Lru<RenderedPage>(options.maxEntries, options.maxBytes, weigh);

  return {
    async respond(request, key, render, headers = {}) {
      if (key === null || request.method !== 'GET') return plain(await render(), headers);
      let page = pages.get(key);
      if (page && page.expiresAt <= now()) {
        pages.delete(key);
        page = undefined;
      }
      countCacheLookup(options.cache, page !== undefined);
      if (!page) {
        page = { html: await render(), encoded: {}, expiresAt: now() + ttlMs };
        pages.set(key, page);
      }
      const encoding = pickEncoding(request.headers.get('accept-encoding'));
      if (!encoding) return plain(page.html, headers);
      let body = page.encoded[encoding];
      if (!body) {
        body = page.encoded[encoding] = compressBytes(encoder.encode(page.html), encoding);
        if (pages.get(key) === page) pages.set(key, page); // weighed again with its new bytes
      }
      const vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
      return new Response(body as BodyInit, { headers: { ...headers, 'content-type': HTML, 'content-encoding': encoding, vary } });
    },
  };
}

/** Left to the outer compression, which also adds Accept-Encoding to Vary. */
function plain(html: string, headers: Record<string, string>): Response {
  return new Response(html, { headers: { ...headers, 'content-type': HTML } });
}
