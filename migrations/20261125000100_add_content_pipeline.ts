import { sql, type Kysely } from 'kysely';

/**
 * The content pipeline (scraping, import, de-duplication).
 * - A scraped book and its chapters carry their source's stable keys: a re-scrape finds the same
 *   book and the same chapters (never renumbered to fill a gap, never duplicated).
 * - `books.chapter_count` follows `chapters` in the database, like the rating totals: every writer
 *   (scrape, import, de-duplication, a fix in psql) keeps it right in the same transaction.
 * - Scrape and import tasks get what their pages show: kind, target, counts and gaps (detail),
 *   start and end; an import can stop at `review` before it is published.
 * - `scrape_hosts`: one book at a time per source host, across every worker process (a lease).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table books add column source_key text, add column last_checked_at timestamptz`.execute(db);
  await sql`create unique index books_source_key_idx on books (source_key) where source_key is not null`.execute(db);
  await sql`create index books_update_check_idx on books (last_checked_at nulls first, slug) where status = 'ongoing' and source_key is not null`.execute(db);

  await sql`alter table chapters add column source_key text`.execute(db);
  await sql`create unique index chapters_source_key_idx on chapters (book_slug, source_key) where source_key is not null`.execute(db);

  // Statement-level with transition tables: a bulk insert of 200,000 chapters updates each book
  // once, not once per chapter. A chapter moved to another book (rare) is counted row by row.
  await sql`
    create function chapters_count_inserted() returns trigger language plpgsql as $$
    begin
      update books b set chapter_count = b.chapter_count + n.added
      from (select book_slug, count(*)::int as added from new_chapters group by book_slug) n
      where b.slug = n.book_slug;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function chapters_count_deleted() returns trigger language plpgsql as $$
    begin
      update books b set chapter_count = greatest(b.chapter_count - n.removed, 0)
      from (select book_slug, count(*)::int as removed from old_chapters group by book_slug) n
      where b.slug = n.book_slug;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function chapters_count_moved() returns trigger language plpgsql as $$
    begin
      update books set chapter_count = greatest(chapter_count - 1, 0) where slug = old.book_slug;
      update books set chapter_count = chapter_count + 1 where slug = new.book_slug;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger chapters_count_insert after insert on chapters referencing new table as new_chapters for each statement execute function chapters_count_inserted()`.execute(db);
  await sql`create trigger chapters_count_delete after delete on chapters referencing old table as old_chapters for each statement execute function chapters_count_deleted()`.execute(db);
  await sql`create trigger chapters_count_move after update of book_slug on chapters for each row when (old.book_slug is distinct from new.book_slug) execute function chapters_count_moved()`.execute(db);
  await sql`update books b set chapter_count = (select count(*) from chapters c where c.book_slug = b.slug)`.execute(db);

  await sql`
    alter table scrape_tasks
      add column kind text not null default 'book' check (kind in ('book', 'range', 'all', 'update')),
      add column url text,
      add column from_chapter integer check (from_chapter > 0),
      add column to_chapter integer check (to_chapter > 0),
      add column job_id uuid,
      add column started_at timestamptz,
      add column finished_at timestamptz`.execute(db);
  await sql`create index scrape_tasks_book_idx on scrape_tasks (book_slug, created_at desc)`.execute(db);

  await sql`alter table import_tasks drop constraint import_tasks_status_check`.execute(db);
  await sql`
    alter table import_tasks
      add constraint import_tasks_status_check check (status in ('pending', 'running', 'review', 'done', 'failed', 'cancelled')),
      add column file_name text not null default '',
      add column object_key text,
      add column format text check (format in ('epub', 'pdf')),
      add column size_bytes bigint not null default 0,
      add column review boolean not null default false,
      add column rule text not null default 'auto',
      add column job_id uuid,
      add column started_at timestamptz,
      add column finished_at timestamptz`.execute(db);
  await sql`drop index import_tasks_active_idx`.execute(db);
  await sql`create index import_tasks_active_idx on import_tasks (status) where status in ('pending', 'running', 'review')`.execute(db);

  await sql`
    create table scrape_hosts (
      host text primary key,
      task_id uuid not null,
      until timestamptz not null
    )`.execute(db);
}
