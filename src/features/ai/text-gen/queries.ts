import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function bookFacts(db: Db, slug: string) {
  return db
    .selectFrom('books')
    .select([
      'slug',
      'title',
      'author',
      'description',
      'tagline',
      'content_warnings',
      'quality_score',
      'quality_reasons',
      (eb) => eb.selectFrom('book_genres').innerJoin('genres', 'genres.slug', 'book_genres.genre_slug').whereRef('book_genres.book_slug', '=', 'books.slug').select(sql<string[]>`coalesce(array_agg(genres.name order by genres.name), '{}')`.as('g')).as('genres'),
    ])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** The first chapters' openings (what a model judges a book by). */
export function openingChapters(db: Db, slug: string, count: number) {
  return db.selectFrom('chapters').select(['number', 'title', sql<string>`left(text, 1500)`.as('text')]).where('book_slug', '=', slug).orderBy('number').limit(count).execute();
}

export function knownGenres(db: Db, limit: number) {
  return db.selectFrom('genres').select('name').orderBy('name').limit(limit).execute();
}

export function setBookFields(db: Db, slug: string, fields: { tagline?: string; content_warnings?: unknown; quality_score?: number; quality_reasons?: unknown }) {
  return db
    .updateTable('books')
    .set({
      ...(fields.tagline !== undefined ? { tagline: fields.tagline } : {}),
      ...(fields.content_warnings !== undefined ? { content_warnings: JSON.stringify(fields.content_warnings) } : {}),
      ...(fields.quality_score !== undefined ? { quality_score: fields.quality_score } : {}),
      ...(fields.quality_reasons !== undefined ? { quality_reasons: JSON.stringify(fields.quality_reasons) } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** The first chapters' titles and texts, for the names they hold. */
export function chapterTexts(db: Db, slug: string, count: number) {
  return db.selectFrom('chapters').select(['title', 'text']).where('book_slug', '=', slug).orderBy('number').limit(count).execute();
}

export async function bookLanguage(db: Db, slug: string): Promise<string | null> {
  const row = await db.selectFrom('books').select('language').where('slug', '=', slug).executeTakeFirst();
  return row?.language ?? null;
}

/** The words the book's and the site's pronunciation lists already hold (features/audio/pronunciation keeps them). */
export async function pronouncedWords(db: Db, slug: string): Promise<string[]> {
  const rows = await db.selectFrom('pronunciations').select('word').where((eb) => eb.or([eb('book_slug', '=', slug), eb('book_slug', 'is', null)])).execute();
  return rows.map((row) => row.word);
}
