import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { Reader } from '../../platform/http/auth.ts';
import type { VoteAction } from './model.ts';
import { POOL, SCORE, TASTE, TASTE_WINDOW } from './ranking.ts';

/** Rows of `alias` that belong to this reader, in the form the partial unique indexes match. */
function owns(reader: Reader, alias: string): RawBuilder<unknown> {
  const user = sql.ref(`${alias}.user_id`);
  if (reader.kind === 'user') return sql`${user} = ${reader.userId} and ${user} is not null`;
  return sql`${sql.ref(`${alias}.session_id`)} = ${reader.sessionId} and ${user} is null`;
}

/**
 * A book the deck may show: not voted by the reader, not being read (progress) and, for a
 * signed-in reader, not in their library. Each test is one probe of a unique index.
 */
function unseen(reader: Reader, slug: RawBuilder<unknown>): RawBuilder<unknown> {
  const saved = reader.kind === 'user' ? sql`and not exists (select 1 from user_library l where l.user_id = ${reader.userId} and l.slug = ${slug})` : sql``;
  return sql`not exists (select 1 from discovery_votes v where ${owns(reader, 'v')} and v.slug = ${slug})
    and not exists (select 1 from progress pr where ${owns(reader, 'pr')} and pr.slug = ${slug}) ${saved}`;
}

const COLUMNS = sql.raw('b.slug, b.reads_30d, b.rating_score');

export interface RankedSlug {
  slug: string;
  score: number;
}

/**
 * The deck in one statement. The reader's taste is a weight per genre from their latest votes;
 * candidates are bounded pools walked in index order (most popular, newest, and the most popular
 * of the reader's top genres), each skipping seen books, so the cost does not grow with the
 * catalogue. Only the candidates are scored (ranking.ts): genre affinity + popularity + rating +
 * a jitter seeded by reader and day (same order all day, different for two readers). `pin` (a
 * book the reader just brought back) goes first when it is still unseen.
 */
export async function rankDeck(db: Db, reader: Reader, seed: string, limit: number, pin: string | null = null): Promise<RankedSlug[]> {
  const b = sql.ref('b.slug');
  const weight = sql`case r.action when 'save' then ${sql.lit(TASTE.save)} when 'like' then ${sql.lit(TASTE.like)} else ${sql.lit(TASTE.pass)} end`;
  const result = await sql<RankedSlug>`
    with recent as (
      select v.slug, v.action from discovery_votes v where ${owns(reader, 'v')}
      order by v.created_at desc limit ${sql.lit(TASTE_WINDOW)}
    ),
    taste as (
      -- One probe of book_genres_pkey per vote, never a scan of every book's genres: the limit
      -- keeps the planner from flattening the lateral subquery into a hash join over book_genres.
      select g.genre_slug, sum(${weight})::float8 as w
      from recent r cross join lateral (select bg.genre_slug from book_genres bg where bg.book_slug = r.slug limit 50) g
      group by g.genre_slug
    ),
    top_genres as (
      select genre_slug from taste where w > 0 order by w desc, genre_slug limit ${sql.lit(POOL.genres)}
    ),
    -- Each branch carries the columns the score needs, so scoring joins nothing back to books.
    pool as (
      (select ${COLUMNS} from books b where ${unseen(reader, b)}
        order by b.reads_7d desc, b.reads_30d desc, b.slug limit ${sql.lit(POOL.popular)})
      union
      (select ${COLUMNS} from books b where ${unseen(reader, b)}
        order by b.created_at desc, b.slug limit ${sql.lit(POOL.newest)})
      union
      (select g.* from top_genres tg cross join lateral (
        select ${COLUMNS} from books b
        where b.slug in (select bg.book_slug from book_genres bg where bg.genre_slug = tg.genre_slug) and ${unseen(reader, b)}
        order by b.reads_7d desc, b.reads_30d desc, b.slug limit ${sql.lit(POOL.perGenre)}
      ) g)
      union
      (select ${COLUMNS} from books b where b.slug = ${pin} and ${unseen(reader, b)})
    ),
    scored as (
      select p.slug, (p.slug = ${pin}) is true as pinned,
        coalesce((select sum(t.w) from book_genres bg join taste t on t.genre_slug = bg.genre_slug where bg.book_slug = p.slug), 0)
        + ${sql.lit(SCORE.popularity)} * ln(1 + p.reads_30d) / ln(2 + max(p.reads_30d) over ())
        + ${sql.lit(SCORE.rating)} * (coalesce(p.rating_score, 3) - 3)
        + ${sql.lit(SCORE.jitter)} * ('x' || substr(md5(${seed} || p.slug), 1, 7))::bit(28)::int / 268435456.0 as score
      from pool p
    )
    select slug, score::float8 as score from scored order by pinned desc, score desc, slug limit ${limit}`.execute(db);
  return result.rows;
}

/**
 * Records a vote; a second vote on the same book replaces the first and counts as the latest.
 * `saved_to_library` stays true while the vote remains a save that once added the book. Returns
 * whether the vote is new, or null when there is no such book (nothing is written).
 */
export async function upsertVote(db: Db, reader: Reader, slug: string, action: VoteAction, addedToLibrary: boolean): Promise<{ created: boolean } | null> {
  const userId = reader.kind === 'user' ? reader.userId : null;
  const sessionId = reader.kind === 'anon' ? reader.sessionId : null;
  const target = reader.kind === 'user' ? sql`(user_id, slug) where user_id is not null` : sql`(session_id, slug) where user_id is null`;
  const result = await sql<{ created: boolean }>`
    insert into discovery_votes (user_id, session_id, slug, action, saved_to_library)
    select ${userId}::uuid, ${sessionId}::text, b.slug, ${action}::text, ${addedToLibrary}::boolean from books b where b.slug = ${slug}
    on conflict ${target} do update set
      action = excluded.action,
      created_at = now(),
      saved_to_library = excluded.action = 'save' and (excluded.saved_to_library or (discovery_votes.action = 'save' and discovery_votes.saved_to_library))
    returning (xmax = 0) as created`.execute(db);
  return result.rows[0] ?? null;
}

/** Removes one vote; returns what it was, or null when the reader had not voted on the book. */
export async function deleteVote(db: Db, reader: Reader, slug: string): Promise<{ action: VoteAction; saved_to_library: boolean } | null> {
  const result = await sql<{ action: VoteAction; saved_to_library: boolean }>`
    delete from discovery_votes v where ${owns(reader, 'v')} and v.slug = ${slug}
    returning v.action, v.saved_to_library`.execute(db);
  return result.rows[0] ?? null;
}

export async function deleteVotes(db: Db, reader: Reader): Promise<number> {
  const result = await sql`delete from discovery_votes v where ${owns(reader, 'v')}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The latest vote with its book's title (discovery_votes_*_recent_idx). */
export async function latestVote(db: Db, reader: Reader): Promise<{ slug: string; title: string; action: VoteAction } | null> {
  const result = await sql<{ slug: string; title: string; action: VoteAction }>`
    select v.slug, b.title, v.action from discovery_votes v join books b on b.slug = v.slug
    where ${owns(reader, 'v')} order by v.created_at desc, v.id desc limit 1`.execute(db);
  return result.rows[0] ?? null;
}

export async function bookExists(db: Db, slug: string): Promise<boolean> {
  return (await db.selectFrom('books').select('slug').where('slug', '=', slug).executeTakeFirst()) !== undefined;
}
