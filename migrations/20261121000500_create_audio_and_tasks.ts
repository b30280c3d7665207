import { sql, type Kysely } from 'kysely';

// Audio generation, stored audio, AI jobs, scraping and import tasks.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table audio_jobs (
      id uuid primary key default gen_random_uuid(),
      slug text not null references books (slug) on update cascade on delete cascade,
      chapter integer not null check (chapter > 0),
      voice text not null,
      status text not null default 'pending' check (status in ('pending', 'generating', 'done', 'failed')),
      error text,
      requested_by uuid references app_users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  // The same chapter and voice never generate twice at the same time.
  await sql`create unique index audio_jobs_active_idx on audio_jobs (slug, chapter, voice) where status in ('pending', 'generating')`.execute(db);
  await sql`create index audio_jobs_chapter_idx on audio_jobs (slug, chapter, voice, created_at desc)`.execute(db);

  await sql`
    create table audio_files (
      slug text not null references books (slug) on update cascade on delete cascade,
      chapter integer not null check (chapter > 0),
      voice text not null,
      object_key text not null unique,
      format text not null check (format in ('mp3', 'wav')),
      size_bytes bigint not null default 0,
      duration_seconds real not null default 0,
      created_at timestamptz not null default now(),
      primary key (slug, chapter, voice)
    )`.execute(db);

  await sql`
    create table ai_jobs (
      id uuid primary key default gen_random_uuid(),
      kind text not null,
      status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed', 'cancelled', 'applied')),
      progress real not null default 0 check (progress between 0 and 1),
      payload jsonb not null default '{}'::jsonb,
      error text,
      created_by uuid references app_users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ai_jobs_recent_idx on ai_jobs (created_at desc)`.execute(db);
  await sql`create index ai_jobs_active_idx on ai_jobs (kind, status) where status in ('pending', 'running')`.execute(db);

  for (const table of ['scrape_tasks', 'import_tasks']) {
    await sql`
      create table ${sql.table(table)} (
        id uuid primary key default gen_random_uuid(),
        status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed', 'cancelled')),
        source text not null default '',
        book_slug text references books (slug) on update cascade on delete set null,
        progress real not null default 0 check (progress between 0 and 1),
        detail jsonb not null default '{}'::jsonb,
        error text,
        initiator_id uuid references app_users (id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`.execute(db);
    await sql`create index ${sql.raw(table + '_recent_idx')} on ${sql.table(table)} (created_at desc)`.execute(db);
    await sql`create index ${sql.raw(table + '_active_idx')} on ${sql.table(table)} (status) where status in ('pending', 'running')`.execute(db);
  }
}
