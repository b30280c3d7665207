import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../platform/db/index.ts';
import type { CommentSort, VoteDirection } from './model.ts';

export type Executor = Db | Transaction<Database>;

/** A comment with what is shown of its author. */
export interface CommentRow {
  id: number;
  slug: string;
  chapter: number | null;
  parent_id: number | null;
  author_id: string;
  text: string;
  upvotes: number;
  downvotes: number;
  hot: number;
  html: string | null;
  html_version: string | null;
  created_at: Date | string;
  deleted_at: Date | string | null;
  username: string;
  avatar_key: string | null;
  provider_avatar_url: string | null;
}

export interface Cursor {
  hot: number;
  id: number;
}

/**
 * A deleted account leaves its comments as "[deleted]" placeholders without an author (migration
 * 20261125001000): they are kept by the left join, with an empty author id and name that toComment
 * never shows (it hides the author of every deleted comment).
 */
function withAuthor(db: Executor) {
  return db
    .selectFrom('book_comments as c')
    .leftJoin('app_users as u', 'u.id', 'c.author_id')
    .select(['c.id', 'c.slug', 'c.chapter', 'c.parent_id', 'c.text', 'c.upvotes', 'c.downvotes', 'c.hot', 'c.html', 'c.html_version', 'c.created_at', 'c.deleted_at', 'u.avatar_key', 'u.provider_avatar_url'])
    .select([sql<string>`coalesce(c.author_id::text, '')`.as('author_id'), sql<string>`coalesce(u.username, '')`.as('username')]);
}

export async function findBookTitle(db: Executor, slug: string): Promise<string | null> {
  const row = await db.selectFrom('books').select('title').where('slug', '=', slug).executeTakeFirst();
  return row?.title ?? null;
}

export async function findChapterTitle(db: Executor, slug: string, n: number): Promise<string | null> {
  const row = await db.selectFrom('chapters').select('title').where('book_slug', '=', slug).where('number', '=', n).executeTakeFirst();
  return row?.title ?? null;
}

/**
 * One page of a thread's top-level comments, read backwards along book_comments_top_idx
 * (hot, id) or book_comments_new_idx (id). `chapter` null is the book's own thread. Asks for
 * one row more than `limit` so the caller learns whether a next page exists without counting.
 */
export function topLevelPage(db: Executor, q: { slug: string; chapter: number | null; sort: CommentSort; after: Cursor | null; limit: number; exclude: number | null }): Promise<CommentRow[]> {
  // coalesce(chapter, 0) is the indexed expression (chapters are ≥ 1, so 0 is the book's thread).
  let query = withAuthor(db).where('c.slug', '=', q.slug).where('c.parent_id', 'is', null).where(sql`coalesce(c.chapter, 0)`, '=', q.chapter ?? 0);
  if (q.exclude !== null) query = query.where('c.id', '<>', q.exclude);
  if (q.sort === 'top') {
    if (q.after) query = query.where(sql<boolean>`(c.hot, c.id) < (${q.after.hot}::float8, ${q.after.id}::bigint)`);
    query = query.orderBy('c.hot', 'desc').orderBy('c.id', 'desc');
  } else {
    if (q.after) query = query.where('c.id', '<', q.after.id);
    query = query.orderBy('c.id', 'desc');
  }
  return query.limit(q.limit + 1).execute() as Promise<CommentRow[]>;
}

/** Every reply of these comments, oldest first per parent (book_comments_parent_idx). */
export async function repliesOf(db: Executor, parentIds: readonly number[]): Promise<CommentRow[]> {
  if (parentIds.length === 0) return [];
  return withAuthor(db).where('c.parent_id', 'in', [...parentIds]).orderBy('c.parent_id').orderBy('c.created_at').orderBy('c.id').execute() as Promise<CommentRow[]>;
}

export async function findComment(db: Executor, id: number): Promise<CommentRow | null> {
  return ((await withAuthor(db).where('c.id', '=', id).executeTakeFirst()) as CommentRow | undefined) ?? null;
}

/** The voter's own votes among these comments (primary key lookups). */
export async function votesOf(db: Executor, voterId: string, ids: readonly number[]): Promise<{ comment_id: number; direction: VoteDirection }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('comment_votes').select(['comment_id', 'direction']).where('voter_id', '=', voterId).where('comment_id', 'in', [...ids]).execute();
}

