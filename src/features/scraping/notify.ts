import { notify, notifyAdmins } from '../notifications/service.ts';
import type { Db } from '../../platform/db/index.ts';
import type { ScrapeTaskRow } from './queries.ts';
import type { TaskSummary } from './job.ts';
import type { TaskDetail } from './model.ts';

const LINK = '/admin/scraping';

/** interface.md Events: the initiating user (every admin when none is recorded) hears how a task ended. */
export async function notifyTaskEnded(db: Db, task: ScrapeTaskRow, outcome: 'done' | 'failed' | 'cancelled', summary: TaskSummary | null): Promise<void> {
  const detail = task.detail as TaskDetail;
  const what = summary?.title ? `“${summary.title}”` : task.kind === 'update' ? 'The new-chapters check' : task.kind === 'all' ? 'Re-scraping every book' : 'A scrape';
  const title =
    outcome === 'done'
      ? `${what} finished: ${summary?.added ?? 0} new chapters`
      : outcome === 'cancelled'
        ? `${what} was cancelled`
        : `${what} failed`;
  const gaps = detail.gaps?.length ? ` ${detail.gaps.length} chapters could not be fetched (${detail.gaps.slice(0, 10).join(', ')}${detail.gaps.length > 10 ? '…' : ''}).` : '';
  const body = (outcome === 'failed' ? `${task.error ?? 'The scrape stopped.'}` : `${detail.added ?? 0} added, ${detail.updated ?? 0} updated.`) + gaps;
  const link = `${LINK}?task=${task.id}`;
  if (task.initiator_id) await notify(db, { userId: task.initiator_id, title, body, link });
  else await notifyAdmins(db, { title, body, link });
}
