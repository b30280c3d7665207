import { sql, type Kysely } from 'kysely';

/**
 * Exports made as jobs (features/exports): a narrated EPUB 3 or an audiobook of a chapter range in
 * one voice. A request is a reader's; requests for the same book, range, voice and content share
 * one build (`object_key`), whose outcome is written to all of them when it ends.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table export_requests (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references app_users (id) on delete cascade,
      book_slug text not null references books (slug) on update cascade on delete cascade,
      from_chapter integer not null check (from_chapter >= 1),
      to_chapter integer not null check (to_chapter >= from_chapter),
      format text not null check (format in ('epub-narrated', 'audiobook')),
      voice text not null,
      object_key text not null,
      job_id uuid,
      status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
      error text,
      stage text check (stage in ('narrating', 'packing')),
      stage_done integer not null default 0,
      stage_total integer not null default 0,
      size_bytes bigint,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index export_requests_user_idx on export_requests (user_id, created_at desc)`.execute(db);
  await sql`create index export_requests_build_idx on export_requests (object_key, status)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table export_requests`.execute(db);
}
