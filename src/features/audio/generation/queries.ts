import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../platform/db/index.ts';
import type { AudioChunk, AudioFilesTable, AudioJobsTable, AudioSentence } from '../../../platform/db/schema.ts';
import type { Target } from '../queries.ts';

/**
 * audio_jobs is the user-visible state of a generation (pending → generating → done | failed);
 * the durable queue's `jobs` row with the SAME id runs it. audio_files is the stored audio, one
 * object per chapter and voice. Every lookup here walks an index of migrations 000500/001000.
 */
export type AudioJobRow = Selectable<AudioJobsTable>;
/** Without `sentences` and `chunks` (timings/queries.ts and stream/ read them). */
export type AudioFileRow = Omit<Selectable<AudioFilesTable>, 'size_bytes' | 'sentences' | 'chunks'> & { size_bytes: number };

export function chapterForNarration(db: Db, slug: string, chapter: number) {
  return db
    .selectFrom('chapters as c')
    .innerJoin('books as b', 'b.slug', 'c.book_slug')
    .select(['c.title', 'c.text', 'b.title as book_title'])
    .where('c.book_slug', '=', slug)
    .where('c.number', '=', chapter)
    .executeTakeFirst();
}

/** The newest job of a chapter and voice (audio_jobs_chapter_idx). */
export function latestJob(db: Db, t: Target): Promise<AudioJobRow | undefined> {
  return db.selectFrom('audio_jobs').selectAll().where('slug', '=', t.slug).where('chapter', '=', t.chapter).where('voice', '=', t.voice)
    .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

/** The job of a chapter and voice now pending or generating (at most one: audio_jobs_active_idx). */
export function activeJob(db: Db, t: Target): Promise<AudioJobRow | undefined> {
  return db.selectFrom('audio_jobs').selectAll().where('slug', '=', t.slug).where('chapter', '=', t.chapter).where('voice', '=', t.voice)
    .where('status', 'in', ['pending', 'generating']).executeTakeFirst();
}

export function jobById(db: Db, id: string): Promise<AudioJobRow | undefined> {
  return db.selectFrom('audio_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row of a queue job just enqueued; a duplicate (same id, or the same chapter and voice active) is left alone. */
export async function insertPending(db: Db, id: string, t: Target, requestedBy: string | null): Promise<void> {
  await db.insertInto('audio_jobs').values({ id, ...t, status: 'pending', requested_by: requestedBy }).onConflict((oc) => oc.doNothing()).execute();
}

/**
 * The worker's first write: pending → generating. An upsert, because the worker may start before
 * the request that enqueued the job has written its row (the enqueue commits first, so the runner
 * is woken at once). False when the row has already ended (done or failed): nothing to do.
 */
export async function markGenerating(db: Db, id: string, t: Target, requestedBy: string | null): Promise<boolean> {
  const row = await db
    .insertInto('audio_jobs')
    .values({ id, ...t, status: 'generating', requested_by: requestedBy })
    .onConflict((oc) => oc.column('id').doUpdateSet({ status: 'generating', updated_at: sql`now()` }).where('audio_jobs.status', 'in', ['pending', 'generating']))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function markDone(db: Db, id: string) {
  return db.updateTable('audio_jobs').set({ status: 'done', error: null, updated_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirst();
}

export function markFailed(db: Db, id: string, error: string) {
  return db.updateTable('audio_jobs').set({ status: 'failed', error, updated_at: sql`now()` }).where('id', '=', id)
    .where('status', 'in', ['pending', 'generating']).returningAll().executeTakeFirst();
}

/**
 * Active rows whose queue job can no longer run them (out of attempts after a crash or a lost
 * worker, cancelled, pruned) become `failed`, keeping the queue's error. Limited to one chapter
 * and voice, or every active row (few: the partial index audio_jobs_active_idx holds only them).
 */
export async function failOrphans(db: Db, t?: Target): Promise<AudioJobRow[]> {
  const scope = t ? sql`and a2.slug = ${t.slug} and a2.chapter = ${t.chapter} and a2.voice = ${t.voice}` : sql``;
  const { rows } = await sql<AudioJobRow>`
    update audio_jobs a
    set status = 'failed', updated_at = now(), error = case
      when s.job_status is null then 'generation was lost: its job no longer exists'
      when s.job_status = 'cancelled' then 'generation was cancelled'
      else coalesce(s.job_error, 'generation ended without storing audio') end
    from (
      select a2.id, j.status as job_status, j.error as job_error
      from audio_jobs a2 left join jobs j on j.id = a2.id
      where a2.status in ('pending', 'generating') ${scope}
    ) s
    where a.id = s.id and (s.job_status is null or s.job_status in ('done', 'failed', 'cancelled'))
    returning a.*`.execute(db);
  return rows;
}

/** Regenerated audio replaces the row, its sentence timings included. */
export async function saveAudioFile(db: Db, file: Omit<AudioFileRow, 'created_at'> & { sentences: AudioSentence[]; chunks: AudioChunk[] }): Promise<void> {
  const { slug, chapter, voice, sentences, chunks, ...fields } = file;
  const rest = { ...fields, sentences: JSON.stringify(sentences), chunks: JSON.stringify(chunks) };
  await db
    .insertInto('audio_files')
    .values({ slug, chapter, voice, ...rest, created_at: sql`now()` })
    .onConflict((oc) => oc.columns(['slug', 'chapter', 'voice']).doUpdateSet({ ...rest, created_at: sql`now()` }))
    .execute();
}

export async function bookTitles(db: Db, slugs: readonly string[]): Promise<Map<string, string>> {
  if (!slugs.length) return new Map();
  const rows = await db.selectFrom('books').select(['slug', 'title']).where('slug', 'in', [...new Set(slugs)]).execute();
  return new Map(rows.map((r) => [r.slug, r.title]));
}

/** A listener's wish to hear chunk `chunk` next: read by the running job between chunks (job.ts). */
export async function requestJump(db: Db, id: string, chunk: number): Promise<void> {
  await db.updateTable('audio_jobs').set({ jump_to: chunk }).where('id', '=', id).where('status', 'in', ['pending', 'generating']).execute();
}

export async function jumpRequest(db: Db, id: string): Promise<number | null> {
  const row = await db.selectFrom('audio_jobs').select('jump_to').where('id', '=', id).executeTakeFirst();
  return row?.jump_to ?? null;
}

/** Stored audio of a run of chapters in one voice (audio_files' primary key walks slug, chapter, voice). */
export function storedFilesInRange(db: Db, slug: string, from: number, to: number, voice: string) {
  return db
    .selectFrom('audio_files')
    .select(['chapter', 'format', 'size_bytes', 'duration_seconds'])
    .where('slug', '=', slug)
    .where('chapter', '>=', from)
    .where('chapter', '<=', to)
    .where('voice', '=', voice)
    .orderBy('chapter')
    .execute();
}
