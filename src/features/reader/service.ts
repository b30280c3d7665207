import type { Cache } from '../../platform/cache/port.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Shelf } from '../../platform/db/schema.ts';
import type { Reader } from '../../platform/http/auth.ts';
import { notFound } from '../../platform/http/errors.ts';
import { jsonColumn } from '../../platform/db/json.ts';
import { coverPath, toBook } from '../catalogue/service.ts';
import { bumpCatalogueVersion } from '../catalogue/answers.ts';
import type { Book } from '../catalogue/model.ts';
import { libraryShelfOf } from '../library/service.ts';
import { myRating } from '../ratings/service.ts';
import { bookCommentTotal } from '../comments/counts/service.ts';
import type { Progress } from '../progress/model.ts';
import { progressOf } from '../progress/service.ts';
import { CHAPTER_CHANGES, createChapterCache, type ChapterCache, type ChapterEntry } from './chapter-cache.ts';
import type { ChapterHtmlCache } from './html-cache.ts';
import { storedPiece, storedRendering, storeRendering } from './stored-html.ts';
import { deflatePiece, type DeflatedPiece } from '../../platform/http/gzip-parts.ts';
import type { BookDetail, ChapterJson, ChapterTitle } from './model.ts';
import { chaptersAround, chapterText, chapterTitles, findBookDetail, findChaptersForReading, type BookDetailRow, type ChapterKey, type ReadingRow } from './queries.ts';
import { createBatcher, type Batcher } from '../../platform/db/batch.ts';
import { chapterRange, pageCount, type ChapterListPage } from './paging.ts';
import type { Locale } from '../../../views/context.ts';
import { isTranslationLocale } from '../translation/model.ts';
import { translatedChapter, translationInProgress } from '../translation/service.ts';

export interface BookPageData {
  book: Book;
  /** First chapter's number (where "Start reading" goes); null when the book has none yet. */
  firstChapter: number | null;
  /** Highest chapter number (numbers may have gaps); null when the book has none yet. */
  lastChapter: number | null;
  list: ChapterListPage;
  progress: Progress | null;
  /** null for visitors and for books not in the signed-in reader's library. */
  shelf: Shelf | null;
  /** The reader's own stars (signed in: by account, else by session); null when not rated. */
  myRating: number | null;
  /** Comments on the book and all its chapters. */
  commentTotal: number;
}

/** `GET /api/book/{slug}`: the book and its chapter list (all of it unless `limit` is given). */
export async function bookDetail(db: Db, slug: string, paging: { from?: number; limit?: number } = {}): Promise<BookDetail> {
  const [row, chapters] = await Promise.all([findBookDetail(db, slug), chapterTitles(db, slug, { from: paging.from ?? 1, limit: paging.limit })]);
  if (!row) throw notFound('Book not found');
  return { book: detailedBook(row), chapters };
}

/** The book with what only its own page shows: the tagline and the content warnings. */
function detailedBook(row: BookDetailRow): Book {
  const warnings = jsonColumn<unknown>(row.content_warnings, []);
  return { ...toBook(row), tagline: row.tagline, content_warnings: Array.isArray(warnings) ? warnings : [] };
}

/**
 * Everything the book page shows. The six reads are independent and run together; only the
 * titles of one list page are read, whatever the length of the book.
 */
export async function bookPageData(db: Db, reader: Reader, userId: string | null, slug: string, requestedPage: number): Promise<BookPageData> {
  const [row, titles, progress, shelf, mine, commentTotal] = await Promise.all([
    findBookDetail(db, slug),
    chapterTitles(db, slug, chapterRange(requestedPage)),
    progressOf(db, reader, slug),
    userId ? libraryShelfOf(db, userId, slug) : Promise.resolve(null),
    myRating(db, reader, slug),
    bookCommentTotal(db, slug),
  ]);
  if (!row) throw notFound('Book not found');
  const pages = pageCount(row.last_chapter);
  // A page past the end (an old link to a book that lost chapters) shows the last page instead.
  const page = Math.min(requestedPage, pages);
  const chapters: ChapterTitle[] = page === requestedPage ? titles : await chapterTitles(db, slug, chapterRange(page));
  return { book: detailedBook(row), firstChapter: row.first_chapter, lastChapter: row.last_chapter, list: { page, pages, chapters }, progress, shelf, myRating: mine, commentTotal };
}

