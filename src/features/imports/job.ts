import type { ObjectStore } from '../../platform/objects/port.ts';
import { LeaseLostError, PermanentJobError, type JobBody, type JobContext } from '../../platform/queue/index.ts';
import { ImportError, parseBook, type ParsedBook, type SplitRule } from './parse/index.ts';
import type { ImportJobPayload } from './service.ts';
import { previewOf } from './preview.ts';
import { publishBook } from './publish.ts';
import { notifyImportEnded } from './notify.ts';
import { parsedKey, removeImportFiles } from './files.ts';
import { loadParsed, serialise } from './parsed-store.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from './limits.ts';
import type { CoverLimits } from '../covers/limits.ts';
import { watchForCancel } from './cancel-watch.ts';
import { sweepScratch, withScratchCopy } from './scratch.ts';
import * as q from './queries.ts';

/**
 * The `import.book` job (jobs/import.book.worker.ts). `parse`: the upload → a parsed book; with
 * review asked, it is kept beside the upload and the task waits at `review`; otherwise published.
 * `publish`: the kept book → the catalogue, in one transaction (publish.ts).
 * The parse stays within `limits` (limits.ts) and stops within a second of an admin's cancel.
 */
export interface ImportJobDeps {
  objects: () => Promise<ObjectStore>;
  /** Where uploads are copied while read: DATA_DIR/tmp/imports (scratch.ts). */
  scratchDir: string;
  limits?: ImportLimits;
  coverLimits?: CoverLimits;
}

export { parsedKey } from './files.ts';

const CANCELLED = 'Cancelled by an admin';

export function createImportJob(deps: ImportJobDeps): JobBody<ImportJobPayload, { status: string }> {
  return async (payload, ctx) => {
    const waiting = await q.taskById(ctx.db, payload.taskId);
    // A job that is no longer its task's (re-run or cancelled meanwhile) has nothing to do.
    if (!waiting || waiting.job_id !== ctx.jobId || (waiting.status !== 'pending' && waiting.status !== 'running')) return { status: waiting?.status ?? 'missing' };
    await sweepScratch(ctx.db, deps.scratchDir).catch((error) => ctx.log.warn('import scratch not swept', { error }));
    const task = await q.startRun(ctx.db, waiting.id, ctx.jobId, { phase: payload.action === 'publish' ? 'Publishing' : 'Reading the file' });
    if (!task) return { status: 'cancelled' };
    const watch = watchForCancel(ctx.db, task.id, ctx.signal);
    try {
      const objects = await deps.objects();
      const book = payload.action === 'publish' ? await loadParsed(objects, task.id) : await parseUpload(objects, task, payload, ctx, deps, watch.signal);
      if (payload.action === 'parse' && task.review) {
        await objects.put(parsedKey(task.id), JSON.stringify(serialise(book)), { contentType: 'application/json' });
        if (await settle(ctx, task.id, { status: 'review', progress: 1, detail: { phase: 'Waiting for your review', preview: previewOf(book) } }, 'review')) return { status: 'review' };
        // Cancelled while the parsed book was being stored: it goes too.
        await removeImportFiles(objects, task).catch(() => {});
        throw new PermanentJobError(CANCELLED);
      }
      await publishBook(ctx, objects, task, book, deps.coverLimits);
      await removeImportFiles(objects, task).catch(() => {});
      return { status: 'done' };
    } catch (error) {
      if (error instanceof LeaseLostError || error instanceof PermanentJobError) throw error;
      if (watch.taskEnded()) throw new PermanentJobError(CANCELLED);
      if (ctx.signal.aborted) {
        if (String(ctx.signal.reason).includes('cancelled')) await q.update(ctx.db, task.id, { status: 'cancelled', finished: true, error: CANCELLED }, ['running']);
        throw error;
      }
      const known = error instanceof ImportError;
      const message = known ? error.message : `The import stopped: ${error instanceof Error ? error.message : String(error)}`;
      if (!known && ctx.attempt < ctx.maxAttempts) throw error;
      ctx.log.warn('import failed', { taskId: task.id, error: message });
      await settle(ctx, task.id, { status: 'failed', finished: true, error: message, detail: { phase: 'Failed' } }, 'failed');
      throw new PermanentJobError(message);
    } finally {
      watch.stop();
    }
  };
}

/** The task's new state and the admin's notification, in one commit; false when it was no longer running (cancelled). */
async function settle(ctx: JobContext, taskId: string, values: Parameters<typeof q.update>[2], outcome: 'review' | 'failed'): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await q.update(trx, taskId, values, ['running']);
    if (row) await notifyImportEnded(trx, row, outcome);
    return row !== undefined;
  });
}

async function parseUpload(objects: ObjectStore, task: q.ImportTaskRow, payload: ImportJobPayload, ctx: JobContext, deps: ImportJobDeps, signal: AbortSignal): Promise<ParsedBook> {
  const upload = task.object_key ? await objects.get(task.object_key) : null;
  if (!upload || !task.format) throw new ImportError('corrupt', 'The uploaded file is gone; upload it again');
  let last = 0;
  return withScratchCopy(deps.scratchDir, task.id, task.format, upload.body as ReadableStream<Uint8Array>, (path) =>
    parseBook(path, task.format!, {
      rule: task.rule as SplitRule,
      pagesPerChapter: payload.pagesPerChapter,
      signal,
      limits: deps.limits ?? DEFAULT_IMPORT_LIMITS,
      onProgress: (fraction) => {
        ctx.progress(fraction * 0.9, 'reading');
        if (fraction - last >= 0.05) {
          last = fraction;
          // Only while it runs: a cancelled task's progress stays where the cancel found it.
          void q.update(ctx.db, task.id, { progress: fraction * 0.9 }, ['running']).catch(() => {});
        }
      },
    }),
  );
}
