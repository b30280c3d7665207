import { createHash } from 'node:crypto';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { PermanentJobError, type JobContext } from '../../platform/queue/index.ts';
import { createBook, writeChapter } from '../catalogue/writes/service.ts';
import { announceChapterChange } from '../catalogue/writes/announce.ts';
import type { ParsedBook } from './parse/index.ts';
import type { ImportDetail } from './model.ts';
import { applyEdits } from './edits/index.ts';
import { coverLimits, type CoverLimits } from '../covers/limits.ts';
import { storableCover } from '../covers/storable.ts';
import * as q from './queries.ts';
import { notifyImportEnded } from './notify.ts';

/**
 * The parsed book becomes a catalogue book in ONE transaction, together with the task's `done`
 * and the job's completion (and the admin's notification): readers see all of it or none of it,
 * and a retried job cannot publish twice. The cover is stored first (an orphan cover is harmless; a book without its cover is not).
 */
export async function publishBook(ctx: JobContext, objects: ObjectStore, task: q.ImportTaskRow, parsed: ParsedBook, limits: CoverLimits = coverLimits()): Promise<q.ImportTaskRow | undefined> {
  // The admin's edits from the review (none for an import published at once), over the very book that was reviewed.
  const { book, genres } = applyEdits(parsed, (task.detail as Partial<ImportDetail>).edits);
  const coverKey = await storeCover(ctx, objects, task.id, book, limits);
  const total = book.chapters.length;
  const row = await ctx.finish(async (trx) => {
    const slug = await createBook(trx, {
      title: book.title || task.file_name.replace(/\.(pdf|epub)$/i, ''),
      author: book.author,
      description: book.description,
      language: book.language,
      status: 'completed',
      genres,
      sourceUrl: null,
      sourceKey: null,
      coverKey,
    });
    for (const [index, chapter] of book.chapters.entries()) {
      await writeChapter(trx, slug, { number: index + 1, title: chapter.title, text: chapter.markdown });
      if (index % 50 === 0) ctx.progress(0.9 + (0.1 * index) / Math.max(1, total), 'publishing');
    }
    const done = await q.update(trx, task.id, { status: 'done', progress: 1, bookSlug: slug, finished: true, error: null, detail: { phase: `Published ${total} chapters` } }, ['running']);
    // Cancelled while it was being written: the whole book is rolled back with this throw.
    if (!done) throw new PermanentJobError('Cancelled by an admin');
    // In the same commit: whoever sees the task done also finds the notification.
    await notifyImportEnded(trx, done, 'done');
    return done;
  });
  if (row?.book_slug) await announceChapterChange(ctx, row.book_slug);
  return row;
}

/**
 * The file's cover, checked like every stored cover (type by content, pixel size from its header,
 * SVG drawn to PNG: features/covers). One that fails the checks is left out: the book is
 * published without a cover and the job's log says why.
 */
async function storeCover(ctx: JobContext, objects: ObjectStore, taskId: string, book: ParsedBook, limits: CoverLimits): Promise<string | null> {
  if (!book.cover) return null;
  let cover;
  try {
    cover = await storableCover(book.cover.bytes, limits);
  } catch (error) {
    ctx.log.warn('cover not stored', { task: taskId, reason: (error as Error).message });
    return null;
  }
  const hash = createHash('sha256').update(cover.bytes).digest('hex').slice(0, 12);
  const key = `covers/import-${taskId}/${hash}.${cover.extension}`;
  await objects.put(key, cover.bytes, { contentType: cover.mime });
  return key;
}
