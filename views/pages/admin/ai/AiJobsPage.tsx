import { Layout } from '../../../layouts/Layout.tsx';
import { NoticeLine } from '../shared/NoticeLine.tsx';
import { AiJobList } from './AiJobList.tsx';
import type { AiJobsPageProps } from './types.ts';

/** /admin/ai-jobs: start naming a book's chapters; every AI job with its live progress. */
export function AiJobsPage({ ctx, jobs, notice, book }: AiJobsPageProps): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('ai.jobs.title')} noindex>
      <section class="admin-page">
        <p class="admin-page__back">
          <a href="/admin" safe>{t('admin.back')}</a>
        </p>
        <h1 safe>{t('ai.jobs.title')}</h1>
        <p class="admin-page__lead" safe>{t('ai.jobs.lead')}</p>
        <NoticeLine notice={notice} />
        <form class="admin-form" method="post" action="/admin/ai-jobs/chapter-names">
          <h2 safe>{t('ai.jobs.start')}</h2>
          <p class="field__hint" safe>{t('ai.jobs.startLead')}</p>
          <label class="field">
            <span class="field__label" safe>{t('ai.jobs.book')}</span>
            <input name="slug" required maxlength="200" value={book} autocomplete="off" />
          </label>
          <div class="admin-form__row">
            <label class="field">
              <span class="field__label" safe>{t('ai.jobs.from')}</span>
              <input name="from" type="number" min="1" inputmode="numeric" value="1" />
            </label>
            <label class="field">
              <span class="field__label" safe>{t('ai.jobs.to')}</span>
              <input name="to" type="number" min="1" inputmode="numeric" />
            </label>
          </div>
          <button class="button button--primary" type="submit" safe>{t('ai.jobs.startButton')}</button>
        </form>
        <AiJobList ctx={ctx} jobs={jobs} />
      </section>
    </Layout>
  );
}
