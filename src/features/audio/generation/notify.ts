import type { Db } from '../../../platform/db/index.ts';
import { notifyGatheredInTheirLanguage, notifyInTheirLanguage } from '../../notifications/localized.ts';
import { chapterRuns } from './chapter-runs.ts';

/**
 * The notification of an ended audio job (interface.md "Events"). A reader hears of a chapter they
 * asked for themselves and did not listen to while it was made: not of one the player fetched
 * ahead, nor of one already playing. "Audio ready" gathers per book while unread ("Audio ready:
 * Book, chapters 3–5"). An anonymous reader's request tells every admin, as before.
 * Pass the transaction that ends the job, so the notification exists exactly when the outcome does.
 */
export interface EndedJob {
  slug: string;
  chapter: number;
  requested_by: string | null;
  asked?: boolean;
  heard?: boolean;
}

export async function notifyJobEnded(db: Db, job: EndedJob, outcome: 'done' | 'failed', bookTitle: string): Promise<void> {
  const link = `/book/${job.slug}/${job.chapter}`;
  if (!job.requested_by) {
    const key = `audio.notify.${outcome}`;
    const params = { book: bookTitle, chapter: job.chapter };
    await notifyInTheirLanguage(db, null, (t) => ({ title: t(key, params), body: t(`${key}Body`, params), link }));
    return;
  }
  if (!job.asked || job.heard) return;
  if (outcome === 'failed') {
    const params = { book: bookTitle, chapter: job.chapter };
    await notifyInTheirLanguage(db, job.requested_by, (t) => ({ title: t('audio.notify.failed', params), body: t('audio.notify.failedBody', params), link }));
    return;
  }
  await notifyGatheredInTheirLanguage(db, job.requested_by, `audio-ready:${job.slug}`, job.chapter, (t, chapters) =>
    chapters.length === 1
      ? { title: t('audio.notify.done', { book: bookTitle, chapter: chapters[0]! }), body: t('audio.notify.doneBody'), link: `/book/${job.slug}/${chapters[0]}` }
      : { title: t('audio.notify.doneMany', { book: bookTitle, chapters: chapterRuns(chapters) }), body: t('audio.notify.doneManyBody'), link: `/book/${job.slug}/${chapters[0]}` },
  );
}
