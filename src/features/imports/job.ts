import { mkdtemp, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { LeaseLostError, PermanentJobError, type JobBody, type JobContext } from '../../platform/queue/index.ts';
import { ImportError, parseBook, type ParsedBook, type SplitRule } from './parse/index.ts';
import type { ImportJobPayload } from './service.ts';
import { previewOf } from './preview.ts';
import { publishBook } from './publish.ts';
import { notifyImportEnded } from './notify.ts';
import * as q from './queries.ts';

/**
 * The `import.book` job (jobs/import.book.worker.ts). `parse`: the upload → a parsed book; with
 * review asked, it is kept beside the upload and the task waits at `review`; otherwise published.
 * `publish`: the kept book → the catalogue, in one transaction (publish.ts).
 */
export interface ImportJobDeps {
  objects: () => Promise<ObjectStore>;
}

export const parsedKey = (taskId: string) => `imports/${taskId}/parsed.json`;

export function createImportJob(deps: ImportJobDeps): JobBody<ImportJobPayload, { status: string }> {
  return async (payload, ctx) => {
    const task = await q.taskById(ctx.db, payload.taskId);
    if (!task || task.status !== 'pending' && task.status !== 'running') return { status: task?.status ?? 'missing' };
    const objects = await deps.objects();
    await q.update(ctx.db, task.id, { status: 'running', started: true, detail: { phase: payload.action === 'publish' ? 'Publishing' : 'Reading the file' } });
    try {
      const book = payload.action === 'publish' ? await loadParsed(objects, task.id) : await parseUpload(objects, task, payload, ctx);
      if (payload.action === 'parse' && task.review) {
        await objects.put(parsedKey(task.id), JSON.stringify(serialise(book)), { contentType: 'application/json' });
        await settle(ctx, task.id, { status: 'review', progress: 1, detail: { phase: 'Waiting for your review', preview: previewOf(book) } }, 'review');
        return { status: 'review' };
      }
      await publishBook(ctx, objects, task, book);
      await Promise.all([objects.delete(task.object_key ?? ''), objects.delete(parsedKey(task.id))].map((p) => p.catch(() => {})));
      return { status: 'done' };
    } catch (error) {
      if (error instanceof LeaseLostError) throw error;
      if (ctx.signal.aborted) {
        if (String(ctx.signal.reason).includes('cancelled')) await q.update(ctx.db, task.id, { status: 'cancelled', finished: true, error: 'Cancelled by an admin' });
        throw error;
      }
      const known = error instanceof ImportError;
      const message = known ? error.message : `The import stopped: ${error instanceof Error ? error.message : String(error)}`;
      if (!known && ctx.attempt < ctx.maxAttempts) throw error;
      ctx.log.warn('import failed', { taskId: task.id, error: message });
      await settle(ctx, task.id, { status: 'failed', finished: true, error: message, detail: { phase: 'Failed' } }, 'failed');
      throw new PermanentJobError(message);
    }
  };
}

/** The task's new state and the admin's notification, in one commit. */
async function settle(ctx: JobContext, taskId: string, values: Parameters<typeof q.update>[2], outcome: 'review' | 'failed'): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await q.update(trx, taskId, values, ['running']);
    if (row) await notifyImportEnded(trx, row, outcome);
  });
}

async function parseUpload(objects: ObjectStore, task: q.ImportTaskRow, payload: ImportJobPayload, ctx: JobContext): Promise<ParsedBook> {
  const upload = task.object_key ? await objects.get(task.object_key) : null;
  if (!upload || !task.format) throw new ImportError('corrupt', 'The uploaded file is gone; upload it again');
  const dir = await mkdtemp(join(tmpdir(), 'chapterhouse-import-'));
  try {
    const path = join(dir, `book.${task.format}`);
    // To disk first: the parsers read a file, and an upload may be far larger than memory should hold.
    await pipeline(Readable.fromWeb(upload.body as never), createWriteStream(path));
    let last = 0;
    return await parseBook(path, task.format, {
      rule: task.rule as SplitRule,
      pagesPerChapter: payload.pagesPerChapter,
      signal: ctx.signal,
      onProgress: (fraction) => {
        ctx.progress(fraction * 0.9, 'reading');
        if (fraction - last >= 0.05) {
          last = fraction;
          void q.update(ctx.db, task.id, { progress: fraction * 0.9 }).catch(() => {});
        }
      },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface StoredBook extends Omit<ParsedBook, 'cover'> {
  cover: { base64: string; contentType: string } | null;
}

function serialise(book: ParsedBook): StoredBook {
  return { ...book, cover: book.cover ? { base64: Buffer.from(book.cover.bytes).toString('base64'), contentType: book.cover.contentType } : null };
}

async function loadParsed(objects: ObjectStore, taskId: string): Promise<ParsedBook> {
  const stored = await objects.get(parsedKey(taskId));
  if (!stored) throw new ImportError('corrupt', 'The reviewed split is gone; run the import again');
  const book = (await new Response(stored.body).json()) as StoredBook;
  return { ...book, cover: book.cover ? { bytes: new Uint8Array(Buffer.from(book.cover.base64, 'base64')), contentType: book.cover.contentType } : null };
}
