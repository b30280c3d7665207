import type { Cache } from '../../platform/cache/port.ts';
import { countCacheLookup } from '../../platform/http/metrics/registry.ts';
import { Lru } from './lru.ts';
import { RENDER_VERSION, renderChapter } from '../../platform/markup/chapter-html.ts';

export interface ChapterHtmlCache {
  /**
   * The rendered HTML of the chapter whose text hashes to `contentHash`. When neither this process
   * nor the shared cache has it, `loadStored` (the rendering stored in the row) is asked, and only
   * without one is `loadText` read and rendered.
   */
  html(contentHash: string, loadText: () => Promise<string>, loadStored?: () => Promise<string | null>): Promise<string>;
}

export interface ChapterHtmlCacheOptions {
  ttlSeconds?: number;
  maxEntries?: number;
  /** Total characters kept in this process (about 2 bytes each). */
  maxChars?: number;
  onError?: (error: unknown) => void;
}

/**
 * Renderings keyed by the hash of the text they come from: an edited chapter has a new key, so it
 * is rendered anew without anyone invalidating anything; the old entry simply expires. An
 * in-process LRU sits in front of the shared cache (Redis when configured) so the hot path of a
 * popular chapter touches neither the network nor the renderer, and concurrent first readers of
 * one chapter share a single rendering.
 */
export function createChapterHtmlCache(cache: Cache, options: ChapterHtmlCacheOptions = {}): ChapterHtmlCache {
  const ttl = options.ttlSeconds ?? 24 * 3600;
  const local = new Lru<string>(options.maxEntries ?? 1000, options.maxChars ?? 16_000_000, (html) => html.length);
  const pending = new Map<string, Promise<string>>();
  const report = options.onError ?? (() => {});

  async function fill(key: string, loadText: () => Promise<string>, loadStored?: () => Promise<string | null>): Promise<string> {
    // The shared cache is an optimisation: when it is down, readers still get their chapter.
    const shared = await cache.get(key).catch((error) => (report(error), null));
    countCacheLookup('chapter_html_shared', shared !== null);
    if (shared !== null) return shared;
    const html = (await loadStored?.()) ?? renderChapter(await loadText());
    // Awaited (a miss is rare and the write is small) so that another process finds it at once.
    await cache.set(key, html, ttl).catch(report);
    return html;
  }

  return {
    async html(contentHash, loadText, loadStored) {
      const key = `reader:html:${RENDER_VERSION}:${contentHash}`;
      const hit = local.get(key);
      countCacheLookup('chapter_html', hit !== undefined);
      if (hit !== undefined) return hit;
      let rendering = pending.get(key);
      if (!rendering) {
        rendering = fill(key, loadText, loadStored).finally(() => pending.delete(key));
        pending.set(key, rendering);
      }
      const html = await rendering;
      local.set(key, html);
      return html;
    },
  };
}
