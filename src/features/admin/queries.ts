import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';

/** The admin pages' own reads (facts and lists no other feature serves). */
export async function adminFacts(db: Db): Promise<{ runningScrapes: number; importsInReview: number; books: number }> {
  const row = await sql<{ scrapes: number; reviews: number; books: number }>`
    select (select count(*) from scrape_tasks where status in ('pending', 'running'))::int as scrapes,
           (select count(*) from import_tasks where status = 'review')::int as reviews,
           (select count(*) from books)::int as books`.execute(db);
  const facts = row.rows[0]!;
  return { runningScrapes: Number(facts.scrapes), importsInReview: Number(facts.reviews), books: Number(facts.books) };
}

export function findBooks(db: Db, query: string, limit: number) {
  let q = db.selectFrom('books').select(['slug', 'title', 'chapter_count', 'source_url']).orderBy('updated_at', 'desc').orderBy('slug').limit(limit);
  if (query) q = q.where((eb) => eb.or([eb(sql`lower(title)`, 'like', `%${query.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`), eb('slug', '=', query)]));
  return q.execute();
}

export async function bookForAdmin(db: Db, slug: string) {
  const book = await db.selectFrom('books').select(['slug', 'title', 'author', 'description', 'status', 'source_url', 'chapter_count']).where('slug', '=', slug).executeTakeFirst();
  if (!book) return null;
  const genres = await db.selectFrom('book_genres as bg').innerJoin('genres as g', 'g.slug', 'bg.genre_slug').select('g.name').where('bg.book_slug', '=', slug).orderBy('g.name').execute();
  return { ...book, genres: genres.map((g) => g.name) };
}
