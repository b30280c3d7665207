import { UrlGuard, type Lookup } from './guard.ts';
import { PoliteFetcher } from './fetcher.ts';
import type { Sleep } from './bucket.ts';
import type { Trace } from './extract.ts';
import type { CatalogueQuery } from './adapter.ts';
import { adapterOf, SITES, type SourceId } from './registry.ts';
import { configuredBases, sourceBases, type SourcesConfig } from './settings.ts';
import { SourceError, type BookMeta, type CheckReport, type SourceChapterRef, type SourceChapterText, type SourceListItem } from './types.ts';
import { dedupeChapters } from './pagination.ts';
import { catalogueUrl, searchUrl } from './lists.ts';

export interface SourceClientOptions {
  fetch?: typeof fetch;
  sleep?: Sleep;
  now?: () => number;
  random?: () => number;
  lookup?: Lookup;
  log?: { warn(msg: string, fields?: object): void; info?(msg: string, fields?: object): void; debug?(msg: string, fields?: object): void };
}

export interface SourceBook extends BookMeta {
  source: SourceId;
  url: string;
  sourceSlug: string;
  chapters: SourceChapterRef[];
}

export interface SourceClient {
  resolve(url: string): { source: SourceId; bookUrl: string; sourceSlug: string };
  book(bookUrl: string, signal?: AbortSignal): Promise<SourceBook>;
  chapter(ref: SourceChapterRef, signal?: AbortSignal): Promise<SourceChapterText>;
  catalogue(source: SourceId, query: CatalogueQuery, signal?: AbortSignal): Promise<{ items: SourceListItem[]; hasMore: boolean }>;
  search(source: SourceId, keyword: string, page: number, signal?: AbortSignal): Promise<{ items: SourceListItem[]; hasMore: boolean }>;
  /** A cover image (same guard, pacing and size cap as pages). */
  image(url: string, signal?: AbortSignal): Promise<{ bytes: Uint8Array; contentType: string }>;
  check(url: string, signal?: AbortSignal): Promise<CheckReport>;
}

/**
 * The scraper's one entry point: any book or chapter URL of a configured source → book (metadata
 * and the full chapter list) and chapters (clean markdown), politely (fetcher.ts).
 */
export function createSourceClient(config: SourcesConfig, options: SourceClientOptions = {}): SourceClient {
  const bases = sourceBases(config);
  const guard = new UrlGuard(Object.values(bases), configuredBases(config), options.lookup);
  const fetcher = new PoliteFetcher({ config, guard, fetch: options.fetch, sleep: options.sleep, now: options.now, random: options.random, log: options.log });

  // Longest base first: two sources may share a host (a local site serving both under paths).
  const ordered = SITES.map((site) => site.id).sort((a, b) => bases[b].length - bases[a].length);
  const sourceOf = (url: URL): SourceId => {
    const found = ordered.find((id) => url.href === bases[id] || url.href.startsWith(`${bases[id]}/`));
    if (!found) throw new SourceError('unsupported_url', `${url.host} is not a configured source`);
    return found;
  };
  /** The URL's path under its source's base (what the profiles' patterns describe). */
  const within = (url: URL, source: SourceId): URL => {
    const prefix = new URL(bases[source]).pathname.replace(/\/+$/, '');
    return new URL(url.pathname.slice(prefix.length) || '/', url.origin);
  };

  function resolve(raw: string) {
    const url = guard.allowedUrl(raw);
    const source = sourceOf(url);
    const adapter = adapterOf(source);
    const found = adapter.bookOf(within(url, source), bases[source]);
    if (!found) throw new SourceError('unsupported_url', adapter.notABookPage);
    return { source, sourceSlug: found.sourceSlug, bookUrl: found.bookUrl };
  }

  async function book(raw: string, signal?: AbortSignal, trace: Trace = []): Promise<SourceBook> {
    const { source, bookUrl, sourceSlug } = resolve(raw);
    const page = await fetcher.get(bookUrl, signal);
    const parsed = await (await adapterOf(source).parser()).book(page, { bookUrl, get: (url) => fetcher.get(url, signal), trace });
    return { source, url: bookUrl, sourceSlug, ...parsed, chapters: dedupeChapters(parsed.chapters) };
  }

  async function chapter(ref: SourceChapterRef, signal?: AbortSignal, trace: Trace = []): Promise<SourceChapterText> {
    const url = guard.allowedUrl(ref.url);
    const parser = await adapterOf(sourceOf(url)).parser();
    for (let attempt = 0; ; attempt++) {
      const page = await fetcher.get(url.toString(), signal);
      const text = parser.chapter(page.text(), ref, trace);
      if (text.markdown.trim()) return text;
      // Since mid-2026 the site sometimes serves a normal page with an empty body: never store it.
      if (attempt >= config.emptyRetries) throw new SourceError('empty', `Chapter ${ref.number} came back empty ${attempt + 1} times`);
      options.log?.warn('empty chapter body, fetching again', { url: ref.url, attempt: attempt + 1 });
      fetcher.buckets.pause(url.host, Math.min(config.maxBackoffMs, 1000 * 2 ** attempt));
    }
  }

  async function list(source: SourceId, url: string, signal?: AbortSignal, trace: Trace = []) {
    const page = await fetcher.get(url, signal);
    return (await adapterOf(source).parser()).list(page.text(), page.url, trace);
  }

  return {
    resolve,
    book: (url, signal) => book(url, signal),
    chapter: (ref, signal) => chapter(ref, signal),
    catalogue: (source, query, signal) => list(source, catalogueUrl(source, bases[source], query), signal),
    search: (source, keyword, page, signal) => list(source, searchUrl(source, bases[source], keyword, page), signal),
    async image(url, signal) {
      const fetched = await fetcher.get(url, signal, false);
      if (!/^image\//i.test(fetched.contentType)) throw new SourceError('parse', 'The cover is not an image');
      return { bytes: fetched.body, contentType: fetched.contentType.split(';')[0]!.trim() };
    },
    async check(raw, signal) {
      const trace: Trace = [];
      const url = guard.allowedUrl(raw);
      const source = sourceOf(url);
      const path = within(url, source);
      const adapter = adapterOf(source);
      const isChapter = adapter.isChapterPath(path.pathname);
      const isBook = !isChapter && adapter.bookOf(path, bases[source]) !== null;
      try {
        if (isChapter) await chapter({ key: '0', number: Number(/chapter-(\d+)/.exec(url.pathname)?.[1] ?? 0) || 1, title: '', url: url.toString() }, signal, trace);
        else if (isBook) await book(url.toString(), signal, trace);
        else await list(source, url.toString(), signal, trace);
      } catch (error) {
        // A page that no longer parses is what the report is for: show what matched up to there.
        if (!(error instanceof SourceError && (error.kind === 'parse' || error.kind === 'empty'))) throw error;
      }
      return { url: url.toString(), page: isChapter ? 'chapter' : isBook ? 'book' : 'list', fields: trace.filter((f, i) => trace.findIndex((g) => g.field === f.field) === i).map((f) => ({ ...f, tried: [...f.tried] })) };
    },
  };
}
