import { sql } from 'kysely';
import type { Db } from '../../../platform/db/index.ts';

/** The admin's reads of books (finding one, its editable facts, a title for a heading). */
export function findBooks(db: Db, query: string, limit: number) {
  let q = db.selectFrom('books').select(['slug', 'title', 'chapter_count', 'source_url']).orderBy('updated_at', 'desc').orderBy('slug').limit(limit);
  if (query) q = q.where((eb) => eb.or([eb(sql`lower(title)`, 'like', `%${query.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`), eb('slug', '=', query)]));
  return q.execute();
}

export async function bookForAdmin(db: Db, slug: string) {
  const book = await db
    .selectFrom('books')
    .select(['slug', 'title', 'author', 'description', 'status', 'source_url', 'chapter_count', 'tagline', 'content_warnings', 'quality_score', 'quality_reasons'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!book) return null;
  const genres = await db.selectFrom('book_genres as bg').innerJoin('genres as g', 'g.slug', 'bg.genre_slug').select('g.name').where('bg.book_slug', '=', slug).orderBy('g.name').execute();
  return { ...book, genres: genres.map((g) => g.name) };
}

/** A book's title for a page heading; the slug itself when the book is gone, '' without one. */
export async function bookTitleOf(db: Db, slug: string | null): Promise<string> {
  if (!slug) return '';
  return (await db.selectFrom('books').select('title').where('slug', '=', slug).executeTakeFirst())?.title ?? slug;
}
