import { Lru } from '../cache/lru.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { secondSighting } from '../cache/second-sighting.ts';
import { acceptedEncodings, compressBytes, type Encoding } from './compress.ts';
import { countCacheLookup, type CacheName } from './metrics/registry.ts';
import { appearanceFromRequest } from './page.ts';
import { currentPublicBase } from './public-origin.ts';
import { originAdmission } from './cached-origins.ts';
import { viewerOf } from './request-context.ts';

/**
 * One rendered page, kept compressed only: in the encoding it was made in (gzip: joined from a
 * template's precompressed pieces, or compressed whole), the other made on first demand; the rare
 * client that accepts neither gets it decompressed. A page is about a quarter of its UTF-16
 * string this way, so four times as many fit in the budget.
 */
type RenderedPage = { [E in Encoding]?: Uint8Array } & { expiresAt: number };

/** What a page is made as: its text or its UTF-8 bytes (compressed here), or a gzip body already made (page-template.ts). */
export type Rendered = string | { bytes: Uint8Array } | { gzip: Uint8Array };

export interface RenderedPages {
  /**
   * The page for this request: the one kept under `key` (and the request's public origin, which
   * every page's absolute links name) when there is one, else `render()`'s, kept for the next
   * request with that key at that origin. A null key (data not cacheable) renders; so does any
   * method but GET (HEAD has no body). `headers` go on every answer (Vary for htmx fragments).
   */
  respond(request: Request, key: string | null, render: () => Rendered | Promise<Rendered>, headers?: Record<string, string>): Promise<Response>;
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
  /** Keep a page only when its key is asked for a second time within the last `admitAfter` keys (cache/second-sighting.ts). */
  admitAfter?: number;
  /** Keep pages for at most this many public origins (cached-origins.ts); 8 unless said. */
  maxOrigins?: number;
}

const MAX_ORIGINS = 8;

const HTML = 'text/html; charset=utf-8';
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
  const weigh = (page: RenderedPage) => (page.br?.byteLength ?? 0) + (page.gzip?.byteLength ?? 0) + 100;
  const pages = new Lru<RenderedPage>(options.maxEntries, options.maxBytes, weigh);
  const admit = options.admitAfter ? secondSighting(options.admitAfter) : () => true;
  const keepsOrigin = originAdmission(options.maxOrigins ?? MAX_ORIGINS);

  return {
    async respond(request, pageKey, render, headers = {}) {
      if (request.method !== 'GET') return plain(textOf(await render()), headers, type);
      // Pages hold absolute links to the origin they were drawn for: one origin's page is never another's.
      const origin = currentPublicBase() ?? '';
      const key = pageKey === null || !keepsOrigin(origin) ? null : `${origin}\n${pageKey}`;
      if (key === null) {
        const made = await render();
        return typeof made === 'string' ? plain(made, headers, type) : encoded(request, { gzip: gzipOf(made), expiresAt: 0 }, headers, type);
      }
      let page = pages.get(key);
      if (page && page.expiresAt <= now()) {
        pages.delete(key);
        page = undefined;
      }
      countCacheLookup(options.cache, page !== undefined);
      if (!page) {
        const made = await render();
        // Dynamic text is compressed with gzip: a third of brotli's cost at quality 5, for a few % more bytes.
        page = { gzip: gzipOf(made), expiresAt: now() + ttlMs };
        if (!admit(key)) return encoded(request, page, headers, type);
        pages.set(key, page);
      }
      const before = weigh(page);
      const response = encoded(request, page, headers, type);
      if (weigh(page) !== before && pages.get(key) === page) pages.set(key, page); // weighed again with its new bytes
      return response;
    },
  };
}

function textOf(made: Rendered): string {
  return typeof made === 'string' ? made : 'bytes' in made ? decoder.decode(made.bytes) : decoder.decode(gunzipSync(made.gzip));
}

function gzipOf(made: Rendered): Uint8Array {
  return typeof made === 'string' ? compressBytes(made, 'gzip') : 'bytes' in made ? compressBytes(made.bytes, 'gzip') : made.gzip;
}

function decompressed(page: RenderedPage): Uint8Array {
  return page.gzip ? gunzipSync(page.gzip) : brotliDecompressSync(page.br!);
}

/**
 * The page in an encoding the client takes: the one it was kept in when accepted (gzip is as good
 * to a browser as brotli), else made from it once and kept too.
 */
function encoded(request: Request, page: RenderedPage, headers: Record<string, string>, type: string): Response {
  const accepted = acceptedEncodings(request.headers.get('accept-encoding'));
  if (accepted.size === 0) return plain(decoder.decode(decompressed(page)), headers, type);
  const chosen: Encoding = page.gzip && accepted.has('gzip') ? 'gzip' : page.br && accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'br';
  const body = (page[chosen] ??= compressBytes(decompressed(page), chosen));
  const vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  return new Response(body as BodyInit, { headers: { ...headers, 'content-type': type, 'content-encoding': chosen, vary } });
}

/** Left to the outer compression, which also adds Accept-Encoding to Vary. */
function plain(body: string, headers: Record<string, string>, type: string): Response {
  return new Response(body, { headers: { ...headers, 'content-type': type } });
}
