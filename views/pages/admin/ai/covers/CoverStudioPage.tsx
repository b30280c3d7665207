import { Layout } from '../../../../layouts/Layout.tsx';
import { BatchPanel } from './BatchPanel.tsx';
import { GenerateForm } from './GenerateForm.tsx';
import type { CoverStudioProps } from './types.ts';

/**
 * /admin/covers: pick a book, generate pictures (public/js/admin-covers.js posts the form and shows
 * the results side by side, each with "Save as cover"), refresh from the source, batch covers.
 */
export function CoverStudioPage(props: CoverStudioProps): JSX.Element {
  const { ctx, books, book } = props;
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('covers.title')} noindex>
      <section class="admin-page cover-studio" data-cover-studio data-slug={book?.slug ?? ''} data-messages={JSON.stringify(messages(ctx, props.maxMegabytes))}>
        <p class="admin-page__back">
          <a href="/admin" safe>{t('admin.back')}</a>
        </p>
        <h1 safe>{t('covers.title')}</h1>
        <p class="admin-page__lead" safe>{t('covers.lead')}</p>
        <form class="admin-form cover-studio__pick" method="get" action="/admin/covers">
          <label class="field">
            <span class="field__label" safe>{t('covers.book')}</span>
            <select name="slug" data-book-select>
              <option value="" safe>{t('covers.pickBook')}</option>
              {books.map((b) => (
                <option value={b.slug} selected={b.slug === book?.slug} safe>{b.title}</option>
              ))}
            </select>
          </label>
          <button class="button" type="submit" safe>{t('covers.open')}</button>
        </form>
        {book ? (
          <div class="cover-studio__book">
            <h2 safe>{book.title}</h2>
            <figure class="cover-studio__current">
              {book.coverUrl ? <img src={book.coverUrl} alt={t('covers.current')} width="160" height="240" data-current-cover /> : <p class="field__hint" safe>{t('covers.noCover')}</p>}
              <figcaption>
                <a href={`/book/${encodeURIComponent(book.slug)}`} safe>{t('covers.viewBook')}</a>
              </figcaption>
            </figure>
            {book.hasSource ? (
              <div class="cover-studio__refresh">
                <h3 safe>{t('covers.refresh.title')}</h3>
                <p class="field__hint" safe>{t('covers.refresh.lead')}</p>
                <button class="button" type="button" data-refresh safe>{t('covers.refresh.start')}</button>
                <p class="cover-studio__status" role="status" data-refresh-status></p>
              </div>
            ) : null}
          </div>
        ) : null}
        <GenerateForm {...props} />
        <BatchPanel ctx={ctx} />
      </section>
      <script src={ctx.asset('js/admin-covers.js')} defer></script>
    </Layout>
  );
}

/** The words the client script shows (it has no catalogue of its own). */
function messages(ctx: CoverStudioProps['ctx'], mb: number) {
  const { t } = ctx;
  return {
    generating: t('covers.generating'),
    save: t('covers.save'),
    saving: t('covers.saving'),
    saved: t('covers.saved'),
    resultAlt: t('covers.resultAlt', { n: '{n}' }),
    generic: t('covers.error.generic'),
    timeout: t('covers.error.timeout'),
    upstream: t('covers.error.upstream', { message: '{message}' }),
    tooLarge: t('covers.error.tooLarge', { mb: String(mb) }),
    noBook: t('covers.error.noBook'),
    unavailable: t('covers.error.unavailable'),
    batchProgress: t('covers.batch.progress', { done: '{done}', total: '{total}' }),
    batchFailed: t('covers.batch.failed', { slug: '{slug}', message: '{message}' }),
    batchDone: t('covers.batch.done', { done: '{done}', total: '{total}', failed: '{failed}' }),
    batchCancelled: t('covers.batch.cancelled', { done: '{done}', total: '{total}' }),
    batchBusy: t('covers.batch.busy'),
    batchStopping: t('covers.batch.stopping'),
    refreshWorking: t('covers.refresh.working'),
    refreshChanged: t('covers.refresh.changed'),
    refreshUnchanged: t('covers.refresh.unchanged'),
  };
}