/** The chapter to open for "go to chapter n": n itself, else the nearest existing one; null without chapters. */
export async function nearestChapter(db: Db, slug: string, n: number): Promise<number | null> {
  const { below, above } = await chaptersAround(db, slug, n);
  if (below === null || above === null) return below ?? above;
  return n - below <= above - n ? below : above;
}

type ReadingBatchers = Record<'bare' | 'withText', Batcher<ChapterKey, ReadingRow | undefined>>;
const readingBatchers = new WeakMap<Db, ReadingBatchers>();

/** Chapter reads of this process, batched per database (platform/db/batch.ts): with and without the text. */
function readingBatcher(db: Db, withText: boolean): Batcher<ChapterKey, ReadingRow | undefined> {
  let batchers = readingBatchers.get(db);
  if (!batchers) {
    batchers = {
      bare: createBatcher((keys: ChapterKey[]) => findChaptersForReading(db, keys, false)),
      withText: createBatcher((keys: ChapterKey[]) => findChaptersForReading(db, keys, true)),
    };
    readingBatchers.set(db, batchers);
  }
  return withText ? batchers.withText : batchers.bare;
}

async function readingRow(db: Db, slug: string, n: number, withText: boolean): Promise<ReadingRow & { number: number; text_hash: string }> {
  const row = await readingBatcher(db, withText).load({ slug, n });
  if (!row) throw notFound('Book not found');
  if (row.number === null || row.text_hash === null) throw notFound('Chapter not found');
  return row as ReadingRow & { number: number; text_hash: string };
}

/**
 * `GET /api/chapter/{slug}/{n}`. With `?locale=` and a stored translation of the chapter as it is
 * now, the translation is served and `chapter.locale` names it; otherwise the original, unchanged.
 */
export async function chapterJson(db: Db, htmlCache: ChapterHtmlCache, slug: string, n: number, locale?: string): Promise<ChapterJson> {
  const row = await readingRow(db, slug, n, true);
  const translated = isTranslationLocale(locale) ? await translatedChapter(db, { slug, chapter: n, locale }) : null;
  if (translated) {
    const { title, text, html } = translated;
    return { book: { slug: row.slug, title: row.title }, chapter: { number: row.number, title, text, html, locale: translated.locale }, prev: row.prev, next: row.next };
  }
  const text = row.text ?? '';
  const { html } = await renderingOf(db, htmlCache, row, async () => text);
  return { book: { slug: row.slug, title: row.title }, chapter: { number: row.number, title: row.chapter_title ?? '', text, html }, prev: row.prev, next: row.next };
}

/**
 * The chapter's rendering: the stored one when it is current (no cache, no renderer), else the
 * html cache's, which is then stored in the row, compressed too, so that this chapter is never
 * rendered again (stored-html.ts). Storing is an optimisation: when it fails, the next reader
 * renders once more. The compressed form comes back only when it was made here.
 */
async function renderingOf(db: Db, htmlCache: ChapterHtmlCache, row: ReadingRow & { number: number; text_hash: string }, loadText: () => Promise<string>): Promise<{ html: string; piece: DeflatedPiece | null }> {
  if (row.html !== null && row.compressed_stored) return { html: row.html, piece: null };
  const html = row.html ?? (await htmlCache.html(row.text_hash, loadText));
  const piece = deflatePiece(html);
  await storeRendering(db, row.slug, row.number, row.text_hash, html, piece).catch(() => {});
  return { html, piece };
}

export interface ChapterPageData {
  book: { slug: string; title: string; author: string; cover_url: string | null; status: 'ongoing' | 'completed'; chapter_count: number };
  chapter: { number: number; title: string; html: string };
  prev: number | null;
  next: number | null;
  /** The locale of a machine translation shown instead of the original (`?locale=`); absent for the original. */
  locale?: Locale | null;
  /** `?locale=` names a translation still being made: the page says so and waits for it. */
  translating?: Locale | null;
}

/** The page with the stored translation of its chapter when `locale` names one (never cached: see page-cache.ts). */
export async function withTranslation(db: Db, data: ChapterPageData, locale: string | undefined): Promise<ChapterPageData> {
  if (!isTranslationLocale(locale)) return data;
  const translated = await translatedChapter(db, { slug: data.book.slug, chapter: data.chapter.number, locale });
  if (!translated) return (await translationInProgress(db, { slug: data.book.slug, chapter: data.chapter.number, locale })) ? { ...data, translating: locale } : data;
  return { ...data, chapter: { ...data.chapter, title: translated.title || data.chapter.title, html: translated.html }, locale: translated.locale };
}

