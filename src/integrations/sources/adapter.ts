import type { Trace } from './extract.ts';
import type { CataloguePage } from './list-items.ts';
import type { BookMeta, SourceChapterRef, SourceChapterText } from './types.ts';

/**
 * What a source folder (novelfire/, royalroad/) gives the generic client: its sites, its URL
 * rules, and its parser. The client, the fetcher and the configuration ask the registry for
 * these and never branch on a source's name.
 */
export interface SourceSite<Id extends string = string> {
  /** Stored with each scrape task and book (scrape_tasks.source). */
  id: Id;
  /** The real site, used when no setting replaces it. */
  defaultBaseUrl: string;
  /** The environment variable that replaces the base URL, and the config field carrying it; absent: fixed. */
  setting?: { env: string; key: string };
}

export interface CatalogueQuery {
  page: number;
  genre?: string;
  sort?: string;
  status?: string;
}

/** A fetched page as a parser reads it. */
export interface SourcePage {
  url: string;
  text(): string;
}

export interface SourceAdapter<Sites extends readonly SourceSite[] = readonly SourceSite[]> {
  /** The source's own site first, then mirrors with the same structure. */
  sites: Sites;
  /** A book or chapter page (its path under the site's base) → the book's slug and address; null: neither. */
  bookOf(path: URL, base: string): { sourceSlug: string; bookUrl: string } | null;
  /** The message when a URL of this source is not a book or chapter page. */
  notABookPage: string;
  isChapterPath(pathname: string): boolean;
  /** `page` is already a whole number of at least 1. */
  catalogueUrl(base: string, query: CatalogueQuery): string;
  searchUrl(base: string, keyword: string, page: number): string;
  /**
   * Loaded on first use: the configuration reads the registry in every process and worker, and
   * the parsers bring cheerio and turndown, which take about 100 ms to load.
   */
  parser(): Promise<SourceParser>;
}

export interface SourceParser {
  /** The book page → its metadata and whole chapter list, fetching further pages with `get` where the site splits the list. */
  book(page: SourcePage, context: { bookUrl: string; get(url: string): Promise<SourcePage>; trace: Trace }): Promise<BookMeta & { chapters: SourceChapterRef[] }>;
  chapter(html: string, ref: Pick<SourceChapterRef, 'number' | 'title'>, trace: Trace): SourceChapterText;
  list(html: string, url: string, trace: Trace): CataloguePage;
}

/** Keeps the sites' ids and settings as literal types, so SourceId and the config fields follow the registry. */
export function defineSource<const Sites extends readonly SourceSite[]>(adapter: SourceAdapter<Sites>): SourceAdapter<Sites> {
  return adapter;
}
