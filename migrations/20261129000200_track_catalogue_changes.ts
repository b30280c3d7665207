import { sql, type Kysely } from 'kysely';

/**
 * What each process needs to keep its in-memory catalogue (features/catalogue/index/) current
 * without reading every book again:
 * - books.change_xid: the id of the transaction that last wrote the row, stamped by a trigger on
 *   every insert and update, whoever the writer (the app, a trigger of ratings, psql);
 * - catalogue_removals: the slug of every book deleted (or whose slug changed), with the same
 *   stamp, kept 30 days;
 * - a change to a book's genres, or to a genre's name, touches the books concerned.
 * A process asks for rows stamped at or after the oldest transaction that was running when it
 * last looked (index/queries.ts), so a change committed late by a long transaction is not missed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table books add column change_xid xid8 not null default pg_current_xact_id()`.execute(db);
  await sql`create index books_change_xid_idx on books (change_xid)`.execute(db);
  await sql`
    create table catalogue_removals (
      slug text not null,
      change_xid xid8 not null default pg_current_xact_id(),
      removed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index catalogue_removals_change_xid_idx on catalogue_removals (change_xid)`.execute(db);
  await sql`create index catalogue_removals_removed_at_idx on catalogue_removals (removed_at)`.execute(db);

  await sql`
    create function books_stamp_change() returns trigger language plpgsql as $$
    begin
      new.change_xid := pg_current_xact_id();
      if tg_op = 'UPDATE' and new.slug <> old.slug then
        insert into catalogue_removals (slug) values (old.slug);
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger books_stamp_change before insert or update on books for each row execute function books_stamp_change()`.execute(db);

  await sql`
    create function books_note_removal() returns trigger language plpgsql as $$
    begin
      insert into catalogue_removals (slug) values (old.slug);
      delete from catalogue_removals where removed_at < now() - interval '30 days';
      return null;
    end $$`.execute(db);
  await sql`create trigger books_note_removal after delete on books for each row execute function books_note_removal()`.execute(db);

  await sql`
    create function book_genres_touch_book() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update books set change_xid = pg_current_xact_id() where slug = old.book_slug;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        update books set change_xid = pg_current_xact_id() where slug = new.book_slug;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger book_genres_touch_book after insert or update or delete on book_genres for each row execute function book_genres_touch_book()`.execute(db);

  await sql`
    create function genres_touch_books() returns trigger language plpgsql as $$
    begin
      update books set change_xid = pg_current_xact_id()
      where slug in (select book_slug from book_genres where genre_slug in (old.slug, new.slug));
      return null;
    end $$`.execute(db);
  await sql`create trigger genres_touch_books after update on genres for each row execute function genres_touch_books()`.execute(db);
}
