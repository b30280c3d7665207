import type { Db } from '../../platform/db/index.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { PermanentJobError, type JobBody, type JobContext, type JobKindSpec } from '../../platform/queue/index.ts';
import type { Mp3Backend } from '../../integrations/tts/mp3.ts';
import { silentLogger } from '../../platform/log.ts';
import { findExportBook, type ExportBookRow } from '../export/queries.ts';
import { exportCover } from '../export/cover.ts';
import type { CoverLimits } from '../covers/limits.ts';
import { describeFailure } from '../audio/failures.ts';
import { notifyInTheirLanguage } from '../notifications/localized.ts';
import type { ExportJobPayload } from './model.ts';
import { narrateMissing } from './narrations.ts';
import { packedChapters } from './chapters.ts';
import { finishRequests, markStage } from './queries.ts';
import { rangePrefix } from './keys.ts';
import { removeOlderCopies } from '../export/service.ts';
import { writers, type ExportWriterInput } from './writers.ts';

export interface ExportJobDeps {
  objects(): Promise<ObjectStore>;
  /** audio.generate: the narration jobs of missing chapters. */
  audioKind: JobKindSpec;
  coverLimits: CoverLimits;
  /** Where an audiobook's frames wait while their chapter marks are counted. */
  scratchDir: string;
  mp3Backend?: Mp3Backend | 'auto';
  /** How often the narration of missing chapters is looked at. */
  pollMs?: number;
}

/** Narration may take most of an export; packing the rest. A range fully narrated packs from 0. */
const NARRATION_SHARE = 0.8;

/**
 * The body of an `exports.build` job (jobs/exports.build.worker.ts): narrates what is missing
 * (narrations.ts), packs the chapters one at a time into the format's writer (writers.ts) while the
 * bytes go to the object store, and ends every request waiting for this file in the transaction
 * that completes the job, with a notification to each reader. A failure that will not pass
 * (a chapter that cannot be narrated) or the last attempt tells the readers too.
 */
export function createExportJob(deps: ExportJobDeps): JobBody<ExportJobPayload, { size: number }> {
  return async (job, ctx) => {
    const objects = await deps.objects();
    try {
      const book = await findExportBook(ctx.db, job.slug);
      if (!book) throw new PermanentJobError('the book no longer exists');
      let narrationShare = 0;
      await narrateMissing(ctx, { objects, audioKind: deps.audioKind, pollMs: deps.pollMs ?? 1000 }, job, async (done, total) => {
        if (done < total) narrationShare = NARRATION_SHARE;
        ctx.progress(narrationShare * (total ? done / total : 1));
        await markStage(ctx.db, job.objectKey, 'narrating', done, total);
      });
      const chapters = packedChapters(ctx.db, objects, job, deps.mp3Backend ?? 'auto', async (done, total) => {
        ctx.signal.throwIfAborted();
        ctx.progress(narrationShare + (1 - narrationShare) * (done / total) * 0.99);
        await markStage(ctx.db, job.objectKey, 'packing', done, total);
      });
      const input: ExportWriterInput = { job, book, cover: await exportCover({ objects, log: silentLogger, coverLimits: deps.coverLimits }, book), chapters, modified: await ctx.now(), scratchDir: deps.scratchDir };
      const written = await writers[job.format](input);
      try {
        await objects.put(job.objectKey, written.body, { contentType: written.contentType });
      } finally {
        await written.cleanup?.();
      }
      const size = (await objects.head(job.objectKey))?.size ?? 0;
      await ctx.finish(async (trx) => {
        const readers = await finishRequests(trx, job.objectKey, { status: 'done', size }, await ctx.now());
        await tellReaders(trx, readers, job, book, 'done');
      });
      await removeOlderCopies(objects, rangePrefix(job), job.objectKey);
      return { size };
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      if (error instanceof PermanentJobError || ctx.attempt >= ctx.maxAttempts) await failRequests(ctx, job, error);
      throw error;
    }
  };
}

async function failRequests(ctx: Pick<JobContext, 'db' | 'now'>, job: ExportJobPayload, error: unknown): Promise<void> {
  const readers = await finishRequests(ctx.db, job.objectKey, { status: 'failed', error: describeFailure(error) }, await ctx.now());
  const book = await findExportBook(ctx.db, job.slug);
  await tellReaders(ctx.db, readers, job, book, 'failed');
}

async function tellReaders(db: Db, readers: readonly { user_id: string }[], job: ExportJobPayload, book: ExportBookRow | undefined, outcome: 'done' | 'failed'): Promise<void> {
  const params = { book: book?.title ?? job.slug, from: job.from, to: job.to };
  for (const userId of new Set(readers.map((r) => r.user_id))) {
    await notifyInTheirLanguage(db, userId, (t) => ({
      title: t(`exports.notify.${job.format}.${outcome}`, params),
      body: t(`exports.notify.${outcome}Body`),
      link: '/exports',
    }));
  }
}