export async function insertComment(db: Executor, values: { slug: string; chapter: number | null; parent_id: number | null; author_id: string; text: string; html: string; html_version: string }): Promise<number> {
  const row = await db.insertInto('book_comments').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * One vote per voter and comment, in one statement: written (or withdrawn, direction null) only
 * when the comment exists and is not deleted. Answers the comment's state as the statement saw
 * it, or null when there is no such comment. The comment_votes triggers adjust the totals at the
 * statement's end, so the totals always equal the vote rows whoever writes them.
 */
export async function writeVote(db: Executor, commentId: number, voterId: string, direction: VoteDirection | null): Promise<{ deleted: boolean } | null> {
  const write = direction === null
    ? sql`delete from comment_votes v using target t where v.comment_id = t.id and v.voter_id = ${voterId} and t.deleted_at is null returning 1`
    : sql`insert into comment_votes (comment_id, voter_id, direction)
          select t.id, ${voterId}::uuid, ${direction}::text from target t where t.deleted_at is null
          on conflict (comment_id, voter_id) do update set direction = excluded.direction
          returning 1`;
  const result = await sql<{ deleted: boolean }>`
    with target as (select id, deleted_at from book_comments where id = ${commentId}),
         written as (${write})
    select t.deleted_at is not null as deleted from target t`.execute(db);
  return result.rows[0] ?? null;
}

export async function commentTotals(db: Executor, id: number): Promise<{ upvotes: number; downvotes: number } | null> {
  return (await db.selectFrom('book_comments').select(['upvotes', 'downvotes']).where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The comment row, locked until the transaction ends (deletion decides on what it sees). */
export async function lockComment(trx: Executor, id: number): Promise<{ id: number; parent_id: number | null; author_id: string | null; deleted_at: Date | string | null } | null> {
  const row = await trx.selectFrom('book_comments').select(['id', 'parent_id', 'author_id', 'deleted_at']).where('id', '=', id).forUpdate().executeTakeFirst();
  return row ?? null;
}

export async function hasReplies(trx: Executor, id: number): Promise<boolean> {
  return (await trx.selectFrom('book_comments').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
}

export async function deleteCommentRow(trx: Executor, id: number): Promise<void> {
  await trx.deleteFrom('book_comments').where('id', '=', id).execute();
}

/** Keeps the row (and so its replies) but forgets what it said. */
export async function blankComment(trx: Executor, id: number, text: string): Promise<void> {
  await trx.updateTable('book_comments').set({ text, html: null, html_version: null, deleted_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/**
 * Stores renderings made when reading comments written by an older renderer (html_version), so
 * each is rendered again once, not on every read. A comment deleted or re-rendered meanwhile is
 * left alone. JSON carries the pairs: the same statement works on pg and PGlite.
 */
export async function storeRenderings(db: Executor, renderings: readonly { id: number; html: string }[], version: string): Promise<void> {
  if (renderings.length === 0) return;
  await sql`
    update book_comments as c set html = v.html, html_version = ${version}
    from jsonb_to_recordset(${JSON.stringify(renderings)}::jsonb) as v(id bigint, html text)
    where c.id = v.id and c.deleted_at is null and c.html_version is distinct from ${version}`.execute(db);
}

/** Where a page of a book's comments ends: the thread (chapter, 0 for the book's own) and the comment. */
export interface OverviewCursor {
  chapter: number;
  id: number;
}

/**
 * A page of top-level comments from every thread of a book: newest chapter first (the book's own
 * thread, chapter 0, last), newest comment first within each. Read backwards along
 * book_comments_new_idx (slug, coalesce(chapter, 0), id), one row more than `limit` (has_more).
 */
export function overviewPage(db: Executor, q: { slug: string; after: OverviewCursor | null; limit: number }): Promise<CommentRow[]> {
  let query = withAuthor(db).where('c.slug', '=', q.slug).where('c.parent_id', 'is', null);
  if (q.after) query = query.where(sql<boolean>`(coalesce(c.chapter, 0), c.id) < (${q.after.chapter}::int, ${q.after.id}::bigint)`);
  return query.orderBy(sql`coalesce(c.chapter, 0)`, 'desc').orderBy('c.id', 'desc').limit(q.limit + 1).execute() as Promise<CommentRow[]>;
}
