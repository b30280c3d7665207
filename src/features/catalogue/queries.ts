import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';

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
  genres: string[];
}

export type HomeSort = 'new' | 'popular';

function bookColumns(db: Db) {
  return db
    .selectFrom('books as b')
    .select([
      'b.slug', 'b.title', 'b.author', 'b.description', 'b.cover_key', 'b.status',
      'b.chapter_count', 'b.rating_count', 'b.rating_sum', 'b.has_audio',
      // One query for the genres of every listed book (no N+1).
      sql<string[]>`array(select g.name from book_genres bg join genres g on g.slug = bg.genre_slug where bg.book_slug = b.slug order by g.name)`.as('genres'),
    ]);
}

export async function listBooks(db: Db, sort: HomeSort, limit: number): Promise<BookRow[]> {
  const query = bookColumns(db).limit(limit);
  if (sort === 'new') return query.orderBy('b.created_at', 'desc').orderBy('b.slug').execute();
  // Readers in the last 30 days, counted from progress; ties by ratings, then freshness.
  return query
    .orderBy(sql`(select count(*) from progress p where p.slug = b.slug and p.updated_at > now() - interval '30 days')`, 'desc')
    .orderBy('b.rating_count', 'desc')
    .orderBy('b.updated_at', 'desc')
    .orderBy('b.slug')
    .execute();
}

/** The listed books, in no particular order (callers order them by their own rows). */
export async function findBooksBySlugs(db: Db, slugs: readonly string[]): Promise<BookRow[]> {
  if (slugs.length === 0) return [];
  return bookColumns(db).where('b.slug', 'in', [...new Set(slugs)]).execute();
}

export async function countBooks(db: Db): Promise<number> {
  const row = await db.selectFrom('books').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
