import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { genreSlug } from '../catalogue/genres.ts';
import { readDemoBooks, type DemoBook } from './content-reader.ts';

const HOUR = 3600_000;

/**
 * Fills an empty catalogue with the demo books (original prose and drawn covers kept under
 * content/). A catalogue that already has books is left alone, so a deleted demo book stays
 * deleted; concurrent starts are safe (inserts skip what exists).
 */
export async function seedDemoCatalogue(db: Db, objects: ObjectStore): Promise<{ seeded: number }> {
  const any = await db.selectFrom('books').select('slug').limit(1).executeTakeFirst();
  if (any) return { seeded: 0 };
  const books = await readDemoBooks();
  const now = Date.now();
  let seeded = 0;
  for (const [index, book] of books.entries()) {
    const coverKey = await storeCover(objects, book);
    // Stagger dates so "new" and "updated" orderings are stable and meaningful.
    const created = new Date(now - (index + 1) * 24 * HOUR);
    const updated = new Date(now - ((index * 7) % books.length) * HOUR);
    if (await insertBook(db, book, coverKey, created, updated)) seeded++;
  }
  return { seeded };
}

async function storeCover(objects: ObjectStore, book: DemoBook): Promise<string> {
  const hash = createHash('sha256').update(book.coverSvg).digest('hex').slice(0, 12);
  const key = `covers/${book.slug}/${hash}.svg`;
  if (!(await objects.head(key))) await objects.put(key, book.coverSvg, { contentType: 'image/svg+xml' });
  return key;
}

async function insertBook(db: Db, book: DemoBook, coverKey: string, created: Date, updated: Date): Promise<boolean> {
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
