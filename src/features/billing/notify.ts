import type { Db } from '../../platform/db/index.ts';
import { translate } from '../../platform/i18n/index.ts';
import { notify } from '../notifications/service.ts';
import { settingsOf } from '../settings/service.ts';

/** Tells the reader their Pro started or ended, in their language. */
export async function notifyRoleChange(db: Db, userId: string, change: 'pro' | 'user'): Promise<void> {
  const { locale } = await settingsOf(db, { kind: 'user', userId });
  const key = change === 'pro' ? 'billing.notify.pro' : 'billing.notify.ended';
  await notify(db, { userId, title: translate(locale, key), body: translate(locale, `${key}Body`), link: change === 'pro' ? '/pro/success' : '/pro' });
}
