import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import { TaskProgress } from '../shared/TaskProgress.tsx';
import { formatCreated } from '../shared/format.ts';
import { ACTIVE_JOB, type AiJob } from './types.ts';

const proposalsOf = (job: AiJob): { count: number; total: number } => {
  const payload = job.payload as { proposals?: unknown[]; total?: number } | null;
  return { count: payload?.proposals?.length ?? 0, total: payload?.total ?? 0 };
};

/** AI jobs, newest first; polls every 2 s only while one is waiting or running. */
export function AiJobList({ ctx, jobs }: { ctx: PageContext; jobs: readonly AiJob[] }): JSX.Element {
  const { t } = ctx;
  const poll = jobs.some((job) => ACTIVE_JOB.has(job.status)) ? { 'hx-get': '/admin/ai-jobs/list', 'hx-trigger': 'every 2s', 'hx-swap': 'outerHTML' } : {};
  return (
    <div id="ai-jobs" class="task-list" {...poll} aria-live="polite">
      {jobs.length === 0 ? (
        <p class="empty-state" safe>
          {t('ai.jobs.empty')}
        </p>
      ) : (
        <ol class="task-list__items" role="list">
          {jobs.map((job) => {
            const { count, total } = proposalsOf(job);
            return (
              <li class="task" id={`ai-job-${job.id}`} data-status={job.status}>
                <div class="task__head">
                  <span class="task__kind" safe>{t(`ai.jobs.kind.${job.kind}` as never)}</span>
                  <span class="task__target" safe>{job.book ?? ''}</span>
                  <time datetime={job.created} safe>{formatCreated(ctx.locale, job.created)}</time>
                </div>
                <TaskProgress ctx={ctx} progress={job.progress / 100} phase={total ? t('ai.jobs.proposed', { n: String(count), total: String(total) }) : ''} status={job.status} />
                {job.error && job.status === 'failed' ? <p class="task__error notice notice--error" safe>{job.error}</p> : ''}
                <p class="task__actions">
                  <a class="button button--quiet" href={`/admin/ai-jobs/${job.id}`} safe>{t('ai.jobs.review')}</a>
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
