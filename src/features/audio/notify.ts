import type { Db } from '../../platform/db/index.ts';
import { DEFAULT_LOCALE, translate } from '../../platform/i18n/index.ts';
import { notify, notifyAdmins } from '../notifications/service.ts';
import { settingsOf } from '../settings/service.ts';

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
  const bodyKey = outcome === 'done' ? 'audio.notify.doneBody' : 'audio.notify.failedBody';
  const link = `/book/${job.slug}/${job.chapter}`;
  const params = { book: bookTitle, chapter: job.chapter };
  if (!job.requested_by) {
    await notifyAdmins(db, { title: translate(DEFAULT_LOCALE, key, params), body: translate(DEFAULT_LOCALE, bodyKey, params), link });
    return;
  }
  const { locale } = await settingsOf(db, { kind: 'user', userId: job.requested_by });
  await notify(db, { userId: job.requested_by, title: translate(locale, key, params), body: translate(locale, bodyKey, params), link });
}
