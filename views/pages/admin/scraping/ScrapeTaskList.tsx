import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { ScrapeTask } from './types.ts';
import { ACTIVE, seconds, TaskProgress } from '../shared/TaskProgress.tsx';
import { formatCreated } from '../shared/format.ts';
import { waitingWords } from './waiting.ts';

/**
 * The scrape tasks, newest first. While any is pending or running the list reloads itself every
 * 3 seconds (htmx); once all have ended it renders without the trigger, so the polling stops.
 */
export function ScrapeTaskList({ ctx, tasks, highlight }: { ctx: PageContext; tasks: readonly ScrapeTask[]; highlight: string | null }): JSX.Element {
  const { t } = ctx;
  const polling = tasks.some((task) => ACTIVE.has(task.status));
  const poll = polling ? { 'hx-get': `/admin/scraping/tasks${highlight ? `?task=${encodeURIComponent(highlight)}` : ''}`, 'hx-trigger': 'every 3s', 'hx-swap': 'outerHTML' } : {};
  return (
    <div id="scrape-tasks" class="task-list" {...poll} aria-live="polite">
      {tasks.length === 0 ? (
        <p class="empty-state" safe>
          {t('admin.scraping.empty')}
        </p>
      ) : (
        <ol class="task-list__items" role="list">
          {tasks.map((task) => (
            <ScrapeTaskItem ctx={ctx} task={task} highlighted={task.id === highlight} waiting={ACTIVE.has(task.status) ? waitingWords(ctx, task, tasks) : ''} />
          ))}
        </ol>
      )}
    </div>
  );
}

function ScrapeTaskItem({ ctx, task, highlighted, waiting }: { ctx: PageContext; task: ScrapeTask; highlighted: boolean; waiting: string }): JSX.Element {
  const { t } = ctx;
  const d = task.detail;
  const target = task.kind === 'all' ? t('admin.scraping.allBooks') : task.kind === 'update' && !task.url ? t('admin.scraping.ongoingBooks') : (task.url ?? '');
  return (
    <li class={`task${highlighted ? ' task--highlight' : ''}`} id={`task-${task.id}`} data-status={task.status}>
      <div class="task__head">
        <span class="task__kind" safe>
          {t(`admin.scraping.kind.${task.kind}` as never) + (task.kind === 'range' ? ` ${task.from}–${task.to ?? t('admin.scraping.toEnd')}` : '')}
        </span>
        {task.book_slug ? (
          <a class="task__target" href={`/admin/books/${encodeURIComponent(task.book_slug)}`} safe>
            {task.book_slug}
          </a>
        ) : (
          <span class="task__target" safe>
            {target}
          </span>
        )}
        <time datetime={task.created} safe>
          {formatCreated(ctx.locale, task.created)}
        </time>
      </div>
      <TaskProgress ctx={ctx} progress={task.progress} phase={d.phase} status={task.status} waiting={waiting} waitingReason={d.waiting_for?.reason ?? ''} />
      <p class="task__counts" safe>
        {t('admin.scraping.counts', { added: String(d.added), updated: String(d.updated), unchanged: String(d.unchanged), failed: String(d.failed), total: String(d.total) }) + (task.duration !== null ? ` · ${seconds(ctx, task.duration)}` : '')}
      </p>
      {d.gaps.length ? (
        <p class="task__gaps" safe>
          {t('admin.scraping.gaps', { list: d.gaps.slice(0, 30).join(', ') + (d.gaps.length > 30 ? '…' : '') })}
        </p>
      ) : (
        ''
      )}
      {task.error ? (
        <p class="task__error notice notice--error" safe>
          {task.error}
        </p>
      ) : (
        ''
      )}
      {d.errors.length ? (
        <details class="task__errors">
          <summary safe>{t('admin.scraping.errors', { n: String(d.errors.length) })}</summary>
          <ul>
            {d.errors.slice(0, 20).map((e) => (
              <li safe>{e.chapter === null ? e.message : `${t('admin.scraping.chapter', { n: String(e.chapter) })}: ${e.message}`}</li>
            ))}
          </ul>
        </details>
      ) : (
        ''
      )}
      {ACTIVE.has(task.status) ? (
        <form method="post" action={`/admin/scraping/tasks/${task.id}/cancel`} class="task__actions">
          <button class="button button--quiet" type="submit" safe>
            {t('admin.task.cancel')}
          </button>
        </form>
      ) : (
        ''
      )}
    </li>
  );
}
