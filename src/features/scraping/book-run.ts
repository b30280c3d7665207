import type { SourceBook, SourceChapterRef, SourceClient } from '../../integrations/sources/index.ts';
import { SourceError } from '../../integrations/sources/index.ts';
import type { Db } from '../../platform/db/index.ts';
import type { JobContext } from '../../platform/queue/index.ts';
import { setBookCover, storedChapterKeys, upsertSourceBook, writeChapter } from '../catalogue/writes/service.ts';
import { announceChapterChange } from '../catalogue/writes/announce.ts';
import { acquireHost } from './host-lease.ts';
import type { Tally } from './tally.ts';
import { describeSourceError, TaskCancelled } from './errors.ts';
import { cancelRequested, hostHolder } from './queries.ts';

/**
 * Scrapes one book into the catalogue: its page and full chapter list, then the chosen chapters
 * one by one, politely (the source client paces and retries; one book at a time per host).
 * A chapter that cannot be fetched is a gap on the task, never an empty or shifted chapter.
 */
export interface BookRunDeps {
  db: Db;
  client: SourceClient;
  ctx: Pick<JobContext, 'signal' | 'publish' | 'log' | 'jobId'>;
  taskId: string;
  tally: Tally;
  hostLeaseSeconds: number;
  hostPollMs: number;
  storeCover?: (book: SourceBook, slug: string) => Promise<string | null>;
}

export type Selection =
  /** Every chapter: a first scrape or an explicit re-scrape (changed chapters are updated). */
  | { kind: 'all'; after?: number }
  /** Chapters not stored yet: the new-chapters check and resuming. */
  | { kind: 'missing' }
  | { kind: 'range'; from: number; to: number | null; after?: number };

export interface BookRunResult {
  slug: string;
  title: string;
  /** Chapter numbers added by this run. */
  added: number[];
}

const ANNOUNCE_EVERY = 10;

async function choose(deps: BookRunDeps, slug: string, chapters: SourceChapterRef[], selection: Selection): Promise<SourceChapterRef[]> {
  if (selection.kind === 'missing') {
    const stored = await storedChapterKeys(deps.db, slug);
    return chapters.filter((c) => !stored.has(c.key));
  }
  const after = selection.after ?? 0;
  if (selection.kind === 'all') return chapters.filter((c) => c.number > after);
  return chapters.filter((c) => c.number >= selection.from && (selection.to === null || c.number <= selection.to) && c.number > after);
}

export async function scrapeBook(deps: BookRunDeps, bookUrl: string, selection: Selection, onChapter?: (number: number) => Promise<void>): Promise<BookRunResult> {
  const { db, client, ctx, tally } = deps;
  const { source, sourceSlug } = client.resolve(bookUrl);
  const host = new URL(bookUrl).host;
  const lease = await acquireHost(db, host, deps.taskId, {
    seconds: deps.hostLeaseSeconds,
    pollMs: deps.hostPollMs,
    signal: ctx.signal,
    onWait: async () => {
      tally.detail.waiting_for = { reason: 'host', task_id: (await hostHolder(db, host)) ?? null };
      await tally.phase(`Waiting: another scrape is using ${host}`);
    },
  });
  if (tally.detail.waiting_for?.reason === 'host') tally.detail.waiting_for = null;
  try {
    await tally.phase('Reading the book page and its chapter list');
    const book = await client.book(bookUrl, ctx.signal);
    const { slug } = await upsertSourceBook(db, {
      title: book.title,
      author: book.author,
      description: book.description,
      status: book.status,
      genres: book.genres,
      sourceUrl: book.url,
      sourceKey: `${source}:${sourceSlug}`,
      coverKey: null,
    });
    tally.book(slug);
    const cover = await deps.storeCover?.(book, slug).catch((error) => (ctx.log.warn('cover not stored', { slug, error: String(error) }), null));
    if (cover) await setBookCover(db, slug, cover);

    const wanted = await choose(deps, slug, book.chapters, selection);
    tally.planned(wanted.length);
    await tally.phase(wanted.length ? `Fetching ${wanted.length} chapters of ${book.title}` : `${book.title}: nothing new`);
    const added: number[] = [];
    let unannounced = 0;
    for (const ref of wanted) {
      ctx.signal.throwIfAborted();
      if (await cancelRequested(db, ctx.jobId)) throw new TaskCancelled();
      await lease.renew();
      try {
        const text = await client.chapter(ref, ctx.signal);
        const outcome = await writeChapter(db, slug, { number: ref.number, title: text.title || ref.title, text: text.markdown, sourceKey: ref.key });
        tally.handled(outcome);
        if (outcome === 'added') added.push(ref.number);
        if (outcome !== 'unchanged') unannounced++;
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        if (!(error instanceof SourceError)) throw error;
        tally.gap(ref.number, describeSourceError(error));
        ctx.log.warn('chapter not fetched', { slug, chapter: ref.number, kind: error.kind });
      }
      await onChapter?.(ref.number);
      if (unannounced >= ANNOUNCE_EVERY) {
        await announceChapterChange(ctx, slug);
        unannounced = 0;
      }
      await tally.save();
    }
    if (unannounced > 0 || added.length > 0) await announceChapterChange(ctx, slug);
    await tally.save(true);
    return { slug, title: book.title, added };
  } finally {
    await lease.release().catch(() => {});
  }
}
