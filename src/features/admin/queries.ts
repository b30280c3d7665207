import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';

/**
 * The dashboard's reads. Each counts across several features' tables in one statement, so they
 * stay here, with the dashboard, rather than split into one round trip per feature.
 */
export async function adminFacts(db: Db): Promise<{ runningScrapes: number; importsInReview: number; books: number }> {
  const row = await sql<{ scrapes: number; reviews: number; books: number }>`
    select (select count(*) from scrape_tasks where status in ('pending', 'running'))::int as scrapes,
           (select count(*) from import_tasks where status = 'review')::int as reviews,
           (select count(*) from books)::int as books`.execute(db);
  const facts = row.rows[0]!;
  return { runningScrapes: Number(facts.scrapes), importsInReview: Number(facts.reviews), books: Number(facts.books) };
}

/** The admin home's figures (one round trip each; the tables behind them are small or counted by index). */
export async function dashboardCounts(db: Db): Promise<{ books: number; chapters: number; users: number; pro: number; audioBytes: number }> {
  const row = await sql<{ books: number; chapters: number; users: number; pro: number; audio: string | number }>`
    select (select count(*) from books)::int as books,
           (select coalesce(sum(chapter_count), 0) from books)::int as chapters,
           (select count(*) from app_users)::int as users,
           (select count(*) from app_users where role = 'pro')::int as pro,
           (select coalesce(sum(size_bytes), 0) from audio_files)::bigint as audio`.execute(db);
  const r = row.rows[0]!;
  return { books: Number(r.books), chapters: Number(r.chapters), users: Number(r.users), pro: Number(r.pro), audioBytes: Number(r.audio) };
}

/** Background jobs by kind and status (the queue's table is pruned, so this stays small). */
export async function jobCountsByKind(db: Db): Promise<{ kind: string; counts: Record<string, number> }[]> {
  const rows = await db.selectFrom('jobs').select(['kind', 'status', sql<number>`count(*)::int`.as('n')]).groupBy(['kind', 'status']).orderBy('kind').execute();
  const byKind = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const counts = byKind.get(r.kind) ?? {};
    const status = r.status === 'queued' ? 'pending' : r.status;
    counts[status] = (counts[status] ?? 0) + Number(r.n);
    byKind.set(r.kind, counts);
  }
  return [...byKind].map(([kind, counts]) => ({ kind, counts }));
}

export interface FailureRow {
  source: 'scrape' | 'import' | 'ai' | 'job';
  kind: string;
  id: string;
  error: string;
  when: Date | string;
}

/** The latest failures of every kind of task, newest first. */
export async function recentFailures(db: Db, limit: number): Promise<FailureRow[]> {
  const result = await sql<FailureRow>`
    (select 'scrape' as source, source as kind, id::text as id, coalesce(error, '') as error, updated_at as "when" from scrape_tasks where status = 'failed' order by updated_at desc limit ${limit})
    union all
    (select 'import', coalesce(file_name, ''), id::text, coalesce(error, ''), updated_at from import_tasks where status = 'failed' order by updated_at desc limit ${limit})
    union all
    (select 'ai', kind, id::text, coalesce(error, ''), updated_at from ai_jobs where status = 'failed' order by updated_at desc limit ${limit})
    union all
    (select 'job', kind, id::text, coalesce(error, ''), updated_at from jobs where status = 'failed' and kind not like 'scrape.%' and kind not like 'import.%' and kind not like 'ai.%' order by updated_at desc limit ${limit})
    order by "when" desc limit ${limit}`.execute(db);
  return result.rows;
}
