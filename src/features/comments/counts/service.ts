import type { Db } from '../../../platform/db/index.ts';
import { commentErrors } from '../errors.ts';
import { findBookTitle } from '../queries.ts';
import type { CommentCounts } from './model.ts';
import { bookTotalOf, threadCountOf, threadCountRows } from './queries.ts';

/** A thread that has comments: the book's own (chapter null) or a chapter's, with its title. */
export interface ThreadCount {
  chapter: number | null;
  count: number;
  /** The chapter's title ('' when it has none); null for the book's own thread or a chapter that is gone. */
  title: string | null;
}

/** The book's threads that have comments, newest chapter first and the book's own last. */
export async function threadCounts(db: Db, slug: string): Promise<ThreadCount[]> {
  const rows = await threadCountRows(db, slug);
  return rows.map((row) => ({ chapter: row.chapter === 0 ? null : row.chapter, count: row.count, title: row.chapter === 0 ? null : row.title }));
}

/** `GET /api/comments/{slug}/counts`: comments shown on the book's own thread, on each chapter and in all. */
export async function commentCounts(db: Db, slug: string): Promise<CommentCounts> {
  const [title, threads] = await Promise.all([findBookTitle(db, slug), threadCounts(db, slug)]);
  if (title === null) throw commentErrors.bookNotFound();
  const chapters: Record<string, number> = {};
  let book = 0;
  for (const thread of threads) {
    if (thread.chapter === null) book = thread.count;
    else chapters[String(thread.chapter)] = thread.count;
  }
  return { book, total: threads.reduce((sum, thread) => sum + thread.count, 0), chapters };
}

/** Comments on one thread (chapter null: the book's own); 404 when the book does not exist. */
export async function threadCount(db: Db, slug: string, chapter: number | null): Promise<number> {
  const count = await threadCountOf(db, slug, chapter ?? 0);
  if (count === undefined) throw commentErrors.bookNotFound();
  return count;
}

/** Comments on the book and all of its chapters (0 for a book that does not exist). */
export function bookCommentTotal(db: Db, slug: string): Promise<number> {
  return bookTotalOf(db, slug);
}
