import type { Cache } from '../../platform/cache/port.ts';
import type { Db } from '../../platform/db/index.ts';
import { countCacheLookup } from '../../platform/http/metrics/registry.ts';
import { bookFileStarts, booksBetween, chapterRangesInUse, chaptersInRange } from './queries.ts';
import { siteUrl, sitemapIndex, urlset, type SitemapEntry } from './xml.ts';

/** The public pages that are not one book or chapter. */
const PAGES = ['/', '/browse', '/ranking', '/search'];
const TTL_SECONDS = 3600;

export interface SitemapOptions {
  db: Db;
  cache: Cache;
  baseUrl: string;
  /** Protocol limit is 50,000 URLs a file; smaller files are quicker to build and to fetch. */
  booksPerFile?: number;
  chaptersPerFile?: number;
}

export type SitemapName = { kind: 'index' } | { kind: 'pages' } | { kind: 'books' | 'chapters'; n: number };

/** `pages.xml`, `books-<n>.xml`, `chapters-<n>.xml` (n from 1, no leading zero); else null (404). */
export function parseSitemapFile(file: string): SitemapName | null {
  if (file === 'pages.xml') return { kind: 'pages' };
  const match = /^(books|chapters)-([1-9][0-9]{0,6})\.xml$/.exec(file);
  return match ? { kind: match[1] as 'books' | 'chapters', n: Number(match[2]) } : null;
}

/**
 * Builds the sitemap index and its files, each kept in the shared cache for an hour: a crawler
 * walking every file costs the database one range scan per file per hour, in every process.
 * Concurrent misses in one process share one build.
 */
export function createSitemaps(options: SitemapOptions) {
  const { db, cache, baseUrl } = options;
  const booksPerFile = options.booksPerFile ?? 10_000;
  const chaptersPerFile = options.chaptersPerFile ?? 40_000;
  const building = new Map<string, Promise<string | null>>();
  // The file sizes and the site address are part of the key: a deployment that changes them never
  // serves mixed files, and a site reached at two addresses never hands one's links to the other.
  const prefix = `seo:sitemap:v1:${baseUrl}:b${booksPerFile}:c${chaptersPerFile}:`;

  async function cached(key: string, build: () => Promise<string | null>): Promise<string | null> {
    const hit = await cache.get(prefix + key);
    countCacheLookup('sitemap', hit !== null);
    if (hit !== null) return hit;
    let pending = building.get(key);
    if (!pending) {
      pending = build()
        .then(async (value) => {
          // A missing file is not cached: asking for one costs a single cheap query.
          if (value !== null) await cache.set(prefix + key, value, TTL_SECONDS);
          return value;
        })
        .finally(() => building.delete(key));
      building.set(key, pending);
    }
    return pending;
  }

  async function bookStarts(): Promise<string[]> {
    const json = await cached('book-starts', async () => JSON.stringify(await bookFileStarts(db, booksPerFile)));
    return JSON.parse(json ?? '[]') as string[];
  }

  async function index(): Promise<string> {
    const [starts, ranges] = await Promise.all([bookStarts(), chapterRangesInUse(db, chaptersPerFile)]);
    const files: SitemapEntry[] = [{ loc: siteUrl(baseUrl, 'sitemaps', 'pages.xml') }];
    starts.forEach((_, i) => files.push({ loc: siteUrl(baseUrl, 'sitemaps', `books-${i + 1}.xml`) }));
    for (const k of ranges) files.push({ loc: siteUrl(baseUrl, 'sitemaps', `chapters-${k}.xml`) });
    return sitemapIndex(files);
  }

  async function books(n: number): Promise<string | null> {
    const starts = await bookStarts();
    const from = starts[n - 1];
    if (from === undefined) return null;
    const rows = await booksBetween(db, from, starts[n] ?? null);
    return urlset(rows.map((book) => ({ loc: siteUrl(baseUrl, 'book', book.slug), lastmod: book.updated_at })));
  }

  async function chapters(n: number): Promise<string | null> {
    const rows = await chaptersInRange(db, n, chaptersPerFile);
    if (rows.length === 0) return null;
    return urlset(rows.map((c) => ({ loc: siteUrl(baseUrl, 'book', c.book_slug, c.number), lastmod: c.updated_at })));
  }

  return {
    /** The XML of one sitemap, or null when there is no such file. */
    get(name: SitemapName): Promise<string | null> {
      switch (name.kind) {
        case 'index':
          return cached('index', index);
        case 'pages':
          return cached('pages', async () => urlset(PAGES.map((path) => ({ loc: siteUrl(baseUrl) + path.slice(1) }))));
        case 'books':
          return cached(`books-${name.n}`, () => books(name.n));
        case 'chapters':
          return cached(`chapters-${name.n}`, () => chapters(name.n));
      }
    },
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
