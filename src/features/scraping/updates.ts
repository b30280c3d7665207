import { SourceError } from '../../integrations/sources/index.ts';
import { notify } from '../notifications/service.ts';
import { DEFAULT_LOCALE, isLocale, translate } from '../../platform/i18n/index.ts';
import { scrapeBook, type BookRunDeps } from './book-run.ts';
import { describeSourceError } from './errors.ts';
import { allSourceBooks, markChecked, ongoingSourceBooks, saversOf, type ScrapeTaskRow } from './queries.ts';
import type { TaskSummary } from './model.ts';

/** Books one new-chapters run looks at (least recently checked first); the rest wait for the next run. */
export const UPDATE_BATCH = 500;

/**
 * Several books in one task: `all` re-scrapes every scraped book (changed chapters updated, new
 * ones added); `update` fetches only the chapters ongoing books do not have yet, and tells each
 * reader who saved such a book once per run ("3 new chapters"). One failing book is a gap on the
 * task, not the end of it.
 */
export async function runUpdateCheck(run: BookRunDeps, task: ScrapeTaskRow): Promise<TaskSummary> {
  const books =
    task.kind === 'all' ? await allSourceBooks(run.db) : task.url ? [{ slug: null, title: null, source_url: task.url }] : await ongoingSourceBooks(run.db, UPDATE_BATCH);
  run.tally.detail.books = books.length;
  let added = 0;
  for (const [index, book] of books.entries()) {
    run.ctx.signal.throwIfAborted();
    run.tally.fraction(index / Math.max(1, books.length));
    if (!book.source_url) continue;
    try {
      const result = await scrapeBook(run, book.source_url, task.kind === 'all' ? { kind: 'all' } : { kind: 'missing' });
      added += result.added.length;
      if (task.kind === 'update') await markChecked(run.db, result.slug);
      if (result.added.length > 0) await tellSavers(run, result.slug, result.title, result.added);
    } catch (error) {
      if (run.ctx.signal.aborted || !(error instanceof SourceError)) throw error; // TaskCancelled too
      run.tally.gap(null, `${book.title ?? book.source_url}: ${describeSourceError(error)}`);
    }
  }
  run.tally.fraction(1);
  return { slug: null, title: null, added };
}

async function tellSavers(run: BookRunDeps, slug: string, title: string, added: number[]): Promise<void> {
  const first = Math.min(...added);
  for (const saver of await saversOf(run.db, slug)) {
    const locale = isLocale(saver.locale) ? saver.locale : DEFAULT_LOCALE;
    const t = (key: string, params: Record<string, string | number>) => translate(locale, key, params);
    await notify(run.db, { userId: saver.user_id, title: t('notify.updates.title', { book: title, count: added.length }), body: t('notify.updates.body', { first }), link: `/book/${slug}/${first}` });
  }
}