/**
 * What a chapter page shows besides the chapter's rendering, and the rendering compressed as it is
 * stored (about 1 kB): small, so a process keeps tens of thousands. `fingerprint` names all of it
 * (and the text, by its hash): the rendered page is kept under it, so a reload after the cache's
 * TTL that finds the same data finds the same page.
 */
export interface ChapterPageFacts extends Omit<ChapterPageData, 'chapter' | 'locale' | 'translating'> {
  chapter: { number: number; title: string };
  textHash: string;
  /** The rendering as stored compressed (gzip-parts.ts); null until a reader or writer has stored it. */
  piece: DeflatedPiece | null;
  fingerprint: string;
}

/**
 * The reading page's facts and rendering: one query for book, chapter, neighbours and the stored
 * rendering (the text is read only when no current rendering is stored or cached). Nothing here
 * depends on who reads: public/js/reader.js asks /api/progress for the reader's place, so the page
 * can be cached.
 */
export async function loadChapterPage(db: Db, htmlCache: ChapterHtmlCache, slug: string, n: number): Promise<{ facts: ChapterPageFacts; html: string | null }> {
  const row = await readingRow(db, slug, n, false);
  // A stored compressed rendering is all the page needs; without one the HTML is made (and stored).
  let piece = storedPiece(row);
  let html: string | null = null;
  if (!piece) ({ html, piece } = await renderingOf(db, htmlCache, row, async () => (await chapterText(db, slug, n)) ?? ''));
  const book = { slug: row.slug, title: row.title, author: row.author, cover_url: coverPath(row.cover_key), status: row.status, chapter_count: row.chapter_count };
  const chapter = { number: row.number, title: row.chapter_title ?? '' };
  const fingerprint = JSON.stringify([book, chapter, row.prev, row.next, row.text_hash]);
  return { facts: { book, chapter, prev: row.prev, next: row.next, textHash: row.text_hash, piece, fingerprint }, html };
}

export type ChapterPageCache = ChapterCache<ChapterPageFacts>;

/** Chapter page facts of this process (chapter-cache.ts); renderings live in the row and the html cache. */
export function createChapterPageCache(cache: Cache, onError?: (error: unknown) => void): ChapterPageCache {
  return createChapterCache<ChapterPageFacts>(cache, {
    weigh: (facts) => facts.fingerprint.length * 2 + (facts.piece?.deflated.byteLength ?? 0) + 300,
    maxEntries: 50_000,
    maxWeight: 64_000_000,
    ttlSeconds: 60,
    onError,
  });
}

export interface ChapterPage {
  entry: ChapterEntry<ChapterPageFacts>;
  /** The page's data with the chapter's rendering (from the load when this request made it). */
  data(): Promise<ChapterPageData>;
}

/** The page's data without its rendering (the stored compressed one, `entry.value.piece`, goes in its place). */
export function pageDataWithoutText(facts: ChapterPageFacts): ChapterPageData {
  const { textHash: _, piece: __, fingerprint: ___, ...rest } = facts;
  return { ...rest, chapter: { ...rest.chapter, html: '' } };
}

/** The chapter page's facts, from this process's cache when they are there (no database round trip). */
export async function cachedChapterPage(db: Db, htmlCache: ChapterHtmlCache, pages: ChapterPageCache, slug: string, n: number): Promise<ChapterPage> {
  let loaded: string | null = null;
  const entry = await pages.get(slug, n, async () => {
    const { facts, html } = await loadChapterPage(db, htmlCache, slug, n);
    loaded = html;
    return facts;
  });
  const { textHash } = entry.value;
  return {
    entry,
    async data() {
      const html = loaded ?? (await htmlCache.html(textHash, async () => (await chapterText(db, slug, n)) ?? '', () => storedRendering(db, slug, n, textHash)));
      const data = pageDataWithoutText(entry.value);
      return { ...data, chapter: { ...data.chapter, html } };
    },
  };
}

/**
 * Every writer of books or chapters (editing, scraping, import, AI titles, direct fixes) must call
 * this after its change is committed: every process drops the book's cached chapter pages.
 * Unannounced changes show after at most the cache's TTL (60 s).
 */
export async function announceChapterChange(cache: Pick<Cache, 'publish'> | { publish(channel: string, message: string): void }, slug: string): Promise<void> {
  // A job worker thread passes its ctx: the runner publishes on the shared cache for it.
  await cache.publish(CHAPTER_CHANGES, slug);
  await bumpCatalogueVersion(cache); // listings show the book too (catalogue/answers.ts)
}
