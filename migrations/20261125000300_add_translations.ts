import { sql, type Kysely } from 'kysely';

/**
 * Machine translation of chapters (features/translation): the stored translations, one per
 * chapter and locale (with the hash of the text they were made from, so an edited chapter is not
 * served an old translation); the jobs readers see (pending → running → done | failed; the queue's
 * `jobs` row with the same id runs it); and each book's glossary of names and terms.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table chapter_translations (
      slug text not null references books (slug) on update cascade on delete cascade,
      chapter integer not null check (chapter > 0),
      locale text not null check (locale in ('en', 'pt', 'es', 'fr', 'id')),
      title text not null default '',
      text text not null,
      source_hash text not null,
      model text not null default '',
      created_at timestamptz not null default now(),
      primary key (slug, chapter, locale)
    )`.execute(db);

  await sql`
    create table translation_jobs (
      id uuid primary key default gen_random_uuid(),
      slug text not null references books (slug) on update cascade on delete cascade,
      chapter integer not null check (chapter > 0),
      locale text not null check (locale in ('en', 'pt', 'es', 'fr', 'id')),
      status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
      error text,
      requested_by uuid references app_users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  // The same chapter and locale never translate twice at the same time.
  await sql`create unique index translation_jobs_active_idx on translation_jobs (slug, chapter, locale) where status in ('pending', 'running')`.execute(db);
  await sql`create index translation_jobs_chapter_idx on translation_jobs (slug, chapter, locale, created_at desc)`.execute(db);

  await sql`
    create table book_glossaries (
      slug text primary key references books (slug) on update cascade on delete cascade,
      entries jsonb not null default '[]'::jsonb,
      updated_by uuid references app_users (id) on delete set null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

