import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';

export interface QueuedKind {
  kind: string;
  /** Queued jobs whose time has come: waiting for a free slot. */
  ready: number;
  /** Queued jobs set to run later (schedules, retry backoff). */
  scheduled: number;
  /** When the longest-waiting ready job became runnable; null when none is ready. */
  oldestReadyAt: Date | null;
}

/** One pass over the partial index jobs_claim_idx (status = 'queued'): cheap at every scrape. */
export async function queuedJobsByKind(db: Db, now: Date): Promise<QueuedKind[]> {
  const rows = await db
    .selectFrom('jobs')
    .select([
      'kind',
      sql<number>`count(*) filter (where run_at <= ${now})::int`.as('ready'),
      sql<number>`count(*) filter (where run_at > ${now})::int`.as('scheduled'),
      sql<Date | null>`min(run_at) filter (where run_at <= ${now})`.as('oldest'),
    ])
    .where('status', '=', 'queued')
    .groupBy('kind')
    .execute();
  return rows.map((r) => ({ kind: r.kind, ready: Number(r.ready), scheduled: Number(r.scheduled), oldestReadyAt: r.oldest ? new Date(r.oldest) : null }));
}

export interface SpeechRate {
  engine: string;
  jobs: number;
  audioSeconds: number;
  wallSeconds: number;
}

/**
 * Audio made against the time it took, per engine (the voice id's prefix: `espeak-en-us` → espeak),
 * over audio jobs created since `since` that finished with audio. Wall time runs from when the
 * last attempt could start (run_at) to its end, so it includes any wait for a free slot.
 * Uses jobs_recent_idx (created_at); audio_jobs shares the job's id.
 */
export async function speechRatesSince(db: Db, since: Date): Promise<SpeechRate[]> {
  const rows = await db
    .selectFrom('jobs as j')
    .innerJoin('audio_jobs as a', 'a.id', 'j.id')
    .select([
      sql<string>`split_part(a.voice, '-', 1)`.as('engine'),
      sql<number>`count(*)::int`.as('jobs'),
      sql<number>`sum((j.result->>'duration')::float8)`.as('audio'),
      sql<number>`sum(extract(epoch from j.finished_at - j.run_at))::float8`.as('wall'),
    ])
    .where('j.kind', '=', 'audio.generate')
    .where('j.status', '=', 'done')
    .where('j.created_at', '>=', since)
    .where(sql<boolean>`(j.result->>'duration')::float8 > 0`)
    .groupBy(sql`split_part(a.voice, '-', 1)`)
    .execute();
  return rows.map((r) => ({ engine: r.engine, jobs: Number(r.jobs), audioSeconds: Number(r.audio), wallSeconds: Number(r.wall) }));
}

export interface TaskCount {
  kind: string;
  status: string;
  count: number;
}

/** Scrape tasks by kind and status (a small table, kept for the admin history). */
export async function scrapeTaskCounts(db: Db): Promise<TaskCount[]> {
  const rows = await db.selectFrom('scrape_tasks').select(['kind', 'status', sql<number>`count(*)::int`.as('count')]).groupBy(['kind', 'status']).execute();
  return rows.map((r) => ({ kind: r.kind, status: r.status, count: Number(r.count) }));
}

/** Import tasks by status. */
export async function importTaskCounts(db: Db): Promise<TaskCount[]> {
  const rows = await db.selectFrom('import_tasks').select(['status', sql<number>`count(*)::int`.as('count')]).groupBy('status').execute();
  return rows.map((r) => ({ kind: 'import', status: r.status, count: Number(r.count) }));
}
