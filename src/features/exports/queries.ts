import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { ExportRequestsTable } from '../../platform/db/schema.ts';
import type { ExportFormat } from './model.ts';

export type ExportRequestRow = Selectable<ExportRequestsTable>;

export interface NewExportRequest {
  userId: string;
  slug: string;
  from: number;
  to: number;
  format: ExportFormat;
  voice: string;
  objectKey: string;
}

/** A request already answered by a stored build: it is done at once. */
export function insertDone(db: Db, request: NewExportRequest, size: number, now: Date): Promise<ExportRequestRow> {
  return db
    .insertInto('export_requests')
    .values({ ...columns(request), status: 'done', size_bytes: size, finished_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A request waiting for the build of its object key (job_id: the queue job that makes it). */
export function insertPending(db: Db, request: NewExportRequest, jobId: string): Promise<ExportRequestRow> {
  return db.insertInto('export_requests').values({ ...columns(request), job_id: jobId }).returningAll().executeTakeFirstOrThrow();
}

const columns = (r: NewExportRequest) => ({
  user_id: r.userId, book_slug: r.slug, from_chapter: r.from, to_chapter: r.to, format: r.format, voice: r.voice, object_key: r.objectKey,
});

export function requestById(db: Db, id: string): Promise<ExportRequestRow | undefined> {
  return db.selectFrom('export_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The queue job's own progress and state, for a request still waiting. */
export function jobProgress(db: Db, jobId: string) {
  return db.selectFrom('jobs').select(['status', 'progress', 'error']).where('id', '=', jobId).executeTakeFirst();
}

/** Every request waiting for this build learns what it does now. */
export async function markStage(db: Db, objectKey: string, stage: 'narrating' | 'packing', done: number, total: number): Promise<void> {
  await db
    .updateTable('export_requests')
    .set({ status: 'running', stage, stage_done: done, stage_total: total })
    .where('object_key', '=', objectKey)
    .where('status', 'in', ['pending', 'running'])
    .execute();
}

/** The build ended: every request waiting for it ends with it. Answers the readers to tell. */
export async function finishRequests(
  db: Db, objectKey: string, outcome: { status: 'done'; size: number } | { status: 'failed'; error: string }, now: Date,
): Promise<{ user_id: string }[]> {
  return db
    .updateTable('export_requests')
    .set(outcome.status === 'done' ? { status: 'done', size_bytes: outcome.size, error: null, finished_at: now } : { status: 'failed', error: outcome.error, finished_at: now })
    .where('object_key', '=', objectKey)
    .where('status', 'in', ['pending', 'running'])
    .returning('user_id')
    .execute();
}

/** A build of this key still on its way (its queue job alive): a new request joins it. */
export function liveBuild(db: Db, objectKey: string) {
  return db
    .selectFrom('export_requests as r')
    .innerJoin('jobs as j', 'j.id', 'r.job_id')
    .select(['r.job_id'])
    .where('r.object_key', '=', objectKey)
    .where('r.status', 'in', ['pending', 'running'])
    .where('j.status', 'in', ['queued', 'running'])
    .limit(1)
    .executeTakeFirst();
}

/** The pronunciations that apply to a book (the site's and its own), as one digest: a changed entry is a new narration. */
export async function pronunciationDigest(db: Db, slug: string): Promise<string> {
  const result = await sql<{ digest: string | null }>`
    select md5(string_agg((to_jsonb(p) - 'id' - 'created_at')::text, ',' order by p.book_slug nulls first, p.position)) as digest
    from pronunciations p
    where p.book_slug = ${slug} or p.book_slug is null`.execute(db);
  return result.rows[0]?.digest ?? '';
}

/** A reader's latest requests, newest first, with their books' titles. */
export function requestsOf(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('export_requests as r')
    .innerJoin('books as b', 'b.slug', 'r.book_slug')
    .selectAll('r')
    .select('b.title as book_title')
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

export async function bookTitle(db: Db, slug: string): Promise<string | null> {
  return (await db.selectFrom('books').select('title').where('slug', '=', slug).executeTakeFirst())?.title ?? null;
}
