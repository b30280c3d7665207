import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AiJobsTable, Database } from '../../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type AiJobRow = Selectable<AiJobsTable>;
export type AiJobStatus = AiJobRow['status'];

export function insertJob(db: Db, values: { kind: string; bookSlug: string | null; createdBy: string | null; payload: unknown }): Promise<AiJobRow> {
  return db
    .insertInto('ai_jobs')
    .values({ kind: values.kind, book_slug: values.bookSlug, created_by: values.createdBy, payload: JSON.stringify(values.payload) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function jobById(db: Db, id: string): Promise<AiJobRow | undefined> {
  return db.selectFrom('ai_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Newest first; one index range (ai_jobs_recent_idx, or ai_jobs_book_idx for one book). */
export function listJobs(db: Db, options: { limit: number; book?: string }): Promise<AiJobRow[]> {
  let query = db.selectFrom('ai_jobs').selectAll().orderBy('created_at', 'desc').limit(options.limit);
  if (options.book) query = query.where('book_slug', '=', options.book);
  return query.execute();
}

export interface JobChange {
  status?: AiJobStatus;
  progress?: number;
  payload?: unknown;
  error?: string | null;
  jobId?: string;
  started?: boolean;
  finished?: boolean;
}

/** Applies `change` when the job is in one of `onlyIf` (any state when omitted); the row, or undefined. */
export function updateJob(db: Db, id: string, change: JobChange, onlyIf?: AiJobStatus[]): Promise<AiJobRow | undefined> {
  let query = db
    .updateTable('ai_jobs')
    .set({
      ...(change.status ? { status: change.status } : {}),
      ...(change.progress !== undefined ? { progress: Math.min(1, Math.max(0, change.progress)) } : {}),
      ...(change.payload !== undefined ? { payload: JSON.stringify(change.payload) } : {}),
      ...(change.error !== undefined ? { error: change.error } : {}),
      ...(change.jobId ? { job_id: change.jobId } : {}),
      ...(change.started ? { started_at: sql<Date>`coalesce(started_at, now())` } : {}),
      ...(change.finished ? { finished_at: sql<Date>`now()` } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id);
  if (onlyIf) query = query.where('status', 'in', onlyIf);
  return query.returningAll().executeTakeFirst();
}

/** Counts by kind and status (the admin dashboard). */
export async function jobCounts(db: Db): Promise<{ kind: string; status: AiJobStatus; count: number }[]> {
  const rows = await db.selectFrom('ai_jobs').select(['kind', 'status', sql<number>`count(*)::int`.as('count')]).groupBy(['kind', 'status']).execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export function recentFailures(db: Db, limit: number): Promise<AiJobRow[]> {
  return db.selectFrom('ai_jobs').selectAll().where('status', '=', 'failed').orderBy('created_at', 'desc').limit(limit).execute();
}
