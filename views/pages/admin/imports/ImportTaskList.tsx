import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { ImportTask } from './types.ts';
import { ACTIVE, seconds, TaskProgress } from '../shared/TaskProgress.tsx';
import { formatBytes, formatCreated } from '../shared/format.ts';

/** Import tasks, newest first; polls every 3 s only while one is pending or running (like the scrape list). */
export function ImportTaskList({ ctx, tasks, highlight }: { ctx: PageContext; tasks: readonly ImportTask[]; highlight: string | null }): JSX.Element {
  const { t } = ctx;
  const poll = tasks.some((task) => ACTIVE.has(task.status)) ? { 'hx-get': '/admin/imports/tasks', 'hx-trigger': 'every 3s', 'hx-swap': 'outerHTML' } : {};
  return (
    <div id="import-tasks" class="task-list" {...poll} aria-live="polite">
      {tasks.length === 0 ? (
        <p class="empty-state" safe>
          {t('admin.imports.empty')}
        </p>
      ) : (
        <ol class="task-list__items" role="list">
          {tasks.map((task) => (
            <li class={`task${task.id === highlight ? ' task--highlight' : ''}`} id={`task-${task.id}`} data-status={task.status}>
              <div class="task__head">
                <span class="task__kind" safe>{task.file_name}</span>
                <span class="task__target" safe>{`${(task.format ?? '').toUpperCase()} · ${formatBytes(ctx.locale, task.size_bytes)}`}</span>
                <time datetime={task.created} safe>{formatCreated(ctx.locale, task.created)}</time>
              </div>
              <TaskProgress ctx={ctx} progress={task.progress} phase={task.detail.phase} status={task.status} />
              {task.duration !== null ? <p class="task__counts" safe>{seconds(ctx, task.duration)}</p> : ''}
              {task.error ? <p class="task__error notice notice--error" safe>{task.error}</p> : ''}
              <p class="task__actions">
                {task.status === 'review' ? <a class="button button--primary" href={`/admin/imports/${task.id}`} safe>{t('admin.imports.review')}</a> : ''}
                {task.status === 'done' && task.book_slug ? <a class="button button--quiet" href={`/book/${encodeURIComponent(task.book_slug)}`} safe>{t('admin.imports.open')}</a> : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
