import type { TestDatabase } from '../support/db.ts';

/** A book of many short chapters: each narration is a few seconds of speech, so hundreds of jobs stay cheap. */
export const BOOK = 'cluster-shorts';
export const CHAPTERS = 60;

export const chapterText = (n: number) => `Lamp ${n} was lit at dusk. The keeper wrote its number in the ledger and went on.`;

export async function insertShortBook(db: TestDatabase, slug = BOOK, chapters = CHAPTERS): Promise<void> {
  await db.db.insertInto('books').values({ slug, title: `Short Lamps ${slug}`, author: 'Test Keeper', cover_key: null, source_url: null, source_key: null, last_checked_at: null }).execute();
  await db.db
    .insertInto('chapters')
    .values(Array.from({ length: chapters }, (_, i) => ({ book_slug: slug, number: i + 1, title: `Lamp ${i + 1}`, text: chapterText(i + 1), word_count: 16, source_key: null })))
    .execute();
}
