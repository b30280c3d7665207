import { Layout } from '../../../layouts/Layout.tsx';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { BookAdminProps } from './types.ts';
import { NoticeLine } from '../shared/NoticeLine.tsx';
import { ScrapeTaskList } from '../scraping/ScrapeTaskList.tsx';
import { BookAiPanel } from '../ai/BookAiPanel.tsx';

/** /admin/books/{slug}: re-scrape, new chapters now, de-duplicate with a preview, edit the metadata, AI suggestions. */
export function BookAdminPage({ ctx, book, tasks, notice, ai }: BookAdminProps): JSX.Element {
  const { t } = ctx;
  const base = `/admin/books/${encodeURIComponent(book.slug)}`;
  return (
    <Layout ctx={ctx} title={book.title} noindex>
      <section class="admin-page">
        <p class="admin-page__back">
          <a href="/admin/books" safe>{t('admin.books.back')}</a>
        </p>
        <h1 safe>{book.title}</h1>
        <p class="admin-page__lead">
          <a href={`/book/${encodeURIComponent(book.slug)}`} safe>{t('admin.books.open')}</a>
          <span safe>{` · ${t('admin.review.chapters', { n: String(book.chapterCount) })} · ${book.sourceUrl ?? t('admin.books.imported')}`}</span>
        </p>
        <NoticeLine notice={notice} />
        <div class="admin-form admin-form--buttons">
          {book.sourceUrl ? (
            <>
              <form method="post" action={`${base}/rescrape`}>
                <button class="button button--quiet" type="submit" safe>{t('admin.books.rescrape')}</button>
              </form>
              <form method="post" action={`${base}/check`}>
                <button class="button button--quiet" type="submit" safe>{t('admin.books.check')}</button>
              </form>
            </>
          ) : (
            ''
          )}
          <a class="button button--quiet" href={`${base}/pronunciations`} safe>
            {t('pron.link')}
          </a>
          <button class="button button--quiet" type="button" hx-get={`${base}/dedup`} hx-target="#dedup-plan" hx-swap="innerHTML" safe>
            {t('admin.books.dedupPreview')}
          </button>
        </div>
        <div id="dedup-plan" class="dedup-plan" aria-live="polite"></div>
        <MetadataForm ctx={ctx} book={book} action={`${base}/metadata`} />
        <BookAiPanel ctx={ctx} facts={ai} />
        {tasks.length ? (
          <>
            <h2 safe>{t('admin.scraping.tasks')}</h2>
            <ScrapeTaskList ctx={ctx} tasks={tasks} highlight={null} />
          </>
        ) : (
          ''
        )}
      </section>
    </Layout>
  );
}

function MetadataForm({ ctx, book, action }: { ctx: PageContext; book: BookAdminProps['book']; action: string }): JSX.Element {
  const { t } = ctx;
  return (
    <form class="admin-form" method="post" action={action}>
      <h2 safe>{t('admin.books.metadata')}</h2>
      <label class="field">
        <span class="field__label" safe>{t('admin.books.title')}</span>
        <input name="title" required maxlength="500" value={book.title} />
      </label>
      <label class="field">
        <span class="field__label" safe>{t('admin.books.author')}</span>
        <input name="author" maxlength="300" value={book.author} />
      </label>
      <label class="field">
        <span class="field__label" safe>{t('admin.books.description')}</span>
        <textarea name="description" rows="5" maxlength="20000" safe>{book.description}</textarea>
      </label>
      <label class="field">
        <span class="field__label" safe>{t('admin.books.status')}</span>
        <select name="status">
          <option value="ongoing" selected={book.status === 'ongoing'} safe>{t('admin.books.ongoing')}</option>
          <option value="completed" selected={book.status === 'completed'} safe>{t('admin.books.completed')}</option>
        </select>
      </label>
      <label class="field">
        <span class="field__label" safe>{t('admin.books.genres')}</span>
        <input name="genres" maxlength="1000" value={book.genres.join(', ')} />
        <span class="field__hint" safe>{t('admin.books.genresHint')}</span>
      </label>
      <button class="button button--primary" type="submit" safe>{t('admin.books.save')}</button>
    </form>
  );
}
