import { Layout } from '../../../layouts/Layout.tsx';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { RefusedForm, ScrapingPageProps } from './types.ts';
import { ScrapeTaskList } from './ScrapeTaskList.tsx';
import { NoticeLine } from '../shared/NoticeLine.tsx';

/** /admin/scraping: start a book, a range, every book or the new-chapters check; watch the tasks. */
export function ScrapingPage({ ctx, tasks, highlight, notice, refused = null }: ScrapingPageProps): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('admin.scraping.title')} noindex>
      <section class="admin-page">
        <p class="admin-page__back">
          <a href="/admin" safe>{t('admin.back')}</a>
        </p>
        <h1 safe>{t('admin.scraping.title')}</h1>
        <NoticeLine notice={notice} />
        <div class="admin-forms">
          <BookForm ctx={ctx} refused={refused?.form === 'book' ? refused : null} />
          <RangeForm ctx={ctx} refused={refused?.form === 'range' ? refused : null} />
          <div class="admin-form admin-form--buttons">
            {/* Asks first: without `confirmed` the server answers with a confirmation page (AllConfirmPage). */}
            <form method="post" action="/admin/scraping/all">
              <button class="button button--quiet" type="submit" safe>{t('admin.scraping.all')}</button>
            </form>
            <form method="post" action="/admin/scraping/updates">
              <button class="button button--quiet" type="submit" safe>{t('admin.scraping.updates')}</button>
            </form>
          </div>
        </div>
        <h2 safe>{t('admin.scraping.tasks')}</h2>
        <ScrapeTaskList ctx={ctx} tasks={tasks} highlight={highlight} />
      </section>
    </Layout>
  );
}

function FormError({ ctx, refused, id }: { ctx: PageContext; refused: RefusedForm | null; id: string }): JSX.Element {
  if (!refused) return <></>;
  return (
    <p class="notice notice--error admin-form__error" role="alert" id={id} safe>
      {ctx.t('admin.scraping.formError', { message: refused.error })}
    </p>
  );
}

function BookForm({ ctx, refused }: { ctx: PageContext; refused: RefusedForm | null }): JSX.Element {
  const { t } = ctx;
  const described = refused ? { 'aria-describedby': 'book-form-error', 'aria-invalid': 'true' } : {};
  return (
    <form class="admin-form" method="post" action="/admin/scraping/book" id="scrape-book-form">
      <h2 safe>{t('admin.scraping.book')}</h2>
      <FormError ctx={ctx} refused={refused} id="book-form-error" />
      <label class="field">
        <span class="field__label" safe>{t('admin.scraping.url')}</span>
        <input name="url" type="url" required maxlength="2048" placeholder="https://…/book/…" value={refused?.url ?? ''} {...described} />
        <span class="field__hint" safe>{t('admin.scraping.urlHint')}</span>
      </label>
      <button class="button button--primary" type="submit" safe>{t('admin.scraping.start')}</button>
    </form>
  );
}

function RangeForm({ ctx, refused }: { ctx: PageContext; refused: RefusedForm | null }): JSX.Element {
  const { t } = ctx;
  const described = refused ? { 'aria-describedby': 'range-form-error' } : {};
  return (
    <form class="admin-form" method="post" action="/admin/scraping/range" id="scrape-range-form">
      <h2 safe>{t('admin.scraping.range')}</h2>
      <FormError ctx={ctx} refused={refused} id="range-form-error" />
      <label class="field">
        <span class="field__label" safe>{t('admin.scraping.url')}</span>
        <input name="url" type="url" required maxlength="2048" value={refused?.url ?? ''} {...described} />
      </label>
      <div class="admin-form__row">
        <label class="field">
          <span class="field__label" safe>{t('admin.scraping.from')}</span>
          <input name="from" type="number" min="1" required inputmode="numeric" value={refused?.from ?? ''} {...described} />
        </label>
        <label class="field">
          <span class="field__label" safe>{t('admin.scraping.to')}</span>
          <input name="to" type="number" min="1" inputmode="numeric" value={refused?.to ?? ''} {...described} />
          <span class="field__hint" safe>{t('admin.scraping.toHint')}</span>
        </label>
      </div>
      <button class="button button--primary" type="submit" safe>{t('admin.scraping.startRange')}</button>
    </form>
  );
}
