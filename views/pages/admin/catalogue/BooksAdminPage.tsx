import { Layout } from '../../../layouts/Layout.tsx';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';

export interface AdminBookRow {
  slug: string;
  title: string;
  chapterCount: number;
  sourceUrl: string | null;
}

/** /admin/books: find a book, open its admin page. */
export function BooksAdminPage({ ctx, books, query }: { ctx: PageContext; books: readonly AdminBookRow[]; query: string }): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('admin.books.heading')} noindex>
      <section class="admin-page">
        <p class="admin-page__back">
          <a href="/admin" safe>{t('admin.back')}</a>
        </p>
        <h1 safe>{t('admin.books.heading')}</h1>
        <form method="get" action="/admin/books" role="search" class="admin-form admin-form--inline">
          <input type="search" name="q" value={query} maxlength="200" aria-label={t('admin.books.search')} placeholder={t('admin.books.search')} />
          <button class="button button--quiet" type="submit" safe>{t('admin.books.find')}</button>
        </form>
        {books.length === 0 ? (
          <p class="empty-state" safe>{t('admin.books.none')}</p>
        ) : (
          <ul class="admin-books" role="list">
            {books.map((b) => (
              <li>
                <a href={`/admin/books/${encodeURIComponent(b.slug)}`} safe>{b.title}</a>
                <span safe>{` · ${t('admin.review.chapters', { n: String(b.chapterCount) })} · ${b.sourceUrl ? new URL(b.sourceUrl).host : t('admin.books.imported')}`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Layout>
  );
}
