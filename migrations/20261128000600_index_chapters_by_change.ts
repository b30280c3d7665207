import { sql, type Kysely } from 'kysely';

/**
 * When a book last changed, for the OPDS feeds' `updated` (features/opds/queries.ts): the newest
 * chapter change of each book on a page is one probe of the first index, and the catalogue's
 * newest change (navigation and empty feeds) one probe of the second.
 *
 * The second is on an expression of updated_at, not the column, on purpose: on the column, the
 * planner may answer a per-book "newest chapter" by walking the whole catalogue's index backwards
 * until it meets the book (a LIMIT with a filter), which for an old book reads nearly every entry.
 * A lookup of one book cannot use the expression, so it always takes the first index.
 *
 * Chapter writes are rare (scrape, import, renames); renderings filled in by readers leave
 * updated_at alone, so those stay heap-only updates.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index chapters_book_changed_idx on chapters (book_slug, updated_at desc)`.execute(db);
  await sql`create index chapters_changed_idx on chapters (timezone('UTC', updated_at))`.execute(db);
}
