import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../platform/db/index.ts';
import type { AudioChunk, AudioFilesTable, AudioJobsTable, AudioSentence } from '../../../platform/db/schema.ts';
import { chapterJobRows } from '../../../platform/queue/chapter-job-rows.ts';

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

/**
 * The rows of audio_jobs (platform/queue/chapter-job-rows.ts): latestJob walks audio_jobs_chapter_idx;
 * activeJob finds at most one (audio_jobs_active_idx); markGenerating is the worker's first write.
 */
export const { latestJob, activeJob, jobById, insertPending, markRunning: markGenerating, markDone, markFailed, failOrphans } = chapterJobRows({
  table: 'audio_jobs',
  key: 'voice',
  running: 'generating',
  orphaned: {
    lost: 'generation was lost: its job no longer exists',
    cancelled: 'generation was cancelled',
    ended: 'generation ended without storing audio',
  },
});

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

/** A reader asked for this chapter themselves (POST /api/audio, not ahead of time): its end is worth a notification. */
export async function markAsked(db: Db, id: string): Promise<void> {
  await db.updateTable('audio_jobs').set({ asked: true }).where('id', '=', id).where('status', 'in', ['pending', 'generating']).execute();
}

/** Its narration reached a listener while it was made: they heard it, no notification needed. */
export async function markHeard(db: Db, id: string): Promise<void> {
  await db.updateTable('audio_jobs').set({ heard: true }).where('id', '=', id).where('heard', '=', false).execute();
}
