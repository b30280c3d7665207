import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import { bookColumns, type BookRow } from './queries.ts';
import type { SearchTerms } from './search-terms.ts';

/*
 * How close a typed word must be to a word of a title or author (pg_trgm word_similarity) is the
 * session setting pg_trgm.word_similarity_threshold, 0.5 for every connection (platform/db/
 * session-settings.ts), so a search is one statement and no transaction. The default 0.6 misses
 * one swapped pair of letters in a short word ("mountian" → 0.56); below 0.5 unrelated names
 * start to match ("hartgrav" ~ "Clemency Hart", 0.44).
 */

/**
 * Full-text hits first (every word as a prefix over title, author and description, ranked by
 * ts_rank with the title weighted highest), then books whose title or author is only close to what
 * was typed (trigram similarity, for typos). All input is bound; the tsquery text is built by
 * searchTerms() from letters and digits only.
 *
 * Cost: the full-text branch reads books_search_idx; each trigram branch reads its own GIN index
 * (books_title_trgm_idx, books_author_trgm_idx: separate branches, because an OR of the two makes
 * PostgreSQL scan the table and compare every title). The trigram branches are skipped altogether
 * when full-text hits already fill the requested page, so broad queries ("the") never compare
 * trigrams with the whole catalogue.
 */
export async function searchBooks(db: Db, terms: SearchTerms, offset: number, limit: number): Promise<BookRow[]> {
  if (terms.words.length === 0) return [];
  const tsquery = sql`to_tsquery('simple', ${terms.tsquery})`;
  const fuzzy = terms.fuzzy;
  const hits = sql<{ slug: string; tier: number; score: number }>`(
    with fts as (
      select slug, ts_rank(search_vector, ${tsquery}) as score from books where search_vector @@ ${tsquery}
    ),
    near as (
      select slug from books where ${fuzzy} <% lower(title)
      union
      select slug from books where ${fuzzy} <% lower(author)
    ),
    fuzzy as (
      select b.slug, greatest(word_similarity(${fuzzy}, lower(b.title)), word_similarity(${fuzzy}, lower(b.author))) as score
      from books b
      where (select count(*) from fts) < ${offset + limit}
        and b.slug in (select slug from near)
        and not (b.search_vector @@ ${tsquery})
    )
    select slug, tier, score from (
      select slug, 0 as tier, score from fts
      union all
      select slug, 1 as tier, score from fuzzy
    ) ranked
    -- The page is cut from the narrow hit list; only its own books are then read in full.
    order by tier, score desc, slug
    limit ${limit} offset ${offset}
  )`;
  return bookColumns(db)
    .innerJoin(hits.as('h'), 'h.slug', 'b.slug')
    .orderBy(sql`h.tier`)
    .orderBy(sql`h.score`, 'desc')
    .orderBy('b.slug')
    .execute();
}
