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

export function update(db: Db, id: string, values: { status?: ImportTaskStatus; progress?: number; detail?: ImportDetail; error?: string | null; jobId?: string; rule?: string; bookSlug?: string; started?: boolean; finished?: boolean }, onlyIf?: ImportTaskStatus[]) {
  let query = db
    .updateTable('import_tasks')
    .set({
      ...(values.status ? { status: values.status } : {}),
      ...(values.progress !== undefined ? { progress: Math.min(1, Math.max(0, values.progress)) } : {}),
      ...(values.detail ? { detail: JSON.stringify(values.detail) } : {}),
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
