import { sql, type Kysely } from 'kysely';

/**
 * The home page's rows, each read in index order (features/catalogue/queries.ts listHomeRow):
 * - "Popular this week": only books with readers in the last seven days, most readers first, then
 *   readers in 30 days, the better rated, the updated last. The tie-breaks differ from "New", so a
 *   small catalogue where every book was read once this week does not repeat the "New" row.
 * - "Top rated": only books readers liked (weighted score above the prior's 3.0 stars), then the
 *   more votes, the more readers in 30 days.
 * Partial: each holds only the books its row can show.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index books_popular_week_idx on books
      (reads_7d desc, reads_30d desc, rating_score desc nulls last, updated_at desc, slug)
      where reads_7d > 0`.execute(db);
  await sql`
    create index books_top_rated_idx on books
      (rating_score desc, rating_count desc, reads_30d desc, slug)
      where rating_score > 3`.execute(db);
}
