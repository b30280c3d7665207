import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';

export interface BookEntry {
  slug: string;
  updated_at: Date | string;
}

export interface ChapterEntry {
  book_slug: string;
  number: number;
  updated_at: Date | string;
}

/**
 * The first slug of every books file, `perFile` books apart: one pass over the primary key index,
 * so each file is then a key range (slug >= start and < next start) instead of a deep OFFSET.
 */
export async function bookFileStarts(db: Db, perFile: number): Promise<string[]> {
  const result = await sql<{ slug: string }>`
    select slug from (select slug, row_number() over (order by slug) as n from books) numbered
    where (n - 1) % ${perFile} = 0 order by slug`.execute(db);
  return result.rows.map((row) => row.slug);
}

export async function booksBetween(db: Db, from: string, before: string | null): Promise<BookEntry[]> {
  let query = db.selectFrom('books').select(['slug', 'updated_at']).where('slug', '>=', from);
  if (before !== null) query = query.where('slug', '<', before);
  return query.orderBy('slug').execute();
}

/**
 * Chapters files are fixed id ranges ((k-1)·perFile, k·perFile]: a chapter never moves between
 * files and each file is one primary-key range scan. This lists the ranges that hold any chapter,
 * by a loose index scan (one index probe per range), never by reading every row.
 */
export async function chapterRangesInUse(db: Db, perFile: number): Promise<number[]> {
  const result = await sql<{ k: number }>`
    with recursive ranges (k) as (
      select ((min(id) - 1) / ${perFile})::int from chapters
      union all
      select (select ((min(c.id) - 1) / ${perFile})::int from chapters c where c.id > (r.k + 1)::bigint * ${perFile})
      from ranges r where r.k is not null
    )
    select k + 1 as k from ranges where k is not null`.execute(db);
  return result.rows.map((row) => Number(row.k));
}

export async function chaptersInRange(db: Db, range: number, perFile: number): Promise<ChapterEntry[]> {
  const low = (range - 1) * perFile;
  return db
    .selectFrom('chapters')
    .select(['book_slug', 'number', 'updated_at'])
    .where('id', '>', low)
    .where('id', '<=', low + perFile)
    .orderBy('id')
    .execute();
}
