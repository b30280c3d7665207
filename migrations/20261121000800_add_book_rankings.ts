import { sql, type Kysely } from 'kysely';

/**
 * Columns the rankings sort on, so no request counts progress rows or averages ratings per book.
 * - reads_7d / reads_30d: readers with progress on the book updated in the window; refreshed every
 *   ten minutes by the job kind `catalogue.refresh-popularity` (src/features/catalogue/popularity.ts).
 * - rating_score: a Bayesian average with a fixed prior of C = 10 votes at m = 3.0 stars,
 *   (rating_sum + C·m) / (rating_count + C), so one 5-star vote (score 3.18) does not outrank fifty
 *   4.5s (4.25). NULL while a book has no rating: "desc nulls last" puts unrated books after rated ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table books
      add column reads_7d integer not null default 0 check (reads_7d >= 0),
      add column reads_30d integer not null default 0 check (reads_30d >= 0),
      add column rating_score double precision generated always as (
        case when rating_count > 0 then ((rating_sum + 30.0) / (rating_count + 10))::double precision end
      ) stored`.execute(db);
  await sql`create index books_popular_idx on books (reads_7d desc, reads_30d desc, slug)`.execute(db);
  await sql`create index books_rating_idx on books (rating_score desc nulls last, slug)`.execute(db);
}
