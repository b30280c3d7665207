import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../platform/db/index.ts';
import type { Shelf } from '../../platform/db/schema.ts';

export type Executor = Db | Transaction<Database>;

export interface EntryRow {
  slug: string;
  shelf: Shelf;
  updated_at: Date | string;
  /** The reader's place in the book (progress table), null when they have not started it. */
  p_chapter: number | null;
  p_scroll: number | null;
  p_audio_time: number | null;
  p_updated_at: Date | string | null;
  p_furthest_chapter: number | null;
  p_furthest_scroll: number | null;
}

/**
 * A reader's saved books, most recently changed first, with their progress joined in the same
 * query (no query per book). Ordered by user_library_shelf_idx when a shelf is given; the whole
 * library of one reader is small enough to sort otherwise.
 */
export function listEntries(db: Executor, userId: string, shelf?: Shelf): Promise<EntryRow[]> {
  let query = db
    .selectFrom('user_library as l')
    // "is not null" lets the planner use the partial index progress_user_book_idx.
    .leftJoin('progress as p', (join) => join.onRef('p.user_id', '=', 'l.user_id').onRef('p.slug', '=', 'l.slug').on('p.user_id', 'is not', null))
    .select(['l.slug', 'l.shelf', 'l.updated_at', 'p.chapter as p_chapter', 'p.scroll as p_scroll', 'p.audio_time as p_audio_time', 'p.updated_at as p_updated_at'])
    // By name: the furthest columns (migration 20261201000100) are not in platform/db/schema.ts.
    .select([sql<number | null>`p.furthest_chapter`.as('p_furthest_chapter'), sql<number | null>`p.furthest_scroll`.as('p_furthest_scroll')])
    .where('l.user_id', '=', userId);
  if (shelf) query = query.where('l.shelf', '=', shelf);
  return query.orderBy('l.updated_at', 'desc').orderBy('l.slug').execute() as Promise<EntryRow[]>;
}

/** How many books each shelf holds (shelves without books are absent). */
export async function countByShelf(db: Executor, userId: string): Promise<Map<Shelf, number>> {
  const rows = await db
    .selectFrom('user_library')
    .select(['shelf', sql<number>`count(*)::int`.as('n')])
    .where('user_id', '=', userId)
    .groupBy('shelf')
    .execute();
  return new Map(rows.map((r) => [r.shelf, r.n]));
}

export async function findShelf(db: Executor, userId: string, slug: string): Promise<Shelf | null> {
  const row = await db.selectFrom('user_library').select('shelf').where('user_id', '=', userId).where('slug', '=', slug).executeTakeFirst();
  return row?.shelf ?? null;
}

export async function bookExists(db: Executor, slug: string): Promise<boolean> {
  return (await db.selectFrom('books').select('slug').where('slug', '=', slug).executeTakeFirst()) !== undefined;
}

/** Which of these slugs are books. */
export async function existingBooks(db: Executor, slugs: readonly string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('books').select('slug').where('slug', 'in', [...slugs]).execute();
  return new Set(rows.map((r) => r.slug));
}

/** Which of these slugs the reader has saved; the rows stay locked until the transaction ends. */
export async function savedAmong(trx: Executor, userId: string, slugs: readonly string[]): Promise<Set<string>> {
  const rows = await trx.selectFrom('user_library').select('slug').where('user_id', '=', userId).where('slug', 'in', [...slugs]).forUpdate().execute();
  return new Set(rows.map((r) => r.slug));
}

/**
 * Saves a book. With a shelf, an existing entry moves to it; without one, an existing entry keeps
 * its shelf. `updated_at` changes only when the shelf does, so re-saving does not reorder the list.
 */
export async function upsertEntry(db: Executor, userId: string, slug: string, shelf: Shelf | null, defaultShelf: Shelf): Promise<{ shelf: Shelf; created: boolean }> {
  const result = await sql<{ shelf: Shelf; created: boolean }>`
    insert into user_library (user_id, slug, shelf) values (${userId}, ${slug}, ${shelf ?? defaultShelf})
    on conflict (user_id, slug) do update set
      shelf = coalesce(${shelf}::text, user_library.shelf),
      updated_at = case when user_library.shelf = coalesce(${shelf}::text, user_library.shelf) then user_library.updated_at else now() end
    returning shelf, (xmax = 0) as created`.execute(db);
  return result.rows[0]!;
}

/** Moves saved books to a shelf; returns how many rows matched. */
export async function updateShelf(db: Executor, userId: string, slugs: readonly string[], shelf: Shelf, onlyFrom?: Shelf): Promise<number> {
  let query = db
    .updateTable('user_library')
    .set({ shelf, updated_at: sql<Date>`case when shelf = ${shelf} then updated_at else now() end` })
    .where('user_id', '=', userId)
    .where('slug', 'in', [...slugs]);
  if (onlyFrom) query = query.where('shelf', '=', onlyFrom);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteEntries(db: Executor, userId: string, slugs: readonly string[]): Promise<number> {
  const result = await db.deleteFrom('user_library').where('user_id', '=', userId).where('slug', 'in', [...slugs]).executeTakeFirst();
  return Number(result.numDeletedRows);
}
