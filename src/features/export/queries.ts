import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';

export interface ExportBookRow {
  slug: string;
  title: string;
  author: string;
  description: string;
  cover_key: string | null;
  /** BCP 47 tag of the text (dc:language). */
  language: string;
  first_chapter: number | null;
  last_chapter: number | null;
}

/** The book and the ends of its chapter numbering (index reads of chapters (book_slug, number)). */
export async function findExportBook(db: Db, slug: string): Promise<ExportBookRow | undefined> {
  return db
    .selectFrom('books as b')
    .select([
      'b.slug', 'b.title', 'b.author', 'b.description', 'b.cover_key', 'b.language',
      sql<number | null>`(select min(c.number) from chapters c where c.book_slug = b.slug)`.as('first_chapter'),
      sql<number | null>`(select max(c.number) from chapters c where c.book_slug = b.slug)`.as('last_chapter'),
    ])
    .where('b.slug', '=', slug)
    .executeTakeFirst();
}

export interface RangeFingerprint {
  count: number;
  /** md5 over every chapter's number, title and content hash, in order; null for an empty range. */
  digest: string | null;
}

/**
 * What the chapters of a range are made of, in one aggregate: an edited, added or removed chapter
 * changes the digest. content_hash is kept by the catalogue writers; rows written without one
 * fall back to the hash of their text.
 */
export async function rangeFingerprint(db: Db, slug: string, from: number, to: number): Promise<RangeFingerprint> {
  const result = await sql<{ count: number; digest: string | null }>`
    select count(*)::int as count,
           md5(string_agg(number::text || ':' || md5(title) || ':' || coalesce(nullif(content_hash, ''), md5(text)), ',' order by number)) as digest
    from chapters
    where book_slug = ${slug} and number between ${from} and ${to}`.execute(db);
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), digest: row?.digest ?? null };
}

/** Up to `limit` chapters after `after` (keyset pagination on the unique (book_slug, number) index). */
export async function chapterBatch(db: Db, slug: string, after: number, to: number, limit: number): Promise<{ number: number; title: string; text: string }[]> {
  return db
    .selectFrom('chapters')
    .select(['number', 'title', 'text'])
    .where('book_slug', '=', slug)
    .where('number', '>', after)
    .where('number', '<=', to)
    .orderBy('number')
    .limit(limit)
    .execute();
}
