import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';

export interface DayRow {
  day: string;
  chapters: number;
  words: number;
  listened_seconds: number;
}

/** A reader's days from `from` (inclusive), summed over books, oldest first: reading_days' primary key range. */
export async function daysSince(db: Db, userId: string, from: string): Promise<DayRow[]> {
  const result = await sql<DayRow>`
    select to_char(day, 'YYYY-MM-DD') as day, sum(chapters)::int as chapters, sum(words)::int as words,
           sum(listened_seconds)::float8 as listened_seconds
    from reading_days where user_id = ${userId} and day >= ${from}::date
    group by day order by day`.execute(db);
  return result.rows;
}

export interface BookRow {
  slug: string;
  title: string;
  chapters: number;
  words: number;
  listened_seconds: number;
}

/** The books a reader spent most on since `from`: chapters first, then listening. */
export async function booksSince(db: Db, userId: string, from: string, limit: number): Promise<BookRow[]> {
  const result = await sql<BookRow>`
    select d.slug, coalesce(b.title, d.slug) as title, sum(d.chapters)::int as chapters, sum(d.words)::int as words,
           sum(d.listened_seconds)::float8 as listened_seconds
    from reading_days d left join books b on b.slug = d.slug
    where d.user_id = ${userId} and d.day >= ${from}::date
    group by d.slug, b.title
    order by sum(d.chapters) desc, sum(d.listened_seconds) desc, d.slug
    limit ${limit}`.execute(db);
  return result.rows;
}
