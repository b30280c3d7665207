import { notify, notifyAdmins } from '../notifications/service.ts';
import type { Db } from '../../platform/db/index.ts';
import type { ImportTaskRow } from './queries.ts';

/** interface.md Events: the initiating user (every admin when none is recorded) hears how an import went. */
export async function notifyImportEnded(db: Db, task: ImportTaskRow, outcome: 'done' | 'failed' | 'review'): Promise<void> {
  const name = task.file_name || 'the upload';
  const title =
    outcome === 'done' ? `Imported “${name}”` : outcome === 'review' ? `“${name}” is ready for review` : `Import of “${name}” failed`;
  const body = outcome === 'failed' ? (task.error ?? 'The import stopped.') : outcome === 'review' ? 'Check the chapters it found, then publish or split it another way.' : 'The book is in the catalogue.';
  const link = outcome === 'done' && task.book_slug ? `/book/${task.book_slug}` : `/admin/imports?task=${task.id}`;
  if (task.initiator_id) await notify(db, { userId: task.initiator_id, title, body, link });
  else await notifyAdmins(db, { title, body, link });
}
