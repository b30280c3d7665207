import { Layout } from '../../../layouts/Layout.tsx';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import { NoticeLine } from '../shared/NoticeLine.tsx';
import { TaskProgress } from '../shared/TaskProgress.tsx';
import { ACTIVE_JOB, type AiJob, type ChapterNamesReviewProps } from './types.ts';

interface Proposal {
  number: number;
  old_title: string;
  title: string;
}

/** /admin/ai-jobs/{id}: a chapter-names job: live while it runs, then old → proposed, row by row. */
export function ChapterNamesReviewPage({ ctx, job, bookTitle, notice }: ChapterNamesReviewProps): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('ai.review.title', { book: bookTitle })} noindex>
      <section class="admin-page admin-page--wide">
        <p class="admin-page__back">
          <a href="/admin/ai-jobs" safe>{t('ai.jobs.title')}</a>
        </p>
        <h1 safe>{t('ai.review.title', { book: bookTitle })}</h1>
        <NoticeLine notice={notice} />
        <ChapterNamesJob ctx={ctx} job={job} />
      </section>
    </Layout>
  );
}

/** The part that follows the job: polled every 2 s while it runs; the review form once it has ended. */
export function ChapterNamesJob({ ctx, job }: { ctx: PageContext; job: AiJob }): JSX.Element {
  const { t } = ctx;
  const active = ACTIVE_JOB.has(job.status);
  const payload = (job.payload ?? {}) as { proposals?: Proposal[]; total?: number };
  const proposals = payload.proposals ?? [];
  const poll = active ? { 'hx-get': `/admin/ai-jobs/${job.id}/progress`, 'hx-trigger': 'every 2s', 'hx-swap': 'outerHTML' } : {};
  return (
    <div id="ai-job" class="ai-job" data-status={job.status} {...poll} aria-live="polite">
      <TaskProgress ctx={ctx} progress={job.progress / 100} phase={t('ai.jobs.proposed', { n: String(proposals.length), total: String(payload.total ?? 0) })} status={job.status} />
      {active ? (
        <>
          <p class="field__hint" safe>{t('ai.review.waiting')}</p>
          <form method="post" action={`/admin/ai-jobs/${job.id}/cancel`}>
            <button class="button button--quiet" type="submit" safe>{t('ai.jobs.cancel')}</button>
          </form>
        </>
      ) : (
        <Review ctx={ctx} job={job} proposals={proposals} />
      )}
    </div>
  );
}

function Review({ ctx, job, proposals }: { ctx: PageContext; job: AiJob; proposals: Proposal[] }): JSX.Element {
  const { t } = ctx;
  const applied = job.status === 'applied';
  const note = job.status === 'failed' ? t('ai.review.failed', { error: job.error ?? '' }) : job.status === 'cancelled' ? t('ai.review.cancelled') : applied ? t('ai.review.applied') : '';
  if (proposals.length === 0) return <p class={`notice${job.status === 'failed' ? ' notice--error' : ''}`} safe>{note || t('ai.review.nothing')}</p>;
  return (
    <form class="ai-review" method="post" action={`/admin/ai-jobs/${job.id}/apply`}>
      {note ? <p class={`notice${job.status === 'failed' ? ' notice--error' : ''}`} safe>{note}</p> : ''}
      <div class="ai-review__scroll">
        <table class="ai-review__table">
          <thead>
            <tr>
              <th scope="col" safe>{t('ai.review.keep')}</th>
              <th scope="col" safe>{t('ai.review.number')}</th>
              <th scope="col" safe>{t('ai.review.old')}</th>
              <th scope="col" safe>{t('ai.review.proposed')}</th>
            </tr>
          </thead>
          <tbody>
            {proposals.map((p) => (
              <tr data-chapter={String(p.number)}>
                <td>
                  <input type="checkbox" name={`keep_${p.number}`} value="1" checked={!applied} disabled={applied} aria-label={t('ai.review.keepRow', { n: String(p.number) })} />
                </td>
                <td safe>{String(p.number)}</td>
                <td class="ai-review__old" safe>{p.old_title}</td>
                <td>
                  <input class="ai-review__title" name={`title_${p.number}`} value={p.title} maxlength="500" disabled={applied} aria-label={`${t('ai.review.proposed')} ${p.number}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {applied ? '' : <button class="button button--primary" type="submit" safe>{t('ai.review.apply')}</button>}
    </form>
  );
}
