import { sql, type Kysely } from 'kysely';

/**
 * Comments: vote totals kept by the database, a stored "hot" score for the Top order, and the
 * stored rendering of each comment.
 *
 * - comment_votes maintains book_comments.upvotes/downvotes itself (a trigger), so every writer
 *   (the app, a script, psql) keeps totals equal to the vote rows. Each change is a relative
 *   UPDATE of the comment row under its row lock, so concurrent votes serialise and never drift.
 * - hot = sign(score) * log10(1 + |score|) + created_epoch / 45000, score = up - down:
 *   time-invariant (a comment's hot only moves when its votes do), so paging by (hot, id) never
 *   repeats or skips a comment because time passed. 45000 s (12.5 h) of age weigh as much as a
 *   tenfold score. "1 +" (rather than max(|score|, 1)) lets a single upvote count (~3.8 h),
 *   which matters on small threads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table book_comments add column hot double precision not null default 0`.execute(db);
  // The rendering, made once when the comment is written: hostile markdown can take a second to
  // render, which must not be paid on every read. html_version names the renderer that made it;
  // rows of another version (or written by other tools, html null) are rendered when read.
  await sql`alter table book_comments add column html text, add column html_version text`.execute(db);

  await sql`
    create function book_comments_hot() returns trigger language plpgsql as $$
    begin
      new.hot := sign(new.upvotes - new.downvotes)::float8 * log((1 + abs(new.upvotes - new.downvotes))::float8)
        + extract(epoch from new.created_at)::float8 / 45000;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger book_comments_hot before insert or update of upvotes, downvotes, created_at on book_comments
    for each row execute function book_comments_hot()`.execute(db);

  await sql`
    create function comment_votes_tally() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update book_comments set
          upvotes = upvotes - (old.direction = 'up')::int,
          downvotes = downvotes - (old.direction = 'down')::int
        where id = old.comment_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        update book_comments set
          upvotes = upvotes + (new.direction = 'up')::int,
          downvotes = downvotes + (new.direction = 'down')::int
        where id = new.comment_id;
      end if;
      return null;
    end $$`.execute(db);
  // An UPDATE that keeps the direction (a repeated vote) changes no total: skip it early.
  await sql`
    create trigger comment_votes_tally_change after update on comment_votes
    for each row when (old.direction is distinct from new.direction or old.comment_id <> new.comment_id)
    execute function comment_votes_tally()`.execute(db);
  await sql`
    create trigger comment_votes_tally_rows after insert or delete on comment_votes
    for each row execute function comment_votes_tally()`.execute(db);

  // Totals of comments written before this migration (none in practice), and their hot score.
  await sql`
    update book_comments c set
      upvotes = (select count(*) from comment_votes v where v.comment_id = c.id and v.direction = 'up'),
      downvotes = (select count(*) from comment_votes v where v.comment_id = c.id and v.direction = 'down')`.execute(db);

  // A page of top-level comments of one book or chapter, read backwards: Top by (hot, id), New by
  // id (ids grow with creation). The book's own thread (chapter null) is chapter 0 here: an
  // equality, unlike "chapter is null", lets PostgreSQL 15 read the rows in index order.
  await sql`create index book_comments_top_idx on book_comments (slug, (coalesce(chapter, 0)), hot, id) where parent_id is null`.execute(db);
  await sql`create index book_comments_new_idx on book_comments (slug, (coalesce(chapter, 0)), id) where parent_id is null`.execute(db);
}
