import type { Db } from '../../../platform/db/index.ts';
import { notifyInTheirLanguage } from '../../notifications/localized.ts';

/**
 * The notification of an ended audio job (interface.md "Events"): to the reader who asked for it,
 * in their language; to every admin when nobody is recorded (an anonymous reader's request).
 * Pass the transaction that ends the job, so the notification exists exactly when the outcome does.
 */
export interface EndedJob {
  slug: string;
  chapter: number;
  requested_by: string | null;
}

export async function notifyJobEnded(db: Db, job: EndedJob, outcome: 'done' | 'failed', bookTitle: string): Promise<void> {
  const key = outcome === 'done' ? 'audio.notify.done' : 'audio.notify.failed';
  const params = { book: bookTitle, chapter: job.chapter };
  await notifyInTheirLanguage(db, job.requested_by, (t) => ({ title: t(key, params), body: t(`${key}Body`, params), link: `/book/${job.slug}/${job.chapter}` }));
}
