import type { Db } from '../../platform/db/index.ts';
import { notifyInTheirLanguage } from '../notifications/localized.ts';
import type { ImportTaskRow } from './queries.ts';

/** interface.md Events: the initiating user (every admin when none is recorded) hears how an import went, in their language. */
export async function notifyImportEnded(db: Db, task: ImportTaskRow, outcome: 'done' | 'failed' | 'review'): Promise<void> {
  await notifyInTheirLanguage(db, task.initiator_id, (t) => {
    const name = task.file_name || t('notify.import.upload');
    const body = outcome === 'failed' ? (task.error ?? t('notify.import.stopped')) : t(outcome === 'review' ? 'notify.import.reviewBody' : 'notify.import.doneBody');
    const link = outcome === 'done' && task.book_slug ? `/book/${task.book_slug}` : `/admin/imports?task=${task.id}`;
    return { title: t(`notify.import.${outcome}`, { name }), body, link };
  });
}
