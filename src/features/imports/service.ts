import type { Db } from '../../platform/db/index.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { cancel, enqueueKind, transactionWithJobs, type JobKindSpec } from '../../platform/queue/index.ts';
import type { ImportDetail, ImportTask } from './model.ts';
import * as q from './queries.ts';
import { taskTimes } from '../tasks/times.ts';
import { storeUpload } from './upload.ts';
import { removeImportFiles } from './files.ts';
import { isAbandoned, settleOrphans } from './orphans.ts';

/**
 * Import tasks as the admin pages and the API see them. The parsing and publishing happen in the
 * `import.book` job (job.ts) in a worker; nothing reaches readers until a whole book is published
 * in one transaction.
 */
export interface ImportDeps {
  db: Db;
  objects: ObjectStore;
  kind: JobKindSpec;
  maxBytes: number;
}

export type ImportAction = 'parse' | 'publish';
export interface ImportJobPayload {
  taskId: string;
  action: ImportAction;
  pagesPerChapter?: number;
}

async function enqueueFor(deps: ImportDeps, taskId: string, action: ImportAction, set: Parameters<typeof q.update>[2], onlyIf: Parameters<typeof q.update>[3], pagesPerChapter?: number): Promise<q.ImportTaskRow | undefined> {
  return transactionWithJobs(deps.db, async (trx) => {
    const job = await enqueueKind(trx, deps.kind, { taskId, action, ...(pagesPerChapter ? { pagesPerChapter } : {}) } satisfies ImportJobPayload);
    const row = await q.update(trx, taskId, { ...set, jobId: job.id }, onlyIf);
    if (!row) throw conflict('This import is not waiting for that step');
    return row;
  });
}

export async function startImport(deps: ImportDeps, request: Request, initiatorId: string | null): Promise<string> {
  const upload = await storeUpload(request, deps.objects, deps.maxBytes);
  const rule = upload.fields.rule && /^(auto|toc|spine|outline|headings|pages)$/.test(upload.fields.rule) ? upload.fields.rule : 'auto';
  const review = ['1', 'true', 'on', 'yes'].includes((upload.fields.review ?? '').toLowerCase());
  const task = await q.insertTask(deps.db, { fileName: upload.fileName, objectKey: upload.key, format: upload.format, size: upload.size, review, rule, initiatorId });
  await enqueueFor(deps, task.id, 'parse', {}, ['pending']);
  return task.id;
}

/** A task in review becomes a book, with the admin's edits: 202, the publish runs in the worker (409 unless in review). */
export async function publishImport(deps: ImportDeps, id: string): Promise<ImportTask> {
  await requireTask(deps.db, id);
  const row = await enqueueFor(deps, id, 'publish', { status: 'pending', keepDetail: { phase: 'Waiting to publish' }, progress: 0 }, ['review']);
  return toTask(row!);
}

/**
 * Split again with another rule (from review, or after a failure), or start over a task whose job
 * nobody runs any more (its worker was lost and its lease ran out): that job is cancelled first.
 */
export async function rerunImport(deps: ImportDeps, id: string, rule: string, pagesPerChapter?: number): Promise<ImportTask> {
  const task = await currentTask(deps.db, id);
  const abandoned = await isAbandoned(deps.db, task);
  if (abandoned && task.job_id) await cancel(deps.db, task.job_id);
  const from: q.ImportTaskRow['status'][] = abandoned ? ['review', 'failed', task.status] : ['review', 'failed'];
  const row = await enqueueFor(deps, id, 'parse', { status: 'pending', rule, error: null, detail: { phase: 'Waiting for a worker' }, progress: 0 }, from, pagesPerChapter);
  return toTask(row!);
}

/**
 * Ends an import that has not been published, at once: a running parse sees it within a second
 * (job.ts) and stops; the upload and the parsed book kept for review are deleted.
 */
export async function cancelImport(deps: ImportDeps, id: string): Promise<ImportTask> {
  const row = await currentTask(deps.db, id);
  if (row.job_id) await cancel(deps.db, row.job_id);
  const ended = await q.update(deps.db, id, { status: 'cancelled', finished: true, error: 'Cancelled by an admin' }, ['pending', 'running', 'review']);
  // A store that fails now leaves them to the daily maintenance job (prune.ts).
  if (ended) await removeImportFiles(deps.objects, ended).catch(() => {});
  return toTask(ended ?? (await requireTask(deps.db, id)));
}

async function requireTask(db: Db, id: string): Promise<q.ImportTaskRow> {
  const row = await q.taskById(db, id);
  if (!row) throw notFound('No such import task');
  return row;
}

export function toTask(row: q.ImportTaskRow, now: Date = new Date()): ImportTask {
  return {
    id: row.id,
    status: row.status,
    file_name: row.file_name,
    format: row.format,
    size_bytes: Number(row.size_bytes),
    review: row.review,
    rule: row.rule,
    book_slug: row.book_slug,
    progress: Number(row.progress),
    detail: { phase: '', ...(row.detail as Partial<ImportDetail>) },
    error: row.error,
    initiator_id: row.initiator_id,
    ...taskTimes(row, now),
  };
}

/** The task as it stands, a task orphaned by a lost worker ended first (orphans.ts). */
async function currentTask(db: Db, id: string): Promise<q.ImportTaskRow> {
  return (await settleOrphans(db, [await requireTask(db, id)]))[0]!;
}

export async function listImports(db: Db, limit = 50, now?: Date): Promise<ImportTask[]> {
  return (await settleOrphans(db, await q.recentTasks(db, limit))).map((row) => toTask(row, now));
}

export async function getImport(db: Db, id: string, now?: Date): Promise<ImportTask> {
  return toTask(await currentTask(db, id), now);
}
