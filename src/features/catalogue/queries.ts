import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '../../platform/db/index.ts';
import type { BrowseSort } from './model.ts';

export interface BookRow {
  slug: string;
  title: string;
  author: string;
  description: string;
  cover_key: string | null;
  status: 'ongoing' | 'completed';
  chapter_count: number;
  rating_count: number;
  rating_sum: number;
  has_audio: boolean;
  reads_7d: number;
  reads_30d: number;
  genres: string[];
  /** The language of the book's text (BCP 47); cards mark their title with it (book.ts). */
  language?: string;
}

/** The home page's rows (features/home/rows.ts chooses which to show). */
export type HomeRowKind = 'new' | 'popular' | 'top_rated' | 'updated';

/** The weighted score of a book readers liked: above the prior's 3.0 stars (migration 000800). */
export const TOP_RATED_MIN_SCORE = 3;

export function bookColumns(db: Db) {
  return db
    .selectFrom('books as b')
    .select([
      'b.slug', 'b.title', 'b.author', 'b.description', 'b.cover_key', 'b.status',
      'b.chapter_count', 'b.rating_count', 'b.rating_sum', 'b.has_audio', 'b.reads_7d', 'b.reads_30d', 'b.language',
      // One query for the genres of every listed book (no N+1).
      sql<string[]>`array(select g.name from book_genres bg join genres g on g.slug = bg.genre_slug where bg.book_slug = b.slug order by g.name)`.as('genres'),
    ]);
}

type BookQuery<O = BookRow> = SelectQueryBuilder<Database & { b: Database['books'] }, 'b', O>;

/**
 * Every order ends on the slug so that pages never overlap or skip a book, and each matches an
 * index (migrations 000100 and 000800): popular → books_popular_idx, rating → books_rating_idx,
 * new → books_created_idx, updated → books_updated_idx, title → books_title_idx. The catalogue
 * index keeps the same orders in memory (index/book-index.ts); tests compare the two.
 */
export function orderBooks<O>(query: BookQuery<O>, sort: BrowseSort): BookQuery<O> {
  switch (sort) {
    case 'popular':
      return query.orderBy('b.reads_7d', 'desc').orderBy('b.reads_30d', 'desc').orderBy('b.slug');
    case 'rating':
      // NULL until the first vote: unrated books come after every rated one.
      return query.orderBy('b.rating_score', (ob) => ob.desc().nullsLast()).orderBy('b.slug');
    case 'new':
      return query.orderBy('b.created_at', 'desc').orderBy('b.slug');
    case 'updated':
      return query.orderBy('b.updated_at', 'desc').orderBy('b.slug');
    case 'title':
      return query.orderBy(sql`lower(b.title)`).orderBy('b.slug');
  }
}

/**
 * One home row, one indexed query (migration 20261125001200). "popular" holds only books with
 * readers this week; equal counts go to the better rated, then the updated last — not the slug, or
 * a catalogue whose slugs sort like its dates would repeat "New". "top_rated" holds only books
 * whose weighted score is above 3.0 (a single 1-star vote never lands a book under "Top rated",
 * and one 5-star vote scores 3.18, below a well-liked book with many votes), then the more votes.
 * "new" and "updated" are the catalogue orders (books_created_idx, books_updated_idx).
 */
export function listHomeRow(db: Db, kind: HomeRowKind, limit: number): Promise<BookRow[]> {
  const books = bookColumns(db);
  switch (kind) {
    case 'new':
      return orderBooks(books, 'new').limit(limit).execute();
    case 'updated':
      return orderBooks(books, 'updated').limit(limit).execute();
    case 'popular':
      return books
        // Literals, not parameters: the partial indexes' predicates must match the query's.
        .where('b.reads_7d', '>', sql.lit(0))
        .orderBy('b.reads_7d', 'desc')
        .orderBy('b.reads_30d', 'desc')
        .orderBy('b.rating_score', (ob) => ob.desc().nullsLast())
        .orderBy('b.updated_at', 'desc')
        .orderBy('b.slug')
        .limit(limit)
        .execute();
    case 'top_rated':
      return books
        .where('b.rating_score', '>', sql.lit(TOP_RATED_MIN_SCORE))
        .orderBy('b.rating_score', 'desc')
        .orderBy('b.rating_count', 'desc')
        .orderBy('b.reads_30d', 'desc')
        .orderBy('b.slug')
        .limit(limit)
        .execute();
  }
}

/** The listed books, in no particular order (callers order them by their own rows). */
export async function findBooksBySlugs(db: Db, slugs: readonly string[]): Promise<BookRow[]> {
  if (slugs.length === 0) return [];
  return bookColumns(db).where('b.slug', 'in', [...new Set(slugs)]).execute();
}

export async function listAudioSlugs(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('books').select('slug').where('has_audio', '=', true).orderBy('slug').execute();
  return rows.map((row) => row.slug);
}

/**
 * Readers per book in the 7 and 30 days before `now` (a progress row updated in the window is one reader),
 * written only where they changed, in one statement. Returns the number of books updated.
 */
export async function updateReadCounts(db: Db, now: Date): Promise<number> {
  const result = await sql`
    with counts as (
      select slug,
             count(*) filter (where updated_at > ${now}::timestamptz - interval '7 days')::int as r7,
             count(*)::int as r30
      from progress
      where updated_at > ${now}::timestamptz - interval '30 days'
      group by slug
    )
    update books b
    set reads_7d = coalesce(c.r7, 0), reads_30d = coalesce(c.r30, 0)
    from books b2
    left join counts c on c.slug = b2.slug
    where b2.slug = b.slug
      and (b.reads_7d <> coalesce(c.r7, 0) or b.reads_30d <> coalesce(c.r30, 0))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Every book, by title (books_title_idx): the full list the mobile client keeps for offline search. */
export function allBooks(db: Db): Promise<BookRow[]> {
  return bookColumns(db).orderBy('b.title').orderBy('b.slug').execute();
}
