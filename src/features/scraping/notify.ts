import type { Db } from '../../platform/db/index.ts';
import { notifyInTheirLanguage } from '../notifications/localized.ts';
import type { ScrapeTaskRow } from './queries.ts';
import type { TaskDetail, TaskSummary } from './model.ts';

const LINK = '/admin/scraping';

/** interface.md Events: the initiating user (every admin when none is recorded) hears how a task ended, in their language. */
export async function notifyTaskEnded(db: Db, task: ScrapeTaskRow, outcome: 'done' | 'failed' | 'cancelled', summary: TaskSummary | null): Promise<void> {
  const detail = task.detail as TaskDetail;
  await notifyInTheirLanguage(db, task.initiator_id, (t) => {
    const what = summary?.title
      ? t('notify.scrape.book', { title: summary.title })
      : t(task.kind === 'update' ? 'notify.scrape.update' : task.kind === 'all' ? 'notify.scrape.all' : 'notify.scrape.one');
    const gaps = detail.gaps?.length ? ` ${t('notify.scrape.gaps', { count: detail.gaps.length, list: `${detail.gaps.slice(0, 10).join(', ')}${detail.gaps.length > 10 ? '…' : ''}` })}` : '';
    const body = (outcome === 'failed' ? (task.error ?? t('notify.scrape.stopped')) : t('notify.scrape.counts', { added: detail.added ?? 0, updated: detail.updated ?? 0 })) + gaps;
    return { title: t(`notify.scrape.${outcome}`, { what, added: summary?.added ?? 0 }), body, link: `${LINK}?task=${task.id}` };
  });
}
