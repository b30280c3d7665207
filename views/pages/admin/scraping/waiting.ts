import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { ScrapeTask } from './types.ts';

/** A task in a few words ("Book https://…", "Every book"), for "waiting for …". */
export function taskWords(ctx: PageContext, task: ScrapeTask): string {
  const { t } = ctx;
  const target = task.kind === 'all' ? '' : task.kind === 'update' && !task.url ? t('admin.scraping.ongoingBooks') : (task.book_slug ?? task.url ?? '');
  const kind = t(`admin.scraping.kind.${task.kind}`) + (task.kind === 'range' ? ` ${task.from}–${task.to ?? t('admin.scraping.toEnd')}` : '');
  return t('admin.scraping.wait.task', { kind, target }).trim();
}

/** Why a task's progress stands still, in words; '' when it is not waiting. */
export function waitingWords(ctx: PageContext, task: ScrapeTask, tasks: readonly ScrapeTask[]): string {
  const { t } = ctx;
  const wait = task.detail.waiting_for;
  if (!wait) return '';
  const other = () => {
    const found = wait.task_id ? tasks.find((x) => x.id === wait.task_id) : undefined;
    return found ? taskWords(ctx, found) : t('admin.scraping.wait.otherTask');
  };
  switch (wait.reason) {
    case 'queue':
      return wait.task_id ? t('admin.scraping.wait.queue', { position: wait.position ?? 1, task: other() }) : t('admin.scraping.wait.queueNext', { position: wait.position ?? 1 });
    case 'host':
      return t('admin.scraping.wait.host', { task: other() });
    case 'rate_limit':
      return t('admin.scraping.wait.rate_limit', { n: wait.seconds ?? 1 });
    case 'retry':
      return t('admin.scraping.wait.retry', { k: wait.attempt ?? 2, n: wait.seconds ?? 1 });
    case 'slow_source':
      return t('admin.scraping.wait.slow_source');
  }
}
