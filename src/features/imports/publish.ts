import { createHash } from 'node:crypto';
import type { ObjectStore } from '../../platform/objects/port.ts';
import type { JobContext } from '../../platform/queue/index.ts';
import { createBook, writeChapter } from '../catalogue/writes/service.ts';
import { announceChapterChange } from '../reader/service.ts';
import type { ParsedBook } from './parse/index.ts';
import * as q from './queries.ts';
import { notifyImportEnded } from './notify.ts';

const COVER_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp', 'image/svg+xml': 'svg' };

/**
 * The parsed book becomes a catalogue book in ONE transaction, together with the task's `done`
 * and the job's completion (and the admin's notification): readers see all of it or none of it,
 * and a retried job cannot publish twice. The cover is stored first (an orphan cover is harmless; a book without its cover is not).
 */
export async function publishBook(ctx: JobContext, objects: ObjectStore, task: q.ImportTaskRow, book: ParsedBook): Promise<q.ImportTaskRow | undefined> {
  const coverKey = await storeCover(objects, task.id, book);
  const total = book.chapters.length;
  const row = await ctx.finish(async (trx) => {
    const slug = await createBook(trx, {
      title: book.title || task.file_name.replace(/\.(pdf|epub)$/i, ''),
      author: book.author,
      description: book.description,
      status: 'completed',
      genres: [],
      sourceUrl: null,
      sourceKey: null,
      coverKey,
    });
    for (const [index, chapter] of book.chapters.entries()) {
      await writeChapter(trx, slug, { number: index + 1, title: chapter.title, text: chapter.markdown });
      if (index % 50 === 0) ctx.progress(0.9 + (0.1 * index) / Math.max(1, total), 'publishing');
    }
    const done = await q.update(trx, task.id, { status: 'done', progress: 1, bookSlug: slug, finished: true, error: null, detail: { phase: `Published ${total} chapters` } });
    // In the same commit: whoever sees the task done also finds the notification.
    if (done) await notifyImportEnded(trx, done, 'done');
    return done;
  });
  if (row?.book_slug) await announceChapterChange(ctx, row.book_slug);
  return row;
}

async function storeCover(objects: ObjectStore, taskId: string, book: ParsedBook): Promise<string | null> {
  const ext = book.cover ? COVER_TYPES[book.cover.contentType.toLowerCase()] : undefined;
  if (!book.cover || !ext) return null;
  const hash = createHash('sha256').update(book.cover.bytes).digest('hex').slice(0, 12);
  const key = `covers/import-${taskId}/${hash}.${ext}`;
  await objects.put(key, book.cover.bytes, { contentType: book.cover.contentType });
  return key;
}
