import type { Db } from '../../platform/db/index.ts';
import type { Shelf } from '../library/model.ts';
import type { Reader } from '../../platform/http/auth.ts';
import { notFound } from '../../platform/http/errors.ts';
import { jsonColumn } from '../../platform/db/json.ts';
import { toBook } from '../catalogue/service.ts';
import type { Book } from '../catalogue/model.ts';
import { libraryShelfOf } from '../library/service.ts';
import { myRating } from '../ratings/service.ts';
import { bookCommentTotal } from '../comments/counts/service.ts';
import type { Progress } from '../progress/model.ts';
import { progressOf } from '../progress/service.ts';
import type { BookDetail } from './model.ts';
import { chapterListPage, chaptersAround, chapterTitles, findBookDetail, type BookDetailRow } from './queries.ts';
import { pageCount, type ChapterListPage, type ChapterOrder } from './paging.ts';

export type { ChapterPageData } from './chapter-reading.ts';

export interface BookPageData {
  book: Book;
  /** The language of the book's text (BCP 47), which marks its description. */
  language: string;
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
export async function bookPageData(db: Db, reader: Reader, userId: string | null, slug: string, requestedPage: number, order: ChapterOrder = 'oldest'): Promise<BookPageData> {
  const [row, entries, progress, shelf, mine, commentTotal] = await Promise.all([
    findBookDetail(db, slug),
    chapterListPage(db, slug, requestedPage, order),
    progressOf(db, reader, slug),
    userId ? libraryShelfOf(db, userId, slug) : Promise.resolve(null),
    myRating(db, reader, slug),
    bookCommentTotal(db, slug),
  ]);
  if (!row) throw notFound('Book not found');
  const pages = pageCount(row.last_chapter);
  // A page past the end (an old link to a book that lost chapters) shows the last page instead.
  const page = Math.min(requestedPage, pages);
  const chapters = page === requestedPage ? entries : await chapterListPage(db, slug, page, order);
  return {
    book: detailedBook(row),
    language: row.language,
    firstChapter: row.first_chapter,
    lastChapter: row.last_chapter,
    list: { page, pages, order, chapters },
    progress,
    shelf,
    myRating: mine,
    commentTotal,
  };
}

/** The chapter to open for "go to chapter n": n itself, else the nearest existing one; null without chapters. */
export async function nearestChapter(db: Db, slug: string, n: number): Promise<number | null> {
  const { below, above } = await chaptersAround(db, slug, n);
  if (below === null || above === null) return below ?? above;
  return n - below <= above - n ? below : above;
}
