import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { ImportTasksTable, ImportTaskStatus } from '../../platform/db/schema.ts';
import type { ImportDetail } from './model.ts';

export type ImportTaskRow = Selectable<ImportTasksTable>;

export function insertTask(db: Db, values: { fileName: string; objectKey: string; format: 'epub' | 'pdf'; size: number; review: boolean; rule: string; initiatorId: string | null }) {
  return db
    .insertInto('import_tasks')
    .values({
      file_name: values.fileName,
      object_key: values.objectKey,
      format: values.format,
      size_bytes: values.size,
      review: values.review,
      rule: values.rule,
      initiator_id: values.initiatorId,
      source: values.fileName,
      detail: JSON.stringify({ phase: 'Waiting for a worker' } satisfies ImportDetail),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function taskById(db: Db, id: string) {
  return db.selectFrom('import_tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

export function recentTasks(db: Db, limit: number) {
  return db.selectFrom('import_tasks').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
}

export function update(db: Db, id: string, values: { status?: ImportTaskStatus; progress?: number; detail?: ImportDetail; keepDetail?: Partial<ImportDetail>; error?: string | null; jobId?: string; rule?: string; bookSlug?: string; started?: boolean; finished?: boolean }, onlyIf?: ImportTaskStatus[]) {
  let query = db
    .updateTable('import_tasks')
    .set({
      ...(values.status ? { status: values.status } : {}),
      ...(values.progress !== undefined ? { progress: Math.min(1, Math.max(0, values.progress)) } : {}),
      ...(values.detail ? { detail: JSON.stringify(values.detail) } : {}),
      // Only these keys change; the edits and preview of a reviewed import go on to its publishing.
      ...(values.keepDetail ? { detail: sql`detail || ${JSON.stringify(values.keepDetail)}::jsonb` } : {}),
      ...(values.error !== undefined ? { error: values.error } : {}),
      ...(values.jobId ? { job_id: values.jobId } : {}),
      ...(values.rule ? { rule: values.rule } : {}),
      ...(values.bookSlug ? { book_slug: values.bookSlug } : {}),
      ...(values.started ? { started_at: sql`coalesce(started_at, now())` } : {}),
      ...(values.finished ? { finished_at: sql`now()` } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id);
  if (onlyIf) query = query.where('status', 'in', onlyIf);
  return query.returningAll().executeTakeFirst();
}

/** The status of each task that exists. */
export async function statusesOf(db: Db, ids: readonly string[]): Promise<Map<string, ImportTaskStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('import_tasks').select(['id', 'status']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, row.status]));
}

/** The job begins its run (the edits of a reviewed import kept for it): only while the task waits for this very job (a re-run or a cancel since then wins). */
export function startRun(db: Db, id: string, jobId: string, detail: ImportDetail) {
  return db
    .updateTable('import_tasks')
    .set({ status: 'running', detail: sql`detail || ${JSON.stringify(detail)}::jsonb`, started_at: sql`coalesce(started_at, now())`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('job_id', '=', jobId)
    .where('status', 'in', ['pending', 'running'])
    .returningAll()
    .executeTakeFirst();
}

/** A task whose job ended without ending it (its worker was lost): ended now, unless a new job took it over meanwhile. */
export function endOrphan(db: Db, id: string, jobId: string, status: 'failed' | 'cancelled', error: string) {
  return db
    .updateTable('import_tasks')
    .set({ status, error, detail: JSON.stringify({ phase: status === 'failed' ? 'Failed' : 'Cancelled' } satisfies ImportDetail), finished_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('job_id', '=', jobId)
    .where('status', 'in', ['pending', 'running'])
    .returningAll()
    .executeTakeFirst();
}

/** Ended imports (cancelled, failed, published) older than `days` whose files may still be stored. */
export function endedWithFiles(db: Db, days: number, limit: number) {
  return db
    .selectFrom('import_tasks')
    .select(['id', 'object_key'])
    .where('status', 'in', ['cancelled', 'failed', 'done'])
    .where('object_key', 'is not', null)
    .where('finished_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .orderBy('finished_at')
    .limit(limit)
    .execute();
}

/** Their files are gone: the rows stop pointing at them. */
export async function forgetFiles(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length) await db.updateTable('import_tasks').set({ object_key: null, updated_at: sql`now()` }).where('id', 'in', [...ids]).execute();
}

/** The admin's edits and the preview they make, only over the edits the admin saw (`revision`) and while in review. */
export function saveEdits(db: Db, id: string, detail: ImportDetail, seenRevision: number) {
  return db
    .updateTable('import_tasks')
    .set({ detail: JSON.stringify(detail), updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'review')
    .where(sql<number>`coalesce((detail->'edits'->>'revision')::int, 0)`, '=', seenRevision)
    .returningAll()
    .executeTakeFirst();
}
