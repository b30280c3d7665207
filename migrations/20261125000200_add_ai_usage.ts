import { sql, type Kysely } from 'kysely';

/**
 * The AI tools: what the AI service was asked per UTC day and kind (the admin dashboard's usage
 * table), the book an AI job is about (the review page lists a book's jobs), and what an admin
 * accepted from the generations: a tagline, content warnings and a quality score with reasons;
 * and the admin dashboard's list of recent failures.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table ai_usage_daily (
      day date not null,
      kind text not null,
      requests integer not null default 0,
      prompt_tokens bigint not null default 0,
      completion_tokens bigint not null default 0,
      images integer not null default 0,
      failures integer not null default 0,
      primary key (day, kind)
    )`.execute(db);
  await sql`alter table ai_jobs add column book_slug text references books (slug) on update cascade on delete cascade`.execute(db);
  await sql`alter table ai_jobs add column job_id uuid`.execute(db);
  await sql`alter table ai_jobs add column started_at timestamptz`.execute(db);
  await sql`alter table ai_jobs add column finished_at timestamptz`.execute(db);
  await sql`create index ai_jobs_book_idx on ai_jobs (book_slug, created_at desc)`.execute(db);
  await sql`
    alter table books
      add column tagline text not null default '',
      add column content_warnings jsonb not null default '[]'::jsonb,
      add column quality_score smallint check (quality_score between 1 and 10),
      add column quality_reasons jsonb not null default '[]'::jsonb`.execute(db);
  await sql`create index ai_jobs_status_idx on ai_jobs (status, created_at desc)`.execute(db);
  // The admin dashboard's "recent failures" of every kind: small partial indexes on the sort key.
  for (const table of ['scrape_tasks', 'import_tasks', 'ai_jobs', 'jobs']) {
    await sql`create index ${sql.raw(`${table}_failed_idx`)} on ${sql.table(table)} (updated_at desc) where status = 'failed'`.execute(db);
  }
}
