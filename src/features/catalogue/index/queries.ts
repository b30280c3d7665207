import { sql } from 'kysely';
import type { Db } from '../../../platform/db/index.ts';

/**
 * The rows the in-process catalogue index is made of (index/book-index.ts), and what changed since
 * a horizon: every write to books stamps the row with its transaction id (change_xid), removals
 * leave the slug in catalogue_removals, and genre changes touch their books (migration
 * 20261129000200). A horizon is the oldest transaction still running when it was read: anything
 * not yet visible then has an id at or above it, so asking from the horizon never misses a change
 * (it may return a few rows again, which are simply applied again).
 */

export interface IndexRow {
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
  rating_score: number | null;
  created_us: number;
  updated_us: number;
  /** Genre slugs and names, both ordered by name (how a book lists its genres). */
  genre_slugs: string[];
  genre_names: string[];
  /** The language of the book's text (BCP 47), for the cards (catalogue/book.ts). */
  language?: string;
}

/** The horizon of now (as text: xid8 does not fit a JavaScript number) and the slugs removed since `since`. */
export async function horizonAndRemovals(db: Db, since: string | null): Promise<{ horizon: string; removed: string[] }> {
  const result = await sql<{ horizon: string; removed: string[] }>`
    select pg_snapshot_xmin(pg_current_snapshot())::text as horizon,
           array(select slug from catalogue_removals where ${since === null ? sql`false` : sql`change_xid >= ${since}::xid8`}) as removed`.execute(db);
  return result.rows[0]!;
}

/** Every book (since null) or those changed since a horizon. */
export async function indexRows(db: Db, since: string | null): Promise<IndexRow[]> {
  const result = await sql<IndexRow>`
    select b.slug, b.title, b.author, b.description, b.cover_key, b.status, b.chapter_count, b.rating_count, b.rating_sum,
           b.has_audio, b.reads_7d, b.reads_30d, b.rating_score, b.language,
           (extract(epoch from b.created_at) * 1000000)::int8::float8 as created_us,
           (extract(epoch from b.updated_at) * 1000000)::int8::float8 as updated_us,
           array(select g.slug from book_genres bg join genres g on g.slug = bg.genre_slug where bg.book_slug = b.slug order by g.name) as genre_slugs,
           array(select g.name from book_genres bg join genres g on g.slug = bg.genre_slug where bg.book_slug = b.slug order by g.name) as genre_names
    from books b
    ${since === null ? sql`` : sql`where b.change_xid >= ${since}::xid8`}`.execute(db);
  return result.rows;
}

/** Every genre (slug and name), by name. */
export function genreList(db: Db): Promise<{ slug: string; name: string }[]> {
  return db.selectFrom('genres').select(['slug', 'name']).orderBy('name').execute();
}
