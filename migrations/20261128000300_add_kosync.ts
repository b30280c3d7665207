import { sql, type Kysely } from 'kysely';

/**
 * KOReader progress sync (features/kosync). `kosync_documents`: the document ids KOReader will
 * send for an EPUB this site exported (the partial MD5 of the file's bytes, and the md5 of its
 * download name), with the book, the chapter range and the spine: element i (0-based) is the
 * chapter number of DocFragment[i + 1], or null for the cover and title pages.
 * `kosync_positions`: the last place each device pushed per account and document, kept as sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table kosync_documents (
      document text primary key,
      method text not null check (method in ('binary', 'filename')),
      book_slug text not null references books(slug) on delete cascade,
      chapter_from integer not null,
      chapter_to integer not null,
      spine jsonb not null,
      object_key text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index kosync_documents_book_idx on kosync_documents (book_slug)`.execute(db);
  await sql`
    create table kosync_positions (
      user_id uuid not null references app_users(id) on delete cascade,
      document text not null check (char_length(document) between 1 and 128),
      progress text not null,
      percentage double precision not null,
      device text not null,
      device_id text not null default '',
      updated_at timestamptz not null,
      primary key (user_id, document)
    )`.execute(db);
}
