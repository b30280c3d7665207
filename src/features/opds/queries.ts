import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';

/** What an entry says beyond the catalogue's book: when it last changed, and its language. */
export interface EntryFacts {
  changed: Date;
  language: string;
}

/**
 * When each book last changed: its own row (details edited, a chapter added) or one of its
 * chapters (a text or title corrected), whichever is newer; and its language. One query for a
 * page of books; each book's newest chapter is one probe of chapters_book_changed_idx.
 */
export async function entryFactsOf(db: Db, slugs: string[]): Promise<Map<string, EntryFacts>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .selectFrom('books as b')
    .select(['b.slug', 'b.language', sql<Date | string>`greatest(b.updated_at, (select max(c.updated_at) from chapters c where c.book_slug = b.slug))`.as('changed')])
    .where('b.slug', 'in', slugs)
    .execute();
  return new Map(rows.map((row) => [row.slug, { changed: new Date(row.changed), language: row.language }]));
}

/**
 * The catalogue's newest change of a book or a chapter; null while it has no books. The chapters'
 * maximum is taken over the expression of chapters_changed_idx (one probe; see its migration).
 */
export async function catalogueChangedAt(db: Db): Promise<Date | null> {
  const row = await db
    .selectNoFrom(sql<Date | string | null>`greatest((select max(updated_at) from books), (select timezone('UTC', max(timezone('UTC', updated_at))) from chapters))`.as('changed'))
    .executeTakeFirst();
  return row?.changed ? new Date(row.changed) : null;
}
