import type { Db } from '../../platform/db/index.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { PermanentJobError, WAKE_CHANNEL, type JobContext, type JobKindSpec } from '../../platform/queue/index.ts';
import { ensureJob, FOR_AN_EXPORT } from '../audio/generation/service.ts';
import { audioKey } from '../audio/keys.ts';
import { publicError } from '../audio/failures.ts';
import type { ExportJobPayload } from './model.ts';
import { chapterFailure } from './words.ts';

export interface NarrationDeps {
  objects: ObjectStore;
  /** audio.generate: the ordinary narration jobs, the same a listener's request queues. */
  audioKind: JobKindSpec;
  pollMs: number;
}

/**
 * Makes sure every chapter of the range has its stored narration in the export's voice: the
 * missing ones are queued as ordinary audio jobs (behind anything a listener waits for, and
 * without "Audio ready" notifications: they are the reader's, but not asked for one by one), then
 * waited for. `progress(done, total)` after each look. A chapter whose narration fails ends the export.
 */
export async function narrateMissing(
  ctx: Pick<JobContext, 'db' | 'signal' | 'publish'>, deps: NarrationDeps, job: ExportJobPayload, progress: (done: number, total: number) => Promise<void>,
): Promise<void> {
  const chapters = await chapterNumbers(ctx.db, job);
  const total = chapters.length;
  let missing = await withoutNarration(ctx.db, job, chapters);
  if (missing.length === 0) return progress(total, total);
  const queued = new Map<number, string>();
  for (const chapter of missing) {
    ctx.signal.throwIfAborted();
    const target = { slug: job.slug, chapter, voice: job.voice };
    const row = await ensureJob({ db: ctx.db, objects: deps.objects, kind: deps.audioKind }, { target, key: audioKey(job.slug, chapter, job.voice, job.audioFormat) }, job.requestedBy, undefined, FOR_AN_EXPORT);
    queued.set(chapter, row.id);
  }
  ctx.publish(WAKE_CHANNEL, deps.audioKind.kind);
  for (;;) {
    await progress(total - missing.length, total);
    missing = await withoutNarration(ctx.db, job, missing);
    if (missing.length === 0) return progress(total, total);
    const failed = await failedJobs(ctx.db, missing.map((chapter) => queued.get(chapter)!).filter(Boolean));
    // The first chapter of the range that failed is the one named.
    const first = missing.find((n) => failed.has(queued.get(n)!));
    if (first !== undefined) throw new PermanentJobError(chapterFailure(first, publicError(failed.get(queued.get(first)!) ?? null)));
    await sleep(deps.pollMs, ctx.signal);
  }
}

async function chapterNumbers(db: Db, job: ExportJobPayload): Promise<number[]> {
  const rows = await db.selectFrom('chapters').select('number').where('book_slug', '=', job.slug).where('number', '>=', job.from).where('number', '<=', job.to).orderBy('number').execute();
  return rows.map((row) => row.number);
}

/** Of these chapters, those with no stored narration in the voice yet. */
async function withoutNarration(db: Db, job: ExportJobPayload, chapters: readonly number[]): Promise<number[]> {
  if (chapters.length === 0) return [];
  const stored = await db
    .selectFrom('audio_files')
    .select('chapter')
    .where('slug', '=', job.slug)
    .where('voice', '=', job.voice)
    .where('chapter', '>=', chapters[0]!)
    .where('chapter', '<=', chapters.at(-1)!)
    .execute();
  const have = new Set(stored.map((row) => row.chapter));
  return chapters.filter((chapter) => !have.has(chapter));
}

/** Of these narration jobs, those that failed, with their reasons. */
async function failedJobs(db: Db, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('audio_jobs').select(['id', 'error']).where('id', 'in', ids).where('status', '=', 'failed').execute();
  return new Map(rows.map((row) => [row.id, row.error]));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}
