import type { Db } from '../../platform/db/index.ts';
import { DEFAULT_LOCALE, translate } from '../../platform/i18n/index.ts';
import type { Locale } from '../../platform/i18n/locale.ts';
import { settingsOf } from '../settings/service.ts';
import { notify, notifyAdmins, notifyGathered, type NewNotification } from './service.ts';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * A notification written in its reader's language: to `userId`, or to every admin (in the
 * default language) when nobody started the task (interface.md "Events").
 */
export async function notifyInTheirLanguage(db: Db, userId: string | null, write: (t: Translate) => Omit<NewNotification, 'userId'>): Promise<void> {
  const locale: Locale = userId ? (await settingsOf(db, { kind: 'user', userId })).locale : DEFAULT_LOCALE;
  const message = write((key, params) => translate(locale, key, params));
  if (userId) await notify(db, { userId, ...message });
  else await notifyAdmins(db, message);
}

/** notifyGathered() in the user's language (a topic is about one user's things: no admin fallback). */
export async function notifyGatheredInTheirLanguage(
  db: Db, userId: string, topic: string, item: number, write: (t: Translate, items: number[]) => Omit<NewNotification, 'userId'>,
): Promise<void> {
  const { locale } = await settingsOf(db, { kind: 'user', userId });
  await notifyGathered(db, userId, topic, item, (items) => write((key, params) => translate(locale, key, params), items));
}
