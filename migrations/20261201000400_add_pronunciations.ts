import { sql, type Kysely } from 'kysely';

/**
 * Pronunciation lists: a written form and how the narration should say it, per book or (book_slug
 * null) for the whole site (features/audio/pronunciation). One entry per form and case rule in a list.
 * Listeners' reports of a word said wrong, grouped per word on the admin page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table pronunciations (
      id bigint generated always as identity primary key,
      book_slug text references books (slug) on update cascade on delete cascade,
      word text not null check (length(word) between 1 and 64),
      say text not null check (length(say) between 1 and 200),
      case_sensitive boolean not null default false,
      position integer not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create unique index pronunciations_entry_idx
    on pronunciations (coalesce(book_slug, ''), (case when case_sensitive then word else lower(word) end), case_sensitive)`.execute(db);
  await sql`create index pronunciations_list_idx on pronunciations (book_slug, position)`.execute(db);
  // A listener's "said wrong" on a word while listening: one per listener, book, word and voice.
  await sql`
    create table pronunciation_reports (
      id bigint generated always as identity primary key,
      book_slug text not null references books (slug) on update cascade on delete cascade,
      chapter integer not null,
      word text not null check (length(word) between 1 and 64),
      voice text not null,
      reporter text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index pronunciation_reports_once_idx on pronunciation_reports (book_slug, lower(word), voice, reporter)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table pronunciation_reports`.execute(db);
  await sql`drop table pronunciations`.execute(db);
}
