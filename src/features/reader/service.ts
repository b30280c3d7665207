import type { Db } from '../../platform/db/index.ts';
import type { Shelf } from '../../platform/db/schema.ts';
import type { Reader } from '../../platform/http/auth.ts';
import { notFound } from '../../platform/http/errors.ts';
import { coverPath, toBook } from '../catalogue/service.ts';
import type { Book } from '../catalogue/model.ts';
import { libraryShelfOf } from '../library/service.ts';
import type { Progress } from '../progress/model.ts';
import { progressOf } from '../progress/service.ts';
import type { ChapterHtmlCache } from './html-cache.ts';
import type { BookDetail, ChapterJson, ChapterTitle } from './model.ts';
import { chaptersAround, chapterText, chapterTitles, findBookDetail, findChapterForReading, type ReadingRow } from './queries.ts';
import { chapterRange, pageCount, type ChapterListPage } from './paging.ts';

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
}

/** `GET /api/book/{slug}`: the book and its chapter list (all of it unless `limit` is given). */
export async function bookDetail(db: Db, slug: string, paging: { from?: number; limit?: number } = {}): Promise<BookDetail> {
  const [row, chapters] = await Promise.all([findBookDetail(db, slug), chapterTitles(db, slug, { from: paging.from ?? 1, limit: paging.limit })]);
  if (!row) throw notFound('Book not found');
  return { book: toBook(row), chapters };
}

/**
 * Everything the book page shows. The four reads are independent and run together; only the
 * titles of one list page are read, whatever the length of the book.
 */
export async function bookPageData(db: Db, reader: Reader, userId: string | null, slug: string, requestedPage: number): Promise<BookPageData> {
  const [row, titles, progress, shelf] = await Promise.all([
    findBookDetail(db, slug),
    chapterTitles(db, slug, chapterRange(requestedPage)),
    progressOf(db, reader, slug),
    userId ? libraryShelfOf(db, userId, slug) : Promise.resolve(null),
  ]);
  if (!row) throw notFound('Book not found');
  const pages = pageCount(row.last_chapter);
  // A page past the end (an old link to a book that lost chapters) shows the last page instead.
  const page = Math.min(requestedPage, pages);
  const chapters: ChapterTitle[] = page === requestedPage ? titles : await chapterTitles(db, slug, chapterRange(page));
  return { book: toBook(row), firstChapter: row.first_chapter, lastChapter: row.last_chapter, list: { page, pages, chapters }, progress, shelf };
}

/** The chapter to open for "go to chapter n": n itself, else the nearest existing one; null without chapters. */
export async function nearestChapter(db: Db, slug: string, n: number): Promise<number | null> {
  const { below, above } = await chaptersAround(db, slug, n);
  if (below === null || above === null) return below ?? above;
  return n - below <= above - n ? below : above;
}

async function readingRow(db: Db, slug: string, n: number, withText: boolean): Promise<ReadingRow & { number: number; text_hash: string }> {
  const row = await findChapterForReading(db, slug, n, withText);
  if (!row) throw notFound('Book not found');
  if (row.number === null || row.text_hash === null) throw notFound('Chapter not found');
  return row as ReadingRow & { number: number; text_hash: string };
}

/** `GET /api/chapter/{slug}/{n}`. */
export async function chapterJson(db: Db, htmlCache: ChapterHtmlCache, slug: string, n: number): Promise<ChapterJson> {
  const row = await readingRow(db, slug, n, true);
  const text = row.text ?? '';
  const html = await htmlCache.html(row.text_hash, async () => text);
  return { book: { slug: row.slug, title: row.title }, chapter: { number: row.number, title: row.chapter_title ?? '', text, html }, prev: row.prev, next: row.next };
}

export interface ChapterPageData {
  book: { slug: string; title: string; author: string; cover_url: string | null; status: 'ongoing' | 'completed'; chapter_count: number };
  chapter: { number: number; title: string; html: string };
  prev: number | null;
  next: number | null;
  /** The reader's place in this book (any chapter), or null. */
  progress: Progress | null;
}

/**
 * The reading page's data: one query for book and chapter, one for the reader's place, and the
 * rendering from cache (the text is read only when the rendering is not cached anywhere).
 */
export async function chapterPageData(db: Db, htmlCache: ChapterHtmlCache, reader: Reader, slug: string, n: number): Promise<ChapterPageData> {
  const [row, progress] = await Promise.all([readingRow(db, slug, n, false), progressOf(db, reader, slug)]);
  const html = await htmlCache.html(row.text_hash, async () => (await chapterText(db, slug, n)) ?? '');
  return {
    book: { slug: row.slug, title: row.title, author: row.author, cover_url: coverPath(row.cover_key), status: row.status, chapter_count: row.chapter_count },
    chapter: { number: row.number, title: row.chapter_title ?? '', html },
    prev: row.prev,
    next: row.next,
    progress,
  };
}
