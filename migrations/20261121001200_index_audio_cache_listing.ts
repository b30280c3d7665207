import { sql, type Kysely } from 'kysely';

/**
 * The admin audio-cache listing pages newest first with a keyset cursor over
 * (created_at, slug, chapter, voice): created_at alone has ties (one transaction, one clock tick),
 * and a cursor on it alone would skip or repeat rows. Each index holds the whole sort key, so a
 * page is one index range read (walked backwards), for all stored audio and for one book.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index audio_files_listing_idx on audio_files (created_at, slug, chapter, voice)`.execute(db);
  await sql`create index audio_files_book_listing_idx on audio_files (slug, created_at, chapter, voice)`.execute(db);
}
