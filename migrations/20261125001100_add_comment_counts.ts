import { sql, type Kysely } from 'kysely';

/**
 * How many comments each thread shows, kept by the database: one row per book and chapter
 * (chapter 0 is the book's own thread, as in the thread indexes), counting the comments that are
 * not deleted, replies included. The book page, the end of every chapter and the comments page
 * read these rows instead of counting comments per request.
 *
 * Like the vote totals (20261121000900), the rows follow book_comments through AFTER row
 * triggers, so every writer (the app, the deletion of an account or a book, psql) moves them by
 * the same delta in the same transaction, under the row's lock. A row that falls to zero goes.
 * No foreign key to books: a renamed or deleted book moves or removes its comments, and their
 * triggers move or empty the rows in turn (a second, cascading path would count them twice).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table comment_counts (
      slug text not null,
      chapter integer not null,
      count integer not null,
      primary key (slug, chapter)
    )`.execute(db);

  await sql`
    create function book_comments_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') and old.deleted_at is null then
        update comment_counts set count = count - 1 where slug = old.slug and chapter = coalesce(old.chapter, 0);
        delete from comment_counts where slug = old.slug and chapter = coalesce(old.chapter, 0) and count <= 0;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null then
        insert into comment_counts (slug, chapter, count) values (new.slug, coalesce(new.chapter, 0), 1)
        on conflict (slug, chapter) do update set count = comment_counts.count + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger book_comments_count_rows after insert or delete on book_comments
    for each row execute function book_comments_count()`.execute(db);
  // Votes, renderings and the hot score change other columns: only these three move a count.
  await sql`
    create trigger book_comments_count_change after update of deleted_at, slug, chapter on book_comments
    for each row when (old.deleted_at is distinct from new.deleted_at or old.slug is distinct from new.slug or old.chapter is distinct from new.chapter)
    execute function book_comments_count()`.execute(db);

  await sql`
    insert into comment_counts (slug, chapter, count)
    select slug, coalesce(chapter, 0), count(*)::int from book_comments where deleted_at is null group by 1, 2`.execute(db);
}
