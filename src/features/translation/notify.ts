import type { Db } from '../../platform/db/index.ts';
import { LOCALE_NAMES } from '../../platform/i18n/locale.ts';
import { notifyInTheirLanguage } from '../notifications/localized.ts';
import { translatedChapterPath } from './paths.ts';
import type { Target } from './queries.ts';

/**
 * The notification of an ended translation (interface.md "Events"): to the reader who asked, in
 * their language, linking to the translated chapter; to every admin when nobody is recorded (an
 * anonymous reader's request). Pass the transaction that ends the job.
 */
export interface EndedTranslation extends Target {
  requested_by: string | null;
}

export async function notifyTranslationEnded(db: Db, job: EndedTranslation, outcome: 'done' | 'failed', bookTitle: string): Promise<void> {
  const key = outcome === 'done' ? 'translation.notify.done' : 'translation.notify.failed';
  const params = { book: bookTitle, chapter: job.chapter, language: LOCALE_NAMES[job.locale] };
  const link = outcome === 'done' ? translatedChapterPath(job.slug, job.chapter, job.locale) : `/book/${job.slug}/${job.chapter}`;
  await notifyInTheirLanguage(db, job.requested_by, (t) => ({ title: t(key, params), body: t(`${key}Body`, params), link }));
}
