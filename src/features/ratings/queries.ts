import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { Reader } from '../../platform/http/auth.ts';

export interface TotalsRow {
  rating_sum: number;
  rating_count: number;
  /** The reader's own rating, null when they have not rated the book. */
  mine: number | null;
}

/**
 * The book's totals (kept by the trigger of migration 20261121000910) and the reader's rating, in
 * one query. Undefined for an unknown book. The reader's row is found through
 * book_ratings_user_idx or book_ratings_session_idx (both partial, hence the matching predicates).
 */
export async function findTotals(db: Db, reader: Reader, slug: string): Promise<TotalsRow | undefined> {
  return db
    .selectFrom('books as b')
    .leftJoin('book_ratings as r', (join) => {
      const onBook = join.onRef('r.slug', '=', 'b.slug');
      return reader.kind === 'user'
        ? onBook.on('r.user_id', '=', reader.userId)
        : onBook.on('r.session_id', '=', reader.sessionId).on('r.user_id', 'is', null);
    })
    .select(['b.rating_sum', 'b.rating_count', 'r.rating as mine'])
    .where('b.slug', '=', slug)
    .executeTakeFirst();
}

/** Only the reader's own rating (the book page reads the totals with the book). */
export async function findMine(db: Db, reader: Reader, slug: string): Promise<number | null> {
  let query = db.selectFrom('book_ratings').select('rating').where('slug', '=', slug);
  query = reader.kind === 'user' ? query.where('user_id', '=', reader.userId) : query.where('session_id', '=', reader.sessionId).where('user_id', 'is', null);
  return (await query.executeTakeFirst())?.rating ?? null;
}

/**
 * Sets the reader's rating: one row per reader and book (the partial unique indexes), changed in
 * place on conflict, so concurrent requests of one reader cannot create two. Inserting from
 * `books` makes an unknown book insert nothing: returns false instead of failing a foreign key.
 */
export async function upsertRating(db: Db, reader: Reader, slug: string, rating: number): Promise<boolean> {
  const userId = reader.kind === 'user' ? reader.userId : null;
  const sessionId = reader.kind === 'anon' ? reader.sessionId : null;
  const target = reader.kind === 'user' ? sql`(user_id, slug) where user_id is not null` : sql`(session_id, slug) where user_id is null`;
  const result = await sql<{ rating: number }>`
    insert into book_ratings (user_id, session_id, slug, rating, updated_at)
    select ${userId}::uuid, ${sessionId}::text, b.slug, ${rating}::smallint, now() from books b where b.slug = ${slug}
    on conflict ${target} do update set rating = excluded.rating, updated_at = excluded.updated_at
    returning rating`.execute(db);
  return result.rows.length > 0;
}

export async function deleteRating(db: Db, reader: Reader, slug: string): Promise<void> {
  let query = db.deleteFrom('book_ratings').where('slug', '=', slug);
  query = reader.kind === 'user' ? query.where('user_id', '=', reader.userId) : query.where('session_id', '=', reader.sessionId).where('user_id', 'is', null);
  await query.execute();
}
