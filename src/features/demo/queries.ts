import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import { genreSlug } from '../catalogue/genres.ts';
import type { DemoBook } from './content-reader.ts';

export async function hasBooks(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('books').select('slug').limit(1).executeTakeFirst());
}

/** One demo book with its genres and chapters, in one transaction; false when its slug is taken. */
export async function insertDemoBook(db: Db, book: DemoBook, coverKey: string, created: Date, updated: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('books')
      .values({
        slug: book.slug,
        title: book.title,
        author: book.author,
        description: book.description,
        cover_key: coverKey,
        status: book.status,
        created_at: created,
        updated_at: updated,
      })
      .onConflict((oc) => oc.column('slug').doNothing())
      .returning('slug')
      .executeTakeFirst();
    if (!inserted) return false;
    const genres = book.genres.map((name) => ({ slug: genreSlug(name), name }));
    await trx.insertInto('genres').values(genres).onConflict((oc) => oc.column('slug').doNothing()).execute();
    await trx.insertInto('book_genres').values(genres.map((g) => ({ book_slug: book.slug, genre_slug: g.slug }))).execute();
    await trx
      .insertInto('chapters')
      .values(
        book.chapters.map((c) => ({
          book_slug: book.slug,
          number: c.number,
          title: c.title,
          text: c.text,
          word_count: c.wordCount,
          content_hash: c.contentHash,
          created_at: created,
          updated_at: sql<Date>`${created}::timestamptz + ${`${c.number} minutes`}::interval`,
        })),
      )
      .execute();
    return true;
  });
}
