import { sql } from 'kysely';
import type { Db } from '../../../platform/db/index.ts';

/**
 * Reads of comment_counts (kept by triggers, migrations/20261125001100_add_comment_counts.ts): a
 * primary-key point or range read each, whatever the number of comments.
 */

export interface ThreadCountRow {
  /** 0 is the book's own thread. */
  chapter: number;
  count: number;
  /** The chapter's title ('' when it has none); null for the book's thread or a chapter that is gone. */
  title: string | null;
}

/** Every thread of the book that has comments, newest chapter first (the book's own last), with titles. */
export async function threadCountRows(db: Db, slug: string): Promise<ThreadCountRow[]> {
  return db
    .selectFrom('comment_counts as cc')
    .leftJoin('chapters as ch', (join) => join.onRef('ch.book_slug', '=', 'cc.slug').onRef('ch.number', '=', 'cc.chapter'))
    .select(['cc.chapter', 'cc.count', 'ch.title'])
    .where('cc.slug', '=', slug)
    .where('cc.count', '>', 0)
    .orderBy('cc.chapter', 'desc')
    .execute();
}

/** The count of one thread, or undefined when the book does not exist (one query). */
export async function threadCountOf(db: Db, slug: string, chapter: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('books as b')
    .select(sql<number>`coalesce((select cc.count from comment_counts cc where cc.slug = b.slug and cc.chapter = ${chapter}), 0)`.as('count'))
    .where('b.slug', '=', slug)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.count);
}

/** Comments on the book and all of its chapters. */
export async function bookTotalOf(db: Db, slug: string): Promise<number> {
  const row = await db.selectFrom('comment_counts').select(sql<number>`coalesce(sum(count), 0)::int`.as('total')).where('slug', '=', slug).executeTakeFirst();
  return Number(row?.total ?? 0);
}
